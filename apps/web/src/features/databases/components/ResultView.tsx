import { Alert, Card, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatementResult } from '@wharf/contract';
import { useDisplay } from '../../../session/display';

/** One statement's answer: its command and count, its rows as a table with pages, and whether rows were cut off. */
export function ResultView({ result, index }: { result: StatementResult; index: number }) {
  const { t } = useTranslation('databases');
  const display = useDisplay();
  // A cut-off result counts what it shows; a statement without rows (CREATE) says only its command.
  const summary = result.truncated ? t('result.cut', { n: display.number(result.rows.length) }) : result.rowCount === null ? result.command : t('result.count', { command: result.command, n: display.number(result.rowCount) });
  return (
    <Card
      size="small"
      data-testid="statement-result"
      title={
        <Flex gap={8} align="baseline" wrap>
          <Typography.Text strong>{t('result.statement', { n: index + 1 })}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 480, fontFamily: 'monospace' }}>
            {result.statement}
          </Typography.Text>
        </Flex>
      }
      extra={<Typography.Text type="secondary">{`${summary} · ${display.number(result.durationMs)} ms`}</Typography.Text>}
    >
      {result.truncated && <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={t('result.truncated', { n: display.number(result.rows.length) })} />}
      {result.columns.length > 0 ? (
        <Table<{ key: number; cells: Array<string | null> }>
          size="small"
          scroll={{ x: true }}
          dataSource={result.rows.map((cells, key) => ({ key, cells }))}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          columns={result.columns.map((c, i) => ({
            key: String(i),
            title: (
              <span>
                {c.name} <Typography.Text type="secondary" style={{ fontSize: 11 }}>{c.type}</Typography.Text>
              </span>
            ),
            render: (_: unknown, row) => (row.cells[i] === null ? <Typography.Text type="secondary">NULL</Typography.Text> : <span style={{ whiteSpace: 'pre' }}>{row.cells[i]}</span>),
          }))}
        />
      ) : (
        <Typography.Text>{t('result.done', { command: result.command })}</Typography.Text>
      )}
    </Card>
  );
}
