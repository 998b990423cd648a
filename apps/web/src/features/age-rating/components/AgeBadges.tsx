import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgeDeclaration } from '@wharf/contract';
import { AGE_AUTHORITIES, type AgeAuthority } from '@wharf/rules';

const COLORS: Readonly<Record<number, string>> = { 0: 'green', 3: 'green', 6: 'lime', 7: 'lime', 10: 'gold', 12: 'gold', 13: 'orange', 16: 'volcano', 17: 'volcano', 18: 'red' };

/** An app's ratings as tags (one per authority, or the single age), with what set them beneath. */
export function AgeBadges({ declaration, only }: { declaration: AgeDeclaration; only?: readonly AgeAuthority[] }) {
  const { t } = useTranslation('age-rating');
  const { ratings, answers } = declaration;
  if (!ratings) {
    return (
      <Space wrap data-testid="age-badges">
        <Tag color={COLORS[parseInt(declaration.age, 10)] ?? 'default'}>{declaration.age}</Tag>
        <Typography.Text type="secondary">{t('badges.singleAge')}</Typography.Text>
      </Space>
    );
  }
  const because = [...new Set(AGE_AUTHORITIES.flatMap((a) => ratings[a].because))];
  const interactive = answers ? (['userInteraction', 'purchases', 'locationSharing'] as const).filter((k) => answers[k]) : [];
  return (
    <Space orientation="vertical" size={4} data-testid="age-badges">
      <Space wrap size={[4, 4]}>
        {(only ?? AGE_AUTHORITIES).map((a) => (
          <Tag key={a} color={COLORS[ratings[a].age] ?? 'default'} title={t(`authority.${a}`)}>
            {a === 'pegi' || a === 'usk' ? ratings[a].label : `${t(`authorityShort.${a}`)} ${ratings[a].label}`}
          </Tag>
        ))}
      </Space>
      {because.length > 0 && (
        <Typography.Text type="secondary">{t('badges.because', { list: because.map((q) => t(`question.${q}.title`)).join(', ') })}</Typography.Text>
      )}
      {interactive.length > 0 && <Typography.Text type="secondary">{interactive.map((k) => t(`interactive.${k}`)).join(' · ')}</Typography.Text>}
    </Space>
  );
}
