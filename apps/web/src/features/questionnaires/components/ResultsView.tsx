import { Button, Card, Empty, Flex, List, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Questionnaire, QuestionResult } from '@wharf/contract';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useDisplay } from '../../../session/display';
import { useExportAnswers, useResults } from '../hooks';

/** The answers so far: a chart per choice or scale question, the latest texts, and the exports. */
export function ResultsView({ questionnaire: q }: { questionnaire: Questionnaire }) {
  const { t } = useTranslation('questionnaires');
  const display = useDisplay();
  const results = useResults(q.appId, q.questionnaireId);
  const exporting = useExportAnswers(q.appId);
  if (results.isPending) return <Skeleton active />;
  if (!results.data) return null;
  const byId = new Map(results.data.questions.map((r) => [r.questionId, r]));
  const specOf = (r: QuestionResult, question: Questionnaire['questions'][number]): ChartSpec | null => {
    if (r.scale) return { kind: 'bar', unit: 'count', x: { kind: 'category', label: t('results.value'), values: r.scale.counts.map((c) => String(c.value)) }, series: [{ name: t('results.respondents'), values: r.scale.counts.map((c) => c.count) }] };
    if (r.options.length) return { kind: 'bar', unit: 'count', x: { kind: 'category', label: t('results.option'), values: r.options.map((o) => question.options.find((x) => x.id === o.optionId)?.label ?? o.optionId) }, series: [{ name: t('results.respondents'), values: r.options.map((o) => o.count) }] };
    return null;
  };
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text strong>{t('results.total', { count: results.data.total })}</Typography.Text>
        <Space>
          <Button disabled={!results.data.total} loading={exporting.isPending} onClick={() => exporting.mutate({ id: q.questionnaireId, format: 'csv' })}>
            {t('results.csv')}
          </Button>
          <Button disabled={!results.data.total} loading={exporting.isPending} onClick={() => exporting.mutate({ id: q.questionnaireId, format: 'xlsx' })}>
            {t('results.xlsx')}
          </Button>
        </Space>
      </Flex>
      {q.questions.map((question, i) => {
        const r = byId.get(question.id);
        if (!r) return null;
        const spec = specOf(r, question);
        return (
          <Card key={question.id} size="small" title={`${i + 1}. ${question.title}`} extra={<Typography.Text type="secondary">{t('results.answered', { count: r.answered })}</Typography.Text>} data-testid="question-result">
            {spec ? (
              <>
                <Chart spec={spec} summary={t('results.chartSummary', { question: question.title })} emptyText={t('results.noAnswers')} height={200} />
                {r.scale?.mean != null && <Typography.Text>{t('results.mean', { mean: display.number(Math.round(r.scale.mean * 10) / 10) })}</Typography.Text>}
              </>
            ) : r.texts.length ? (
              <List size="small" dataSource={r.texts} renderItem={(x) => <List.Item><Flex vertical><Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{x.text}</Typography.Text><Typography.Text type="secondary" style={{ fontSize: 12 }}>{display.dateTime(x.at)}</Typography.Text></Flex></List.Item>} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('results.noAnswers')} />
            )}
          </Card>
        );
      })}
    </Flex>
  );
}
