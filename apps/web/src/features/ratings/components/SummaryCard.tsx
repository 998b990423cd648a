import { useMemo, useState } from 'react';
import { Card, Col, Flex, Row, Segmented, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@wharf/rules';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useReviewSummary } from '../api/queries';
import { RatingOverview } from './RatingOverview';

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The app's ratings at a glance: average, how many gave each number of stars, per version, and over time. */
export function SummaryCard({ appId }: { appId: string }) {
  const { t, i18n } = useTranslation('ratings');
  const [days, setDays] = useState(30);
  const { from, to } = useMemo(() => {
    const now = Date.now();
    return { from: day(new Date(now - (days - 1) * DAY_MS)), to: day(new Date(now)) };
  }, [days]);
  const summary = useReviewSummary(appId, from, to);
  const data = summary.data;
  const spec: ChartSpec | null = data
    ? {
        kind: 'line',
        unit: 'count',
        x: { kind: 'day', values: data.days.map((d) => d.day), label: t('summary.day') },
        // The average alone: counts in the hundreds on the same axis would flatten a 1–5 line.
        series: [{ name: t('summary.dailyAverage'), values: data.days.map((d) => d.average) }],
      }
    : null;
  if (!data || !spec) return <Skeleton active />;
  return (
    <Card>
      <Row gutter={[32, 24]}>
        <Col xs={24} md={8}>
          <RatingOverview summary={data.summary} />
        </Col>
        <Col xs={24} md={16}>
          <Flex vertical gap={8}>
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text strong>{t('summary.overTime')}</Typography.Text>
              <Segmented
                value={days}
                onChange={(v) => setDays(Number(v))}
                options={[7, 30, 90, 365].map((n) => ({ value: n, label: t('summary.lastDays', { count: n }) }))}
              />
            </Flex>
            <Chart spec={spec} summary={t('summary.chartSummary', { count: days })} emptyText={t('summary.chartEmpty')} height={220} />
            {data.versions.length > 0 && (
              <Table
                size="small"
                rowKey={(v) => v.versionName ?? ''}
                pagination={false}
                dataSource={data.versions}
                columns={[
                  { title: t('summary.version'), dataIndex: 'versionName', render: (v: string | null) => v ?? t('summary.unknownVersion') },
                  { title: t('summary.average'), dataIndex: 'average', render: (v: number) => formatNumber(v, i18n.language) },
                  { title: t('summary.reviews'), dataIndex: 'count', render: (v: number) => formatNumber(v, i18n.language) },
                ]}
              />
            )}
          </Flex>
        </Col>
      </Row>
    </Card>
  );
}
