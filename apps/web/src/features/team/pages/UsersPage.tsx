import { useState } from 'react';
import { Button, Flex, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuditLogTab } from '../components/AuditLogTab';
import { InvitationsTab } from '../components/InvitationsTab';
import { InviteDialog } from '../components/InviteDialog';
import { MembersTab } from '../components/MembersTab';
import { RolesTab } from '../components/RolesTab';
import { usePermissions, useRoles } from '../hooks';
import { canAny, USERS_PAGE_PERMISSIONS } from '../permissions';
import { StatusResult } from '../../../ui/StatusResult';
import type { FamilyTab } from '../../../ui/family-pages';

/** Users and permissions: members, pending invitations and roles of the current team, and the tabs families add (API keys). */
export function UsersPage({ familyTabs = [] }: { familyTabs?: readonly FamilyTab[] }) {
  const { t } = useTranslation('team');
  const [params, setParams] = useSearchParams();
  const permissions = usePermissions();
  const roles = useRoles();
  const [inviting, setInviting] = useState(false);

  if (permissions.loading) return <Skeleton active />;
  if (!canAny(permissions.map, USERS_PAGE_PERMISSIONS)) {
    return <StatusResult status="403" title={t('page.noAccessTitle')} subTitle={t('page.noAccess')} />;
  }
  const manageMembers = permissions.can('team.members.manage');
  const manageRoles = permissions.can('team.roles.manage');
  const roleList = roles.data ?? [];
  const openInvite = () => setInviting(true);

  const tabs = [
    ...(manageMembers
      ? [
          { key: 'members', label: t('tabs.members'), children: <MembersTab roles={roleList} canManage onInvite={openInvite} /> },
          { key: 'invitations', label: t('tabs.invitations'), children: <InvitationsTab roles={roleList} onInvite={openInvite} /> },
        ]
      : []),
    { key: 'roles', label: t('tabs.roles'), children: <RolesTab roles={roleList} loading={roles.isPending} canManage={manageRoles} /> },
    ...familyTabs.filter((tab) => permissions.can(tab.permission)).map((tab) => ({ key: tab.key, label: tab.label, children: tab.element })),
    ...(permissions.can('team.audit.read') ? [{ key: 'audit', label: t('tabs.audit'), children: <AuditLogTab /> }] : []),
  ];
  const requested = params.get('tab');
  const active = tabs.some((tab) => tab.key === requested) ? requested! : tabs[0]!.key;

  return (
    <>
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <div>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {t('page.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('page.subtitle')}</Typography.Paragraph>
        </div>
        {manageMembers && (
          <Button type="primary" onClick={openInvite} data-report-click="team.invite">
            {t('invite.open')}
          </Button>
        )}
      </Flex>
      <Tabs activeKey={active} items={tabs} onChange={(key) => setParams({ tab: key }, { replace: true })} />
      <InviteDialog open={inviting} roles={roleList} onClose={() => setInviting(false)} />
    </>
  );
}
