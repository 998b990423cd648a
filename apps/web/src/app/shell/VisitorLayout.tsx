import { Button, Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useSessionVersion } from '../../session/changes';
import { isSignedIn } from '../../session/session';
import { ConsoleLayout } from './ConsoleLayout';
import { HeaderBrand } from './HeaderBrand';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * Pages anyone may read (service news, the demo project): inside the console's frame for
 * a signed-in user, else under a visitor's header with the language and a way to sign in.
 */
export function VisitorOrConsoleLayout() {
  useSessionVersion();
  if (isSignedIn()) return <ConsoleLayout />;
  return <VisitorLayout />;
}

export function VisitorLayout() {
  const { t: tAccounts } = useTranslation('accounts');
  const location = useLocation();
  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, paddingInline: 24 }}>
        <HeaderBrand />
        <Space style={{ marginInlineStart: 'auto' }}>
          <VisitorLinks />
          <LanguageSwitcher />
          <Link to={`/login?redirect=${redirect}`}>
            <Button>{tAccounts('signIn.submit')}</Button>
          </Link>
          <Link to="/register">
            <Button type="primary">{tAccounts('signUp.submit')}</Button>
          </Link>
        </Space>
      </Layout.Header>
      <Outlet />
    </Layout>
  );
}

const VISITOR_LINKS = [
  ['/store', 'nav.store'],
  ['/demoProject', 'nav.demoProject'],
  ['/news', 'nav.news'],
] as const;

/** What a signed-out visitor may look at without an account: the store, the demo project, the service news. */
export function VisitorLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.visitor')}>
      <Space size="middle">
        {VISITOR_LINKS.map(([to, label]) => (
          <Link key={to} to={to} style={{ color: '#fff' }}>
            {t(label)}
          </Link>
        ))}
      </Space>
    </nav>
  );
}
