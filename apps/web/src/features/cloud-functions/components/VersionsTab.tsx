import { Button, Empty, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CloudFunction, FunctionVersion } from '@wharf/contract';
import { useAct } from '../../../ui/use-act';
import { useFunctionChanges } from '../api/mutations';
import { useVersions } from '../api/queries';
import { useDisplay } from '../../../session/display';

/** Published versions, newest first, with the aliases that send calls to each. */
export function VersionsTab({ projectId, fn, canManage }: { projectId: string; fn: CloudFunction; canManage: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const act = useAct();
  const versions = useVersions(projectId, fn.functionId);
  const { deleteVersion } = useFunctionChanges(projectId, fn.functionId);
  if (versions.data && versions.data.versions.length === 0) return <Empty description={t('versions.empty')} />;
  return (
    <Table<FunctionVersion>
      rowKey="version"
      loading={versions.isPending}
      dataSource={versions.data?.versions ?? []}
      pagination={false}
      columns={[
        { title: t('versions.version'), dataIndex: 'version', render: (v: number) => t('versions.number', { version: v }) },
        { title: t('fields.description'), dataIndex: 'description' },
        { title: t('fields.memory'), dataIndex: 'memoryMb', render: (m: number) => `${m} MB` },
        { title: t('fields.timeout'), dataIndex: 'timeoutSeconds', render: (s: number) => t('fields.seconds', { count: s }) },
        { title: t('versions.size'), dataIndex: 'codeSize', render: (n: number) => display.size(n) },
        { title: t('versions.aliases'), dataIndex: 'aliases', render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>) },
        { title: t('fields.createdAt'), dataIndex: 'createdAt', render: (at: string) => display.dateTime(at) },
        {
          title: t('fields.actions'),
          key: 'actions',
          render: (_: unknown, v) =>
            canManage && (
              <Popconfirm title={t('versions.deleteConfirm', { version: v.version })} okText={t('actions.delete')} okButtonProps={{ danger: true }} onConfirm={() => act(deleteVersion.mutateAsync(v.version), t('versions.deleted', { version: v.version }))}>
                <Button size="small" danger disabled={v.aliases.length > 0} title={v.aliases.length > 0 ? t('versions.inUse') : undefined}>
                  {t('actions.delete')}
                </Button>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}
