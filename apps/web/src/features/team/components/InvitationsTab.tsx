import { App as AntApp, Button, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@wharf/rules';
import type { Invitation, Role } from '@wharf/contract';
import { localTimeZone, type Language } from '../../../session/language';
import { useInvitations, useRevokeInvitation } from '../hooks';
import { roleLabel } from '../roles';

/** Invitations sent and not yet accepted, with a way to withdraw them. */
export function InvitationsTab({ roles, onInvite }: { roles: readonly Role[]; onInvite: () => void }) {
  const { t, i18n } = useTranslation('team');
  const language = i18n.language as Language;
  const { message } = AntApp.useApp();
  const invitations = useInvitations(true);
  const revoke = useRevokeInvitation();
  const date = (iso: string | null) => (iso ? formatDate(iso, language, localTimeZone()) : '');

  return (
    <Table<Invitation>
      rowKey="invitationId"
      dataSource={invitations.data ?? []}
      loading={invitations.isPending}
      pagination={false}
      locale={{
        emptyText: (
          <Empty description={t('invitations.empty')}>
            <Button type="primary" onClick={onInvite}>
              {t('invite.open')}
            </Button>
          </Empty>
        ),
      }}
      columns={[
        { key: 'email', title: t('fields.email'), dataIndex: 'email' },
        {
          key: 'roles',
          title: t('fields.roles'),
          render: (_: unknown, inv: Invitation) => (
            <Space size={[4, 4]} wrap>
              {inv.roles.map((r) => (
                <Tag key={r} color="blue">
                  {roleLabel(r, t, roles)}
                </Tag>
              ))}
            </Space>
          ),
        },
        { key: 'invitedBy', title: t('invitations.invitedBy'), dataIndex: 'invitedBy' },
        { key: 'createdAt', title: t('invitations.sent'), render: (_: unknown, inv: Invitation) => date(inv.createdAt) },
        { key: 'expiresAt', title: t('invitations.linkExpires'), render: (_: unknown, inv: Invitation) => date(inv.expiresAt) },
        {
          key: 'memberExpiresAt',
          title: t('fields.expiresAt'),
          render: (_: unknown, inv: Invitation) =>
            inv.memberExpiresAt ? date(inv.memberExpiresAt) : <Typography.Text type="secondary">{t('members.noExpiry')}</Typography.Text>,
        },
        {
          key: 'actions',
          title: t('members.actions'),
          render: (_: unknown, inv: Invitation) => (
            <Popconfirm
              title={t('invitations.revokeTitle', { email: inv.email })}
              description={t('invitations.revokeText')}
              okText={t('invitations.revoke')}
              cancelText={t('actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                revoke.mutateAsync(inv.invitationId).then(
                  () => void message.success(t('invitations.revoked', { email: inv.email })),
                  () => undefined,
                )
              }
            >
              <Button size="small" danger aria-label={t('invitations.revokeOf', { email: inv.email })}>
                {t('invitations.revoke')}
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}
