import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SNIPPET = `import { createClient } from '@wharf/client';
import { getAnalytics } from '@wharf/analytics';

const client = createClient(configFile); // agconnect-services.json from App information
const analytics = getAnalytics(client, { context: () => ({ appVersion: '1.0.0', os: 'web' }) });
analytics.logEvent('level_up', { level: 2 });`;

/** What an app without any event yet needs to do, instead of empty charts. */
export function StartSending() {
  const { t } = useTranslation('analytics');
  return (
    <Card data-testid="analytics-start">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('start.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('start.text')}</Typography.Paragraph>
      <Typography.Paragraph>
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
          <code>{SNIPPET}</code>
        </pre>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('start.protocol')}</Typography.Paragraph>
    </Card>
  );
}
