import { Descriptions, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '../../../session/display';
import type { useDatabase } from '../hooks';

type Detail = NonNullable<ReturnType<typeof useDatabase>['data']>['database'];

/** Base info: where it is, how big, how busy, what it holds. */
export function OverviewTab({ database: d }: { database: Detail }) {
  const { t } = useTranslation('databases');
  const display = useDisplay();
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('overview.server')}>{`PostgreSQL ${d.serverVersion}`}</Descriptions.Item>
        <Descriptions.Item label={t('overview.address')}>
          <Typography.Text code copyable>{`${d.host}:${d.port}/${d.pgName}`}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('list.size')}>{t('list.sizeOf', { size: display.size(d.sizeBytes ?? 0), quota: display.size(d.sizeQuotaBytes) })}</Descriptions.Item>
        <Descriptions.Item label={t('list.connections')}>{t('list.connectionsOf', { n: d.connections ?? 0, limit: d.connectionLimit })}</Descriptions.Item>
        <Descriptions.Item label={t('overview.schemas')}>{d.schemas.map((s) => <Tag key={s}>{s}</Tag>)}</Descriptions.Item>
        <Descriptions.Item label={t('overview.extensions')}>{d.extensions.map((e) => <Tag key={e.name}>{`${e.name} ${e.version}`}</Tag>)}</Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey={(r) => `${r.schema}.${r.name}`}
        dataSource={d.tables}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: t('overview.noTables') }}
        columns={[
          { key: 'schema', title: t('accounts.schema'), dataIndex: 'schema' },
          { key: 'name', title: t('overview.table'), dataIndex: 'name' },
          { key: 'rows', title: t('overview.rows'), render: (_, r) => (r.rows === null ? '—' : display.number(r.rows)) },
          { key: 'size', title: t('list.size'), render: (_, r) => display.size(r.sizeBytes) },
        ]}
      />
    </>
  );
}
