import { Button, Card, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@wharf/rules';
import { useEventList } from '../api/queries';
import { usePageState, useRange } from '../use-range';
import { Explorer } from './Explorer';
import { RangeBar } from './RangeBar';

/** Every event the app sent in the range, most sent first, with the sum of its values. */
export function EventsTab({ appId, timeZone }: { appId: string; timeZone: string }) {
  const { t, i18n } = useTranslation('analytics');
  const { today, range, compare, change } = useRange(timeZone);
  const events = useEventList(appId, range);
  const { get, set } = usePageState();
  const picked = get('event');
  const pick = (name: string) => set({ event: name });
  return (
    <Flex vertical gap="middle">
      <RangeBar range={range} today={today} compare={compare} timeZone={timeZone} onChange={change} comparable={false} />
      {!events.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : events.data.events.length === 0 ? (
        <Empty description={t('events.empty')} />
      ) : (
        <Card size="small">
          <Table
            size="small"
            rowKey="name"
            data-testid="analytics-events"
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            dataSource={events.data.events}
            rowClassName={(e) => (e.name === picked ? 'ant-table-row-selected' : '')}
            columns={[
              {
                title: t('events.name'),
                dataIndex: 'name',
                render: (name: string) => (
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => pick(name)} aria-label={t('events.explore', { event: name })}>
                    {name}
                  </Button>
                ),
              },
              { title: t('events.count'), dataIndex: 'count', align: 'right', render: (n: number) => formatNumber(n, i18n.language) },
              { title: t('events.value'), dataIndex: 'valueSum', align: 'right', render: (n: number) => (n ? formatNumber(Math.round(n * 100) / 100, i18n.language) : '—') },
            ]}
          />
        </Card>
      )}
      {picked ? <Explorer appId={appId} range={range} event={picked} /> : events.data?.events.length ? <Typography.Text type="secondary">{t('events.pick')}</Typography.Text> : null}
    </Flex>
  );
}
