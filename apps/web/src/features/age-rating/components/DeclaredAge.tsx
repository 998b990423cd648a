import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgeRating } from '../hooks';
import { AgeBadges } from './AgeBadges';

/**
 * Beside a version's age: the app's declaration in effect (which sets the age of versions
 * being edited) and the way to the questionnaire; `null` while none is declared.
 */
export function DeclaredAge({ appId, to }: { appId: string; to: string }) {
  const { t } = useTranslation('age-rating');
  const rating = useAgeRating(appId);
  const current = rating.data?.rating.current;
  if (!current) {
    return (
      <Typography.Text type="secondary">
        {t('version.none')} <Link to={to}>{t('version.answer')}</Link>
      </Typography.Text>
    );
  }
  return (
    <Space orientation="vertical" size={4} data-testid="version-declared-age">
      <AgeBadges declaration={current} />
      <Typography.Text type="secondary">
        {t('version.fromDeclaration')} <Link to={to}>{t('version.change')}</Link>
      </Typography.Text>
    </Space>
  );
}

/** The age the app declared, for a version's age field; undefined while it loads or none is declared. */
export function useDeclaredAge(appId: string) {
  return useAgeRating(appId).data?.rating.current?.age;
}
