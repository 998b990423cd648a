import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@wharf/rules';
import { INDUSTRY_LIMITS, type IndustryMetric } from '@wharf/contract';
import { useIndustry } from '../api/queries';
import type { DayRange } from '../range';
import { useSeconds } from './use-seconds';

/** The app against the deployment's apps of its category: the middle half and the median, or why they are withheld. */
export function IndustryCard({ appId, range }: { appId: string; range: DayRange }) {
  const { t, i18n } = useTranslation('analytics');
  const seconds = useSeconds();
  const industry = useIndustry(appId, range);
  const data = industry.data;
  const value = (metric: IndustryMetric, n: number) =>
    metric === 'averageSessionSeconds' ? seconds(n) : metric === 'day1Retention' ? `${formatNumber(n, i18n.language)} %` : formatNumber(n, i18n.language);
  return (
    <Card title={t('industry.title')} size="small" data-testid="industry">
      {!data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : data.withheld ? (
        <Typography.Text type="secondary">{t(`industry.${data.withheld}`, { apps: data.apps, min: INDUSTRY_LIMITS.minApps })}</Typography.Text>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('industry.text', { apps: formatNumber(data.apps, i18n.language) })}</Typography.Paragraph>
          <Descriptions size="small" column={1} bordered>
            {data.indicators.map((x) => (
              <Descriptions.Item key={x.metric} label={t(`industry.metric.${x.metric}`)}>
                {t('industry.value', { app: x.app === null ? '—' : value(x.metric, x.app), median: value(x.metric, x.median), p25: value(x.metric, x.p25), p75: value(x.metric, x.p75) })}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </>
      )}
    </Card>
  );
}
