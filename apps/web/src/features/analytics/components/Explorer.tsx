import { useState } from 'react';
import { Button, Card, Flex, Input, Segmented, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPLORE_GROUPS, type ExploreGroup } from '@wharf/contract';
import { countryById, formatDate, formatNumber, type Language } from '@wharf/rules';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useExplore } from '../api/queries';
import { daysOf, type DayRange } from '../range';
import { usePageState } from '../use-range';

/** One event per day, split by version, country or OS, and filtered by a property's value. */
export function Explorer({ appId, range, event }: { appId: string; range: DayRange; event: string }) {
  const { t, i18n } = useTranslation('analytics');
  const { get, set } = usePageState();
  const groupBy = (EXPLORE_GROUPS as readonly string[]).includes(get('groupBy')) ? (get('groupBy') as ExploreGroup) : 'none';
  const property = get('property');
  const equals = get('equals');
  // Typed here, applied to the address (and the query) with the button.
  const [draft, setDraft] = useState({ property, equals });
  const explored = useExplore(appId, { ...range, event, groupBy, ...(property && equals ? { property, equals } : {}) });
  const name = (key: string) => (key === '*' ? t('explore.rest') : key === '' ? t('explore.unknown') : key === 'all' ? event : groupBy === 'country' ? (countryById(key)?.names[i18n.language as Language] ?? key) : key);
  const data = explored.data;
  const days = daysOf(range);
  const spec: ChartSpec | null = data
    ? {
        kind: 'bar',
        stacked: true,
        unit: 'count',
        x: { kind: 'day', values: days, label: t('chart.day') },
        series: data.groups.map((g) => ({ name: name(g.key), values: days.map((d) => data.days.find((x) => x.day === d && x.group === g.key)?.count ?? 0) })),
      }
    : null;
  return (
    <Card size="small" title={t('explore.title', { event })} data-testid="analytics-explorer">
      <Flex vertical gap="middle">
        <Flex gap="middle" wrap align="center">
          <Segmented aria-label={t('explore.groupBy')} value={groupBy} onChange={(v) => set({ groupBy: v === 'none' ? '' : String(v) })} options={EXPLORE_GROUPS.map((g) => ({ value: g, label: t(`explore.by.${g}`) }))} />
          <Input aria-label={t('explore.property')} placeholder={t('explore.property')} value={draft.property} onChange={(e) => setDraft({ ...draft, property: e.target.value })} style={{ width: 160 }} />
          <Input aria-label={t('explore.equals')} placeholder={t('explore.equals')} value={draft.equals} onChange={(e) => setDraft({ ...draft, equals: e.target.value })} style={{ width: 160 }} />
          <Button onClick={() => set({ property: draft.property.trim(), equals: draft.property.trim() ? draft.equals : '' })} disabled={Boolean(draft.property.trim()) !== Boolean(draft.equals)}>
            {t('explore.apply')}
          </Button>
          {property && (
            <Button type="link" onClick={() => (setDraft({ property: '', equals: '' }), set({ property: '', equals: '' }))}>
              {t('explore.clear')}
            </Button>
          )}
        </Flex>
        {!data || !spec ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <>
            <Chart spec={spec} summary={t('explore.summary', { event, from: formatDate(range.from, i18n.language), to: formatDate(range.to, i18n.language) })} emptyText={t('explore.empty')} height={220} />
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              data-testid="explore-groups"
              dataSource={data.groups}
              columns={[
                { title: t(`explore.by.${groupBy}`), dataIndex: 'key', render: (k: string) => name(k) },
                { title: t('events.count'), dataIndex: 'count', align: 'right', render: (n: number) => formatNumber(n, i18n.language) },
                { title: t('events.value'), dataIndex: 'valueSum', align: 'right', render: (n: number) => (n ? formatNumber(Math.round(n * 100) / 100, i18n.language) : '—') },
              ]}
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
