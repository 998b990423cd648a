import { useState } from 'react';
import { Button, Card, Empty, Flex, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { appUsersApi, type AppUser } from '@wharf/contract';
import { ShowMore } from '../../../ui/ShowMore';
import { useDeleteAppUser, useRevokeAppUserSessions, useSetAppUserDisabled } from '../api/mutations';
import { useAppUsers, useIdentityProviders } from '../api/queries';
import { useAct } from '../../../ui/use-act';
import { useDisplay } from '../../../session/display';

const builtIn = new Set<string>(appUsersApi.AUTH_PROVIDERS);

/** The project's app users: search, state, and what the console may do to them. */
export function AppUsersTable({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation('app-users');
  const display = useDisplay();
  const [search, setSearch] = useState('');
  const list = useAppUsers(projectId, search);
  const setDisabled = useSetAppUserDisabled(projectId);
  const revoke = useRevokeAppUserSessions(projectId);
  const remove = useDeleteAppUser(projectId);
  const users = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const nameOf = (u: AppUser) => u.email ?? u.phone ?? t('users.anonymous');
  const providerNames = new Map((useIdentityProviders(projectId).data?.providers ?? []).map((p) => [p.providerId, p.name]));

  const act = useAct();

  return (
    <Card title={t('users.title')} extra={list.data && <Typography.Text type="secondary">{t('users.count', { count: total })}</Typography.Text>}>
      <Input.Search allowClear placeholder={t('users.search')} aria-label={t('users.search')} onSearch={(v) => setSearch(v.trim())} style={{ maxWidth: 420, marginBottom: 16 }} />
      <Table<AppUser>
        rowKey="appUserId"
        size="small"
        loading={list.isPending}
        dataSource={users}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={search ? t('users.noMatch') : t('users.empty')} /> }}
        columns={[
          {
            key: 'user',
            title: t('users.user'),
            render: (_, u) => (
              <Space orientation="vertical" size={0}>
                <Space size={4} wrap>
                  <Typography.Text strong>{nameOf(u)}</Typography.Text>
                  {u.email && !u.emailVerified && <Tag>{t('users.unverified')}</Tag>}
                </Space>
                <Typography.Text type="secondary" copyable={{ text: u.appUserId }} style={{ fontSize: 12 }}>
                  {u.appUserId}
                </Typography.Text>
              </Space>
            ),
          },
          { key: 'providers', title: t('users.providers'), render: (_, u) => u.providers.map((p) => <Tag key={p}>{builtIn.has(p) ? t(`methods.${p}.name`) : (providerNames.get(p) ?? p)}</Tag>) },
          { key: 'created', title: t('users.createdAt'), render: (_, u) => display.dateTime(u.createdAt) },
          { key: 'lastSignIn', title: t('users.lastSignInAt'), render: (_, u) => display.dateTime(u.lastSignInAt) },
          { key: 'state', title: t('users.state'), render: (_, u) => (u.disabled ? <Tag color="red">{t('users.disabled')}</Tag> : <Tag color="green">{t('users.enabled')}</Tag>) },
          {
            key: 'actions',
            title: t('users.actions'),
            render: (_, u) =>
              canManage && (
                <Flex gap="small" wrap>
                  <Button size="small" onClick={() => void act(setDisabled.mutateAsync({ appUserId: u.appUserId, disabled: !u.disabled }), t(u.disabled ? 'users.enabledNow' : 'users.disabledNow', { name: nameOf(u) }))}>
                    {u.disabled ? t('users.enable') : t('users.disable')}
                  </Button>
                  <Popconfirm title={t('users.revokeConfirm', { name: nameOf(u) })} okText={t('users.revoke')} cancelText={t('users.cancel')} onConfirm={() => act(revoke.mutateAsync(u.appUserId), t('users.revoked', { name: nameOf(u) }))}>
                    <Button size="small">{t('users.revoke')}</Button>
                  </Popconfirm>
                  <Popconfirm title={t('users.deleteConfirm', { name: nameOf(u) })} okText={t('users.delete')} cancelText={t('users.cancel')} okButtonProps={{ danger: true }} onConfirm={() => act(remove.mutateAsync(u.appUserId), t('users.deleted', { name: nameOf(u) }))}>
                    <Button size="small" danger>
                      {t('users.delete')}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
          },
        ]}
      />
      <ShowMore list={list}>{t('users.more')}</ShowMore>
    </Card>
  );
}
