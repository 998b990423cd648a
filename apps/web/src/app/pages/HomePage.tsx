import { Alert, Button, Card, Descriptions, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@wharf/rules';
import { useClientConfig } from '../../features/console';
import { localTimeZone, type Language } from '../../session/language';
import { PageLayout } from './PageLayout';

export function HomePage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <PageLayout>
      <Typography.Title level={2}>{t('home.welcome')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.purpose')}</Typography.Paragraph>
      <Typography.Paragraph>{t('home.today', { date: formatDate(new Date(), language, localTimeZone()) })}</Typography.Paragraph>
      <ServiceCard />
    </PageLayout>
  );
}

function ServiceCard() {
  const { t } = useTranslation();
  const config = useClientConfig();
  return (
    <Card title={t('config.title')}>
      {config.isPending ? (
        <Flex gap="small" align="center" role="status">
          <Spin size="small" />
          <Typography.Text>{t('config.loading')}</Typography.Text>
        </Flex>
      ) : config.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('config.loadFailed')}
          description={config.error.message}
          action={
            <Button size="small" onClick={() => void config.refetch()}>
              {t('config.retry')}
            </Button>
          }
        />
      ) : (
        <Descriptions
          column={1}
          items={[
            { key: 'serverVersion', label: t('config.serverVersion'), children: config.data.serverVersion },
            { key: 'defaultZone', label: t('config.defaultZone'), children: t(`zones.${config.data.defaultZone}`) },
          ]}
        />
      )}
    </Card>
  );
}
