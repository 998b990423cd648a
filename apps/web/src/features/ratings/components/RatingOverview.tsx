import { Flex, Progress, Rate, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RatingSummary } from '@wharf/contract';
import { formatNumber } from '@wharf/rules';

/** The average, its stars, the count, and a bar per number of stars: the console and the store page show the same. */
export function RatingOverview({ summary }: { summary: RatingSummary }) {
  const { t, i18n } = useTranslation('ratings');
  const { count, average, distribution } = summary;
  return (
    <Flex vertical gap={4}>
      <Typography.Text style={{ fontSize: 40, lineHeight: 1.1 }} data-testid="average">
        {average === null ? '—' : formatNumber(average, i18n.language)}
      </Typography.Text>
      <Rate disabled allowHalf value={average ?? 0} aria-label={t('summary.averageLabel')} />
      <Typography.Text type="secondary">{t('summary.count', { count })}</Typography.Text>
      <Flex vertical gap={2} style={{ marginTop: 8 }} aria-label={t('summary.distribution')}>
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = distribution[stars - 1] ?? 0;
          return (
            <Flex key={stars} gap={8} align="center">
              <Typography.Text style={{ width: 16 }}>{stars}</Typography.Text>
              <Progress percent={count ? Math.round((n / count) * 100) : 0} showInfo={false} size="small" style={{ flex: 1, margin: 0 }} aria-label={t('summary.starsShare', { count: stars, n })} />
              <Typography.Text type="secondary" style={{ minWidth: 40, textAlign: 'end' }}>
                {formatNumber(n, i18n.language)}
              </Typography.Text>
            </Flex>
          );
        })}
      </Flex>
    </Flex>
  );
}
