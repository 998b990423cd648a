import type { ReactNode } from 'react';
import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The bare frame until the console shell arrives: a header with the product name. */
export function PageLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center' }}>
        <Typography.Text strong style={{ color: '#fff', fontSize: 20 }}>
          {t('app.name')}
        </Typography.Text>
      </Layout.Header>
      <Layout.Content style={{ padding: '32px 48px', maxWidth: 960, width: '100%', margin: '0 auto' }}>
        {children}
      </Layout.Content>
    </Layout>
  );
}
