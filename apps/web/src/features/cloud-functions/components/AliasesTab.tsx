import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CloudFunction, FunctionAlias } from '@wharf/contract';
import { useAct } from '../../../ui/use-act';
import { useFunctionChanges } from '../api/mutations';
import { useAliases, useVersions } from '../api/queries';
import { AliasDialog } from './AliasDialog';

/** Aliases: a stable address for a version, or a split of calls between two by weight. */
export function AliasesTab({ projectId, fn, canManage }: { projectId: string; fn: CloudFunction; canManage: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const act = useAct();
  const aliases = useAliases(projectId, fn.functionId);
  const versions = useVersions(projectId, fn.functionId);
  const { deleteAlias } = useFunctionChanges(projectId, fn.functionId);
  const [editing, setEditing] = useState<FunctionAlias | 'new' | null>(null);
  const numbers = (versions.data?.versions ?? []).map((v) => v.version);
  const split = (a: FunctionAlias) =>
    a.additionalVersion === null
      ? t('versions.number', { version: a.version })
      : t('aliases.split', { version: a.version, weight: 100 - a.additionalWeight, additional: a.additionalVersion, additionalWeight: a.additionalWeight });
  return (
    <Flex vertical gap="middle">
      {canManage && (
        <div>
          <Button type="primary" onClick={() => setEditing('new')} disabled={numbers.length === 0}>
            {t('aliases.new')}
          </Button>
        </div>
      )}
      {aliases.data?.aliases.length === 0 ? (
        <Empty description={t(numbers.length === 0 ? 'aliases.emptyNoVersion' : 'aliases.empty')} />
      ) : (
        <Table<FunctionAlias>
          rowKey="name"
          loading={aliases.isPending}
          dataSource={aliases.data?.aliases ?? []}
          pagination={false}
          columns={[
            { title: t('aliases.name'), dataIndex: 'name' },
            { title: t('aliases.sendsTo'), key: 'split', render: (_: unknown, a) => split(a) },
            { title: t('aliases.url'), dataIndex: 'url', render: (url: string) => <Typography.Text code copyable>{url}</Typography.Text> },
            { title: t('fields.description'), dataIndex: 'description' },
            {
              title: t('fields.actions'),
              key: 'actions',
              render: (_: unknown, a) =>
                canManage && (
                  <Space>
                    <Button size="small" onClick={() => setEditing(a)}>
                      {t('actions.edit')}
                    </Button>
                    <Popconfirm title={t('aliases.deleteConfirm', { name: a.name })} okText={t('actions.delete')} okButtonProps={{ danger: true }} onConfirm={() => act(deleteAlias.mutateAsync(a.name), t('aliases.deleted', { name: a.name }))}>
                      <Button size="small" danger>
                        {t('actions.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
            },
          ]}
        />
      )}
      {editing && <AliasDialog projectId={projectId} fn={fn} alias={editing === 'new' ? null : editing} versions={numbers} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
