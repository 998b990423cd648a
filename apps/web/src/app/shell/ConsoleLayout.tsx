import type { ReactNode } from 'react';
import { Layout, Menu, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useClientConfig } from '../../features/console';
import { AccountMenu, useMe } from '../../features/accounts/public';
import { usePermissions, canAny, USERS_PAGE_PERMISSIONS } from '../../features/team/public';
import { apiReferencePath } from '@wharf/rules';
import type { FamilyMenuItem } from '../../ui/family-pages';
import { HeaderBrand } from './HeaderBrand';
import { LanguageSwitcher } from './LanguageSwitcher';

/** The signed-in console's frame: the product, the top menu the user's permissions allow, language and account. */
export function ConsoleLayout({ familyMenu = [] }: { familyMenu?: readonly FamilyMenuItem[] }) {
  const { t } = useTranslation();
  const { t: tr } = useTranslation('review');
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  const permissions = usePermissions();
  // Projects and apps are a team's: a person in no team (the operator made at first start) has none to list.
  const inTeam = me.data?.teams.length !== 0;
  const items: Array<{ key: string; label: ReactNode }> = [{ key: '/', label: t('nav.home') }, ...(inTeam ? [{ key: '/projects', label: t('nav.myProjects') }, { key: '/apps', label: t('nav.myApps') }] : [])];
  if (canAny(permissions.map, USERS_PAGE_PERMISSIONS)) items.push({ key: '/team/users', label: t('nav.usersAndPermissions') });
  items.push({ key: '/news', label: t('nav.news') });
  const operatorRoles = me.data?.operatorRoles ?? [];
  for (const entry of familyMenu) if (me.data && entry.show({ operatorRoles, inTeam })) items.push({ key: entry.key, label: entry.label });
  if (operatorRoles.includes('reviewer') || operatorRoles.includes('admin')) items.push({ key: '/review', label: tr('nav') });
  if (operatorRoles.includes('admin')) items.push({ key: '/platform', label: t('nav.platform') });
  // `/support` is not under `/support-desk`: a path counts as under an entry at a `/` only.
  const selected = items.filter((i) => i.key !== '/' && (location.pathname === i.key || location.pathname.startsWith(`${i.key}/`))).map((i) => i.key);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, paddingInline: 24 }}>
        <HeaderBrand />
        <Menu
          theme="dark"
          mode="horizontal"
          aria-label={t('nav.label')}
          selectedKeys={selected.length ? selected : location.pathname === '/' ? ['/'] : []}
          items={items}
          onClick={({ key }) => void navigate(key)}
          style={{ flex: 1, minWidth: 0 }}
        />
        <LanguageSwitcher />
        <AccountMenu />
      </Layout.Header>
      <Outlet />
      <ConsoleFooter />
    </Layout>
  );
}

/** Which server answers, for support requests. */
function ConsoleFooter() {
  const { t } = useTranslation();
  const config = useClientConfig();
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '12px 24px' }}>
      <Typography.Text type="secondary">
        {t('app.name')} · {t('config.serverVersion')} <span>{config.data?.serverVersion ?? '…'}</span> ·{' '}
      </Typography.Text>
      <Typography.Link href={apiReferencePath(window.location.pathname)} target="_blank" rel="noopener noreferrer">
        {t('app.apiReference')}
      </Typography.Link>
    </Layout.Footer>
  );
}

/** Team-level pages (home, lists): centred content without a side menu. */
export function TopLevelFrame() {
  return (
    <Layout.Content style={{ padding: '32px 48px', maxWidth: 1280, width: '100%', margin: '0 auto' }}>
      <Outlet />
    </Layout.Content>
  );
}
