import { Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitcher } from './LanguageSwitcher';

/** The frame of the pages a signed-out person sees: sign-in, sign-up, links from mail. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center' }}>
        <Link to="/">
          <Typography.Text strong style={{ color: '#fff', fontSize: 20 }}>
            {t('app.name')}
          </Typography.Text>
        </Link>
        <div style={{ marginInlineStart: 'auto' }}>
          <LanguageSwitcher />
        </div>
      </Layout.Header>
      <Layout.Content style={{ padding: '48px 16px' }}>
        <Flex justify="center">
          <div style={{ width: '100%', maxWidth: 480 }}>
            <Outlet />
          </div>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
