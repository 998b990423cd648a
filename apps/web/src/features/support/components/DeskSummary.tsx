import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useDisplay } from '../../../session/display';

export interface DeskFacts {
  waiting: number;
  breached: number;
  satisfaction: { ratings: number; average: number | null; byScore: readonly number[] };
}

/** What the desk compares day to day: tickets waiting, those past their time, and how satisfied the teams were. */
export function DeskSummary({ facts }: { facts: DeskFacts }) {
  const { t } = useTranslation('support');
  const display = useDisplay();
  const spec: ChartSpec = {
    kind: 'bar',
    unit: 'count',
    x: { kind: 'category', label: t('desk.score'), values: [1, 2, 3, 4, 5].map((score) => t('desk.stars', { score })) },
    series: [{ name: t('desk.scores'), values: facts.satisfaction.byScore }],
  };
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title={t('desk.waiting')} value={facts.waiting} />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title={t('desk.breached')} value={facts.breached} valueStyle={facts.breached ? { color: '#cf1322' } : undefined} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('desk.satisfaction')} extra={<Typography.Text type="secondary">{t('desk.ratings', { count: facts.satisfaction.ratings })}</Typography.Text>}>
          {facts.satisfaction.average === null ? (
            <Typography.Text type="secondary">{t('desk.noRatings')}</Typography.Text>
          ) : (
            <>
              <Statistic title={t('desk.average')} value={display.number(facts.satisfaction.average)} suffix="/ 5" />
              <Chart spec={spec} summary={t('desk.scores')} emptyText={t('desk.noRatings')} height={140} />
            </>
          )}
        </Card>
      </Col>
    </Row>
  );
}
