import { Layout, Menu, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { AccountMenu } from '../../features/accounts/components/AccountMenu';
import { useMe } from '../../features/accounts/hooks';
import { usePermissions } from '../../features/team/hooks';
import { canAny, USERS_PAGE_PERMISSIONS } from '../../features/team/permissions';

/** The console's frame: the product, the menu the user's permissions allow, the account menu. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  useMe();
  const permissions = usePermissions();
  const items = [{ key: '/', label: t('nav.home') }];
  if (canAny(permissions.map, USERS_PAGE_PERMISSIONS)) items.push({ key: '/team/users', label: t('nav.usersAndPermissions') });
  const selected = items.filter((i) => i.key !== '/' && location.pathname.startsWith(i.key)).map((i) => i.key);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
        <Link to="/">
          <Typography.Text strong style={{ color: '#fff', fontSize: 20, whiteSpace: 'nowrap' }}>
            {t('app.name')}
          </Typography.Text>
        </Link>
        <Menu
          theme="dark"
          mode="horizontal"
          aria-label={t('nav.label')}
          selectedKeys={selected.length ? selected : location.pathname === '/' ? ['/'] : []}
          items={items}
          onClick={({ key }) => void navigate(key)}
          style={{ flex: 1, minWidth: 0 }}
        />
        <AccountMenu />
      </Layout.Header>
      <Layout.Content style={{ padding: '32px 48px', maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
