import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Skeleton, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '@wharf/contract';
import { useCreateKey, useDeleteApiClient, useDeleteKey } from '../api/mutations';
import { useApiClients } from '../api/queries';
import { CreateClientDialog } from './CreateClientDialog';
import { GrantsDialog } from './GrantsDialog';
import { ResetSecretDialog } from './ResetSecretDialog';
import { ShownOnceDialog, saveKeyFile, type ShownOnce } from './ShownOnceDialog';
import { useDisplay } from '../../../session/display';

/** Users and permissions → API keys: the team's API clients and service accounts, for CI and servers calling the Connect API. */
export function ApiKeysTab() {
  const { t } = useTranslation('api-clients');
  const display = useDisplay();
  const list = useApiClients();
  const remove = useDeleteApiClient();
  const addKey = useCreateKey();
  const removeKey = useDeleteKey();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<ApiClient | null>(null);
  const [granting, setGranting] = useState<ApiClient | null>(null);
  const [shown, setShown] = useState<ShownOnce | null>(null);
  const items = list.data?.items ?? [];
  const used = (at: string | null) => (at ? display.dateTime(at) : t('fields.neverUsed'));

  const newKey = async (client: ApiClient) => {
    try {
      const { keyFile } = await addKey.mutateAsync(client.clientId);
      saveKeyFile(keyFile);
      setShown({ clientId: client.clientId, name: client.name, keyFile });
    } catch {
      // the request layer showed the reason
    }
  };

  return (
    <>
      <Flex justify="space-between" align="center" gap="middle" wrap style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('tab.lead')}</Typography.Text>
        <Button type="primary" onClick={() => setCreating(true)} data-report-click="apiClients.create">
          {t('tab.create')}
        </Button>
      </Flex>
      {list.isPending ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={t('tab.empty')}>
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('tab.create')}
          </Button>
        </Empty>
      ) : (
        <Table<ApiClient>
          rowKey="clientId"
          dataSource={items}
          pagination={false}
          scroll={{ x: true }}
          expandable={{
            rowExpandable: (c) => c.type === 'service-account',
            expandedRowRender: (c) => (
              <Table
                rowKey="keyId"
                size="small"
                pagination={false}
                dataSource={c.keys}
                locale={{ emptyText: t('keys.none') }}
                columns={[
                  { title: t('keys.id'), dataIndex: 'keyId', render: (id: string) => <Typography.Text code copyable>{id}</Typography.Text> },
                  { title: t('fields.createdAt'), dataIndex: 'createdAt', render: (at: string) => display.dateTime(at) },
                  { title: t('fields.lastUsed'), dataIndex: 'lastUsedAt', render: used },
                  {
                    key: 'revoke',
                    render: (_: unknown, k: { keyId: string }) => (
                      <Popconfirm title={t('keys.revokeConfirm')} okText={t('actions.revoke')} okButtonProps={{ danger: true }} onConfirm={() => removeKey.mutateAsync({ clientId: c.clientId, keyId: k.keyId })}>
                        <Button size="small" danger>
                          {t('actions.revoke')}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]}
              />
            ),
          }}
          columns={[
            { title: t('fields.name'), dataIndex: 'name' },
            { title: t('fields.type'), dataIndex: 'type', render: (type: ApiClient['type']) => t(`type.${type}`) },
            { title: t('fields.role'), dataIndex: 'role', render: (role: ApiClient['role']) => <Tag>{t(`role.${role}`)}</Tag> },
            { title: t('fields.level'), key: 'level', render: (_: unknown, c) => c.projectName ?? t('level.team') },
            { title: t('fields.clientId'), dataIndex: 'clientId', render: (id: string) => <Typography.Text copyable>{id}</Typography.Text> },
            {
              title: t('fields.secret'),
              key: 'secret',
              render: (_: unknown, c) =>
                c.type === 'service-account' ? (
                  t('keys.count', { count: c.keys.length })
                ) : (
                  <Space orientation="vertical" size={0}>
                    <Typography.Text code>{`••••${c.secretHint}`}</Typography.Text>
                    {c.previousSecretUntil && <Typography.Text type="warning">{t('fields.previousUntil', { time: display.dateTime(c.previousSecretUntil) })}</Typography.Text>}
                  </Space>
                ),
            },
            { title: t('fields.lastUsed'), dataIndex: 'lastUsedAt', render: used },
            {
              title: t('fields.actions'),
              key: 'actions',
              render: (_: unknown, c) => (
                <Space wrap>
                  {c.type === 'service-account' ? (
                    <Tooltip title={t('keys.addHelp')}>
                      <Button size="small" loading={addKey.isPending && addKey.variables === c.clientId} onClick={() => void newKey(c)}>
                        {t('actions.addKey')}
                      </Button>
                    </Tooltip>
                  ) : (
                    <Button size="small" onClick={() => setResetting(c)}>
                      {t('actions.resetSecret')}
                    </Button>
                  )}
                  <Button size="small" onClick={() => setGranting(c)}>
                    {t('actions.apps')}
                  </Button>
                  <Popconfirm title={t('actions.revokeConfirm', { name: c.name })} description={t('actions.revokeText')} okText={t('actions.revoke')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(c.clientId)}>
                    <Button size="small" danger>
                      {t('actions.revoke')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      <CreateClientDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          if (created.keyFile) saveKeyFile(created.keyFile);
          setShown({ clientId: created.client.clientId, name: created.client.name, clientSecret: created.clientSecret, keyFile: created.keyFile });
        }}
      />
      <ResetSecretDialog
        client={resetting}
        onClose={() => setResetting(null)}
        onReset={(s) => {
          setResetting(null);
          setShown(s);
        }}
      />
      <GrantsDialog client={granting} onClose={() => setGranting(null)} />
      <ShownOnceDialog shown={shown} onClose={() => setShown(null)} />
    </>
  );
}

/** The tab's label, in the family's own strings. */
export function ApiKeysLabel() {
  const { t } = useTranslation('api-clients');
  return <>{t('tab.title')}</>;
}
