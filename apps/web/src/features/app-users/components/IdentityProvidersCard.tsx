import { useState } from 'react';
import { Button, Card, Empty, Flex, Popconfirm, Select, Skeleton, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IdentityProvider } from '@wharf/contract';
import { useDeleteIdentityProvider, useSaveIdentityProvider, useSetRedirectUris } from '../api/mutations';
import { useIdentityProviders } from '../api/queries';
import { IdentityProviderDialog } from './IdentityProviderDialog';
import { useAct } from '../../../ui/use-act';

/**
 * OpenID Connect providers (a company's Keycloak, Google, Microsoft Entra...): the callback
 * URL to register at each, the providers with their switches, and the app addresses a
 * provider sign-in may return to.
 */
export function IdentityProvidersCard({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation('app-users');
  const settings = useIdentityProviders(projectId);
  const save = useSaveIdentityProvider(projectId);
  const remove = useDeleteIdentityProvider(projectId);
  const setUris = useSetRedirectUris(projectId);
  const [editing, setEditing] = useState<IdentityProvider | 'new' | null>(null);
  const [uris, setUrisDraft] = useState<string[] | null>(null);

  const act = useAct();

  if (!settings.data) {
    return (
      <Card title={t('providers.title')}>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  const { providers, redirectUris, callbackUrl } = settings.data;
  const shownUris = uris ?? redirectUris;
  return (
    <Card
      title={t('providers.title')}
      extra={
        canManage && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('providers.add')}
          </Button>
        )
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('providers.text')}</Typography.Text>
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('providers.callbackUrl')}</Typography.Text>
          <Typography.Text code copyable aria-label={t('providers.callbackUrl')}>
            {callbackUrl}
          </Typography.Text>
        </Flex>
        <Table<IdentityProvider>
          rowKey="providerId"
          size="small"
          dataSource={providers}
          pagination={false}
          scroll={{ x: 800 }}
          locale={{ emptyText: <Empty description={t('providers.empty')} /> }}
          columns={[
            { key: 'name', title: t('providers.name'), render: (_, p) => <Flex vertical><Typography.Text strong>{p.name}</Typography.Text><Typography.Text type="secondary">{p.providerId}</Typography.Text></Flex> },
            { key: 'issuer', title: t('providers.issuer'), render: (_, p) => <Typography.Text style={{ wordBreak: 'break-all' }}>{p.issuer}</Typography.Text> },
            { key: 'client', title: t('providers.clientId'), render: (_, p) => <Flex vertical><Typography.Text>{p.clientId}</Typography.Text><Typography.Text type="secondary">{t('providers.secretEnds', { hint: p.secretHint || '••••' })}</Typography.Text></Flex> },
            {
              key: 'enabled',
              title: t('providers.enabled'),
              render: (_, p) => (
                <Switch
                  checked={p.enabled}
                  disabled={!canManage}
                  aria-label={t('providers.switch', { name: p.name })}
                  onChange={(on) => void act(save.mutateAsync({ providerId: p.providerId, name: p.name, issuer: p.issuer, clientId: p.clientId, scopes: p.scopes, enabled: on }), t(on ? 'methods.turnedOn' : 'methods.turnedOff', { method: p.name }))}
                />
              ),
            },
            {
              key: 'actions',
              title: t('users.actions'),
              render: (_, p) =>
                canManage && (
                  <Flex gap="small">
                    <Button size="small" onClick={() => setEditing(p)}>
                      {t('providers.edit')}
                    </Button>
                    <Popconfirm title={t('providers.deleteConfirm', { name: p.name })} okText={t('users.delete')} cancelText={t('users.cancel')} okButtonProps={{ danger: true }} onConfirm={() => act(remove.mutateAsync(p.providerId), t('providers.deleted', { name: p.name }))}>
                      <Button size="small" danger>
                        {t('users.delete')}
                      </Button>
                    </Popconfirm>
                  </Flex>
                ),
            },
          ]}
        />
        <Flex vertical gap={4}>
          <Typography.Text strong id="redirect-uris">
            {t('providers.redirectUris')}
          </Typography.Text>
          <Typography.Text type="secondary">{t('providers.redirectUrisText')}</Typography.Text>
          <Flex gap="small" wrap>
            <Select
              mode="tags"
              aria-labelledby="redirect-uris"
              style={{ flex: 1, minWidth: 320 }}
              value={shownUris}
              disabled={!canManage}
              tokenSeparators={[' ', ',']}
              open={false}
              placeholder={t('providers.redirectUrisPlaceholder')}
              onChange={(v: string[]) => setUrisDraft(v)}
            />
            {canManage && (
              <Button disabled={uris === null} loading={setUris.isPending} onClick={() => void act(setUris.mutateAsync(shownUris), t('providers.redirectUrisSaved')).then((ok) => ok && setUrisDraft(null))}>
                {t('providers.save')}
              </Button>
            )}
          </Flex>
        </Flex>
      </Flex>
      {editing && (
        <IdentityProviderDialog
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(draft) => act(save.mutateAsync(draft), t('providers.saved', { name: draft.name })).then((ok) => ok && setEditing(null))}
          saving={save.isPending}
        />
      )}
    </Card>
  );
}
