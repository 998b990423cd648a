import { Card, Empty, Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PORTRAIT_DIMENSIONS, type PortraitDimension } from '@wharf/contract';
import { countryById, formatDate, formatNumber, type Language } from '@wharf/rules';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { usePortrait } from '../api/queries';
import { useRange } from '../use-range';
import { RangeBar } from './RangeBar';

/** A language tag as the page's language names it (ru-RU: Russian (Russia)). */
function languageName(tag: string, language: string): string {
  try {
    return new Intl.DisplayNames([language === 'cn' ? 'zh' : language], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The user portrait: the range's active users by country, language, OS and device model, as shares. */
export function PortraitTab({ appId, timeZone }: { appId: string; timeZone: string }) {
  const { t, i18n } = useTranslation('analytics');
  const { today, range, compare, change } = useRange(timeZone);
  const portrait = usePortrait(appId, range);
  const bar = <RangeBar range={range} today={today} compare={compare} timeZone={timeZone} onChange={change} comparable={false} />;
  const data = portrait.data;
  if (!data) return <Flex vertical gap="middle">{bar}<Skeleton active paragraph={{ rows: 6 }} /></Flex>;
  const name = (dimension: PortraitDimension, key: string) => {
    if (key === '*') return t('explore.rest');
    if (key === '') return t('explore.unknown');
    if (dimension === 'country') return countryById(key)?.names[i18n.language as Language] ?? key;
    if (dimension === 'language') return languageName(key, i18n.language);
    return key;
  };
  const period = { from: formatDate(range.from, i18n.language), to: formatDate(range.to, i18n.language) };
  return (
    <Flex vertical gap="middle">
      {bar}
      {data.users === 0 ? (
        <Empty description={t('portrait.empty')} />
      ) : (
        <Flex gap="middle" wrap data-testid="analytics-portrait">
          {PORTRAIT_DIMENSIONS.map((d) => {
            const spec: ChartSpec = { kind: 'pie', unit: 'count', x: { kind: 'category', values: data[d].map((s) => name(d, s.key)), label: t(`portrait.${d}`) }, series: [{ name: t('kpi.activeUsers'), values: data[d].map((s) => s.users) }] };
            return (
              <Card key={d} size="small" title={t(`portrait.${d}`)} style={{ flex: '1 1 420px' }}>
                <Chart spec={spec} summary={t('portrait.summary', { what: t(`portrait.${d}`), users: formatNumber(data.users, i18n.language), ...period })} emptyText={t('portrait.empty')} height={220} />
              </Card>
            );
          })}
        </Flex>
      )}
    </Flex>
  );
}
