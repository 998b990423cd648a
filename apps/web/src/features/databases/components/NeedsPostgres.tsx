import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the embedded database cannot offer, said plainly, with what the operator would do. */
export function NeedsPostgres() {
  const { t } = useTranslation('databases');
  return (
    <Result
      status="info"
      title={t('needsPostgres.title')}
      subTitle={
        <Typography.Paragraph type="secondary" style={{ maxWidth: 640, margin: '0 auto' }}>
          {t('needsPostgres.text')}
        </Typography.Paragraph>
      }
      data-testid="needs-postgres"
    />
  );
}
