import { Flex, Layout } from 'antd';
import { Outlet } from 'react-router';
import { HeaderBrand } from './HeaderBrand';
import { LanguageSwitcher } from './LanguageSwitcher';
import { VisitorLinks } from './VisitorLayout';

/** The frame of the pages a signed-out person sees: sign-in, sign-up, links from mail. */
export function PublicLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center' }}>
        <HeaderBrand />
        <Flex gap="middle" align="center" style={{ marginInlineStart: 'auto' }}>
          <VisitorLinks />
          <LanguageSwitcher />
        </Flex>
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
