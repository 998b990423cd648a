import { useState } from 'react';
import { Button, Card, Empty, Flex, Select, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { FUNNEL_STEPS } from '@wharf/contract';
import { formatDate, formatNumber } from '@wharf/rules';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useEventList, useFunnel } from '../api/queries';
import { useRange } from '../use-range';
import { RangeBar } from './RangeBar';

/** A funnel: 2 to 6 events in the order people do them, and how many got through each. */
export function FunnelTab({ appId, timeZone }: { appId: string; timeZone: string }) {
  const { t, i18n } = useTranslation('analytics');
  const { today, range, compare, change, steps, setSteps } = useRange(timeZone);
  const events = useEventList(appId, range);
  const funnel = useFunnel(appId, range, steps);
  const options = (events.data?.events ?? []).map((e) => ({ value: e.name, label: e.name }));
  const setStep = (i: number, name: string) => setSteps(steps.map((s, j) => (j === i ? name : s)));
  // Steps still to pick: up to the two a funnel needs, and one more when asked for.
  const [adding, setAdding] = useState(false);
  const picked = [...steps, ...Array(Math.max(0, FUNNEL_STEPS.min - steps.length) + (adding ? 1 : 0)).fill('')] as string[];
  const percent = (n: number, of: number) => (of ? `${formatNumber(Math.round((n / of) * 1000) / 10, i18n.language)} %` : '—');
  const result = funnel.data?.steps ?? [];
  const spec: ChartSpec = { kind: 'bar', unit: 'count', x: { kind: 'category', values: result.map((s) => s.name), label: t('funnel.step') }, series: [{ name: t('funnel.users'), values: result.map((s) => s.users) }] };
  return (
    <Flex vertical gap="middle">
      <RangeBar range={range} today={today} compare={compare} timeZone={timeZone} onChange={change} comparable={false} />
      <Card size="small" title={t('funnel.steps')}>
        <Flex gap="small" wrap align="center">
          {picked.map((name, i) => (
            <Flex key={i} gap={4} align="center">
              <Select
                showSearch
                aria-label={t('funnel.stepN', { n: i + 1 })}
                placeholder={t('funnel.pick')}
                value={name || undefined}
                options={options}
                notFoundContent={t('funnel.noEvents')}
                onChange={(v: string) => {
                  if (i < steps.length) setStep(i, v);
                  else {
                    setSteps([...steps, v]);
                    setAdding(false);
                  }
                }}
                style={{ width: 200 }}
              />
              {i < steps.length && (
                <Button type="text" size="small" aria-label={t('funnel.remove', { n: i + 1 })} onClick={() => setSteps(steps.filter((_, j) => j !== i))}>
                  ×
                </Button>
              )}
              {i < picked.length - 1 && <span aria-hidden>→</span>}
            </Flex>
          ))}
          {!adding && steps.length >= FUNNEL_STEPS.min && steps.length < FUNNEL_STEPS.max && <Button onClick={() => setAdding(true)}>{t('funnel.add')}</Button>}
        </Flex>
      </Card>
      {steps.filter(Boolean).length < FUNNEL_STEPS.min ? (
        <Empty description={t('funnel.howTo')} />
      ) : !funnel.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Card size="small" title={t('funnel.result')}>
          <Chart spec={spec} summary={t('funnel.summary', { from: formatDate(range.from, i18n.language), to: formatDate(range.to, i18n.language) })} emptyText={t('funnel.nobody')} height={220} />
          <Table
            size="small"
            rowKey={(s) => `${s.name}-${result.indexOf(s)}`}
            pagination={false}
            data-testid="funnel-steps"
            dataSource={result}
            columns={[
              { title: t('funnel.step'), dataIndex: 'name' },
              { title: t('funnel.users'), dataIndex: 'users', align: 'right', render: (n: number) => formatNumber(n, i18n.language) },
              { title: t('funnel.fromPrevious'), key: 'prev', align: 'right', render: (_: unknown, s, i) => (i === 0 ? '—' : percent(s.users, result[i - 1]!.users)) },
              { title: t('funnel.fromFirst'), key: 'first', align: 'right', render: (_: unknown, s) => percent(s.users, result[0]!.users) },
            ]}
          />
        </Card>
      )}
    </Flex>
  );
}
