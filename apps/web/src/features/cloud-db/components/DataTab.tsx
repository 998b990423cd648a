import { useMemo, useState } from 'react';
import { App as AntApp, Button, Empty, Flex, Select, Skeleton, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ObjectType } from '@wharf/contract';
import { useAct } from '../../../ui/use-act';
import { useRemoveDocuments, useWriteDocuments } from '../api/mutations';
import { useDocuments, useObjectTypes, type BrowseQuery } from '../api/queries';
import { DocumentDialog } from './DocumentDialog';
import { FilterBar } from './FilterBar';
import { Transfers } from './Transfers';
import { textOfValue } from './values';
import { useDisplay } from '../../../session/display';

interface Props {
  projectId: string;
  canManage: boolean;
}

type Doc = Record<string, unknown>;
const keyOf = (type: ObjectType, d: Doc) => JSON.stringify(type.fields.filter((f) => f.belongPrimaryKey).map((f) => d[f.fieldName]));

/** Browse one object type's documents in one zone: filter, order, page, add, change and delete them. */
export function DataTab({ projectId, canManage }: Props) {
  const { t } = useTranslation('cloud-db');
  const list = useObjectTypes(projectId);
  const [search, setSearch] = useSearchParams();
  const zones = list.data?.zones ?? [];
  const types = list.data?.objectTypes ?? [];
  const zoneName = zones.find((z) => z.zoneName === search.get('zone'))?.zoneName ?? zones[0]?.zoneName ?? '';
  const type = types.find((o) => o.objectTypeName === search.get('type')) ?? types[0];
  const choose = (key: 'zone' | 'type', value: string) => setSearch((s) => (s.set(key, value), s), { replace: true });

  if (!list.data) return <Skeleton active />;
  if (!zones.length || !type) return <Empty data-testid="data-empty" description={t(!zones.length ? 'data.noZone' : 'data.noType')} />;
  return (
    <Flex vertical gap="middle">
      <Space wrap>
        <Select aria-label={t('data.zone')} value={zoneName} style={{ width: 200 }} options={zones.map((z) => ({ value: z.zoneName, label: z.zoneName }))} onChange={(v) => choose('zone', v)} />
        <Select aria-label={t('data.objectType')} value={type.objectTypeName} style={{ width: 240 }} options={types.map((o) => ({ value: o.objectTypeName, label: o.objectTypeName }))} onChange={(v) => choose('type', v)} />
      </Space>
      <Documents key={`${zoneName}/${type.objectTypeName}/${type.revision}`} projectId={projectId} zoneName={zoneName} type={type} canManage={canManage} />
    </Flex>
  );
}

function Documents({ projectId, zoneName, type, canManage }: { projectId: string; zoneName: string; type: ObjectType; canManage: boolean }) {
  const { t } = useTranslation('cloud-db');
  const display = useDisplay();
  const { modal } = AntApp.useApp();
  const act = useAct();
  const [query, setQuery] = useState<BrowseQuery>({ where: [], orderBy: [] });
  const docs = useDocuments(projectId, zoneName, type.objectTypeName, query);
  const write = useWriteDocuments(projectId);
  const remove = useRemoveDocuments(projectId);
  const [editing, setEditing] = useState<Doc | null | undefined>(undefined);
  const [selected, setSelected] = useState<string[]>([]);
  const at = { zoneName, objectTypeName: type.objectTypeName };
  const rows = useMemo(() => docs.data?.pages.flatMap((p) => p.objects) ?? [], [docs.data]);
  const total = docs.data?.pages[0]?.total;

  const save = async (doc: Doc) => {
    if (await act(write.mutateAsync({ at, objects: [doc] }), t('data.saved'))) setEditing(undefined);
  };
  const deleteSelected = () =>
    modal.confirm({
      title: t('data.deleteTitle', { count: selected.length }),
      okText: t('data.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        const keys = type.fields.filter((f) => f.belongPrimaryKey).map((f) => f.fieldName);
        const objects = rows.filter((r) => selected.includes(keyOf(type, r))).map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));
        if (await act(remove.mutateAsync({ at, objects }), t('data.deleted', { count: objects.length }))) setSelected([]);
      },
    });

  return (
    <Flex vertical gap="middle">
      <Transfers projectId={projectId} zoneName={zoneName} objectTypeName={type.objectTypeName} canManage={canManage} />
      <FilterBar type={type} onApply={setQuery} />
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text data-testid="data-total">{total === undefined ? '' : t('data.total', { count: display.number(total) })}</Typography.Text>
        {canManage && (
          <Space>
            <Button onClick={() => setEditing(null)}>{t('data.add')}</Button>
            <Button danger disabled={!selected.length} onClick={deleteSelected}>{t('data.deleteSelected', { count: selected.length })}</Button>
          </Space>
        )}
      </Flex>
      <Table<Doc>
        size="small"
        loading={docs.isFetching && !docs.isFetchingNextPage}
        rowKey={(d) => keyOf(type, d)}
        pagination={false}
        scroll={{ x: true }}
        dataSource={rows}
        locale={{ emptyText: t(query.where.length ? 'data.noMatch' : 'data.none') }}
        rowSelection={canManage ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined}
        columns={[
          ...type.fields.map((f) => ({
            title: f.fieldName,
            key: f.fieldName,
            ellipsis: true,
            render: (_: unknown, d: Doc) => (d[f.fieldName] === null || d[f.fieldName] === undefined ? <Typography.Text type="secondary">null</Typography.Text> : textOfValue(d[f.fieldName])),
          })),
          ...(canManage ? [{ title: '', key: 'edit', fixed: 'right' as const, render: (_: unknown, d: Doc) => <Button type="link" onClick={() => setEditing(d)}>{t('data.edit')}</Button> }] : []),
        ]}
      />
      {docs.hasNextPage && (
        <Button loading={docs.isFetchingNextPage} onClick={() => void docs.fetchNextPage()}>
          {t('data.more')}
        </Button>
      )}
      {editing !== undefined && <DocumentDialog type={type} document={editing} saving={write.isPending} onSave={(d) => void save(d)} onClose={() => setEditing(undefined)} />}
    </Flex>
  );
}
