import { Button, Card, Empty, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnalyticsExport, ReportTemplate } from '@wharf/contract';
import { useDownloadExport } from '../api/reports';
import { useDisplay } from '../../../session/display';

interface TemplateProps {
  templates: readonly ReportTemplate[];
  canManage: boolean;
  busy: boolean;
  onRun: (t: ReportTemplate) => void;
  onEdit: (t: ReportTemplate) => void;
  onDelete: (t: ReportTemplate) => void;
}

/** Saved reports: the caller's own and the team's shared ones, run with one click. */
export function TemplateList({ templates, canManage, busy, onRun, onEdit, onDelete }: TemplateProps) {
  const { t } = useTranslation('analytics');
  const display = useDisplay();
  const editable = (x: ReportTemplate) => x.mine || (x.shared && canManage);
  return (
    <Card title={t('reports.templates')}>
      {templates.length === 0 ? (
        <Empty description={t('reports.noTemplates')} />
      ) : (
        <Table
          size="small"
          rowKey="templateId"
          data-testid="report-templates"
          pagination={false}
          dataSource={templates}
          columns={[
            { title: t('reports.name'), dataIndex: 'name', render: (name: string, x) => (<Space>{name}{x.shared && <Tag>{t('reports.sharedTag')}</Tag>}</Space>) },
            { title: t('reports.rows'), render: (_, x) => (x.definition.dimension === 'property' ? `${t('reports.dimension.property')}: ${x.definition.property}` : t(`reports.dimension.${x.definition.dimension}`)) },
            { title: t('reports.rangeDays'), dataIndex: 'rangeDays', render: (n: number) => t('range.last', { count: n }) },
            {
              title: t('reports.schedule'),
              render: (_, x) => (x.nextRunAt ? t('reports.nextRun', { schedule: t(`reports.schedules.${x.schedule}`), at: display.dateTime(x.nextRunAt) }) : t('reports.schedules.off')),
            },
            { title: t('reports.owner'), dataIndex: 'ownerName' },
            {
              title: '',
              align: 'right',
              render: (_, x) => (
                <Space>
                  <Button size="small" type="primary" ghost loading={busy} onClick={() => onRun(x)} aria-label={t('reports.runNamed', { name: x.name })}>
                    {t('reports.run')}
                  </Button>
                  {editable(x) && (
                    <Button size="small" onClick={() => onEdit(x)}>
                      {t('reports.edit')}
                    </Button>
                  )}
                  {editable(x) && (
                    <Popconfirm title={t('reports.deleteConfirm', { name: x.name })} okText={t('reports.delete')} okButtonProps={{ danger: true }} onConfirm={() => onDelete(x)}>
                      <Button size="small" danger>
                        {t('reports.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** The caller's exports: progress while they are made, then the file. */
export function ExportList({ appId, exports }: { appId: string; exports: readonly AnalyticsExport[] }) {
  const { t } = useTranslation('analytics');
  const display = useDisplay();
  const download = useDownloadExport(appId);
  return (
    <Card title={t('reports.exports')}>
      {exports.length === 0 ? (
        <Empty description={t('reports.noExports')} />
      ) : (
        <Table
          size="small"
          rowKey="exportId"
          data-testid="analytics-exports"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={exports}
          columns={[
            { title: t('reports.name'), dataIndex: 'name', render: (name: string, x) => (<Space>{name}{x.scheduled && <Tag color="blue">{t('reports.scheduledTag')}</Tag>}</Space>) },
            { title: t('reports.range'), render: (_, x) => `${x.from} – ${x.to}` },
            { title: t('reports.format'), dataIndex: 'format', render: (f: string) => f.toUpperCase() },
            {
              title: t('reports.state'),
              width: 220,
              render: (_, x) =>
                x.state === 'done' ? (
                  <Typography.Text>{t('reports.done', { rows: display.number(x.rows ?? 0), size: display.size(x.size ?? 0) })}</Typography.Text>
                ) : x.state === 'failed' ? (
                  <Typography.Text type="danger">{x.error}</Typography.Text>
                ) : (
                  <Progress percent={x.progress} size="small" status="active" aria-label={t('reports.making', { name: x.name })} />
                ),
            },
            { title: t('reports.created'), dataIndex: 'createdAt', render: (at: string) => display.dateTime(at) },
            {
              title: '',
              align: 'right',
              render: (_, x) =>
                x.state === 'done' ? (
                  <Button size="small" type="link" loading={download.isPending && download.variables?.exportId === x.exportId} onClick={() => download.mutate(x)} aria-label={t('reports.downloadNamed', { name: x.name })}>
                    {t('reports.download')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
}
