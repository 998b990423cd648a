import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStoreAgeRating } from '../hooks';
import { AgeBadges } from './AgeBadges';

/** The age-rating section of an app's store page (nothing when the app declares none). */
export function StoreAgeRating({ appId }: { appId: string }) {
  const { t } = useTranslation('age-rating');
  const rating = useStoreAgeRating(appId);
  if (!rating.data?.rating) return null;
  return (
    <Card title={t('store.title')} size="small" data-testid="store-age-rating">
      <AgeBadges declaration={rating.data.rating} />
    </Card>
  );
}
