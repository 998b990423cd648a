import { useState } from 'react';
import { App as AntApp, Button, Empty, Flex, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@wharf/rules';
import type { Member, Role } from '@wharf/contract';
import { localTimeZone, type Language } from '../../../session/language';
import { useMembers, useRemoveMember } from '../hooks';
import { needsAppScope, roleLabel } from '../roles';
import { EditMemberDialog } from './EditMemberDialog';
import { ShowMore } from '../../../ui/ShowMore';

/** The team's members with roles, app scope and expiry; edit and remove for managers. */
export function MembersTab({ roles, canManage, onInvite }: { roles: readonly Role[]; canManage: boolean; onInvite: () => void }) {
  const { t, i18n } = useTranslation('team');
  const language = i18n.language as Language;
  const { message } = AntApp.useApp();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Member | null>(null);
  const members = useMembers(search, canManage);
  const remove = useRemoveMember();
  const rows = members.data?.pages.flatMap((p) => p.items) ?? [];
  const total = members.data?.pages[0]?.total;
  const date = (iso: string | null) => (iso ? formatDate(iso, language, localTimeZone()) : '');

  const columns = [
    {
      key: 'member',
      title: t('members.member'),
      render: (_: unknown, m: Member) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Typography.Text strong>{m.displayName}</Typography.Text>
            {m.isAccountHolder && <Tag color="gold">{t('roles.builtIn.accountHolder')}</Tag>}
          </Space>
          <Typography.Text type="secondary">{m.email}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'roles',
      title: t('fields.roles'),
      render: (_: unknown, m: Member) => (
        <Space size={[4, 4]} wrap>
          {m.roles
            .filter((r) => r !== 'accountHolder')
            .map((r) => (
              <Tag key={r} color="blue">
                {roleLabel(r, t, roles)}
              </Tag>
            ))}
        </Space>
      ),
    },
    {
      key: 'apps',
      title: t('fields.apps'),
      render: (_: unknown, m: Member) =>
        needsAppScope(m.roles) && m.appIds.length > 0 ? (
          <Space size={[4, 4]} wrap>
            {m.appIds.map((id) => (
              <Tag key={id}>{id}</Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('members.allApps')}</Typography.Text>
        ),
    },
    {
      key: 'expiresAt',
      title: t('fields.expiresAt'),
      render: (_: unknown, m: Member) =>
        m.expired ? (
          <Tag color="red">{t('members.expiredOn', { date: date(m.expiresAt) })}</Tag>
        ) : m.expiresAt ? (
          date(m.expiresAt)
        ) : (
          <Typography.Text type="secondary">{t('members.noExpiry')}</Typography.Text>
        ),
    },
    { key: 'joinedAt', title: t('members.joined'), render: (_: unknown, m: Member) => date(m.joinedAt) },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('members.actions'),
            render: (_: unknown, m: Member) =>
              m.isAccountHolder ? null : (
                <Space>
                  <Button size="small" onClick={() => setEditing(m)} aria-label={t('members.editOf', { name: m.displayName })}>
                    {t('actions.edit')}
                  </Button>
                  <Popconfirm
                    title={t('members.removeTitle', { name: m.displayName })}
                    description={t('members.removeText')}
                    okText={t('actions.remove')}
                    cancelText={t('actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      remove.mutateAsync(m.userId).then(
                        () => void message.success(t('members.removed', { name: m.displayName })),
                        () => undefined,
                      )
                    }
                  >
                    <Button size="small" danger aria-label={t('members.removeOf', { name: m.displayName })}>
                      {t('actions.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }} gap="middle" wrap>
        <Input.Search
          allowClear
          placeholder={t('members.search')}
          aria-label={t('members.search')}
          onSearch={(value) => setSearch(value.trim())}
          style={{ maxWidth: 320 }}
        />
        {total !== undefined && <Typography.Text type="secondary">{t('members.count', { count: total })}</Typography.Text>}
      </Flex>
      <Table<Member>
        rowKey="userId"
        columns={columns}
        dataSource={rows}
        loading={members.isPending && canManage}
        pagination={false}
        locale={{
          emptyText: (
            <Empty description={search ? t('members.noMatch', { search }) : t('members.empty')}>
              {canManage && !search && (
                <Button type="primary" onClick={onInvite}>
                  {t('invite.open')}
                </Button>
              )}
            </Empty>
          ),
        }}
      />
      <ShowMore list={members}>{t('members.more')}</ShowMore>
      <EditMemberDialog member={editing} roles={roles} onClose={() => setEditing(null)} />
    </>
  );
}
