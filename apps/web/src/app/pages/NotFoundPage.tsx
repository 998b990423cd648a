import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLayout } from './PageLayout';
import { StatusResult } from '../../ui/StatusResult';

/** `home`: an address outside the console's routes leads back to its site's root. */
export function NotFoundPage({ home }: { home?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageLayout>
      <StatusResult
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.subtitle')}
        extra={
          <Button type="primary" onClick={() => (home ? window.location.assign(home) : void navigate('/'))}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </PageLayout>
  );
}
