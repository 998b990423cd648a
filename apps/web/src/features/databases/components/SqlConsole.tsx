import { useRef, useState } from 'react';
import { Alert, Button, Drawer, Empty, Flex, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '../../../session/display';
import { CodeEditor } from '../../../ui/code-editor/CodeEditor';
import { deviceDraft } from '../../../ui/device-draft';
import { useExecute, useExport, useHistory } from '../hooks';
import { ResultView } from './ResultView';
import { ScriptsBar } from './ScriptsBar';
import { TasksPanel } from './TasksPanel';

/** What is written in a database's console, kept on this device between visits. */
const drafts = deviceDraft<string>('sqlConsole', (v) => (typeof v === 'string' ? v : null));

/** The SQL console of a database: an editor, a run (Ctrl+Enter), each statement's result, the CSV of a query, and the person's history. */
export function SqlConsole({ projectId, databaseId }: { projectId: string; databaseId: string }) {
  const { t } = useTranslation('databases');
  const display = useDisplay();
  const [sql, setSql] = useState(() => drafts.read(databaseId) ?? '');
  // The text as last typed, before React renders it: Ctrl+Enter pressed right after typing
  // (the editor's own key handling, outside React's events) must run what was typed.
  const latest = useRef(sql);
  const [showHistory, setShowHistory] = useState(false);
  const execute = useExecute(projectId, databaseId);
  const exporting = useExport(projectId, databaseId);
  const history = useHistory(projectId, databaseId, showHistory);
  const change = (value: string) => {
    latest.current = value;
    setSql(value);
    if (value.trim()) drafts.keep(databaseId, value);
    else drafts.drop(databaseId);
  };
  const run = () => {
    const text = latest.current;
    if (text.trim() && !execute.isPending) execute.mutate(text);
  };
  const answer = execute.data;
  return (
    <Flex vertical gap={12}>
      <ScriptsBar projectId={projectId} databaseId={databaseId} sql={sql} onOpen={change} />
      <CodeEditor language="sql" ariaLabel={t('console.editor')} value={sql} onChange={change} onRun={run} height={220} />
      <Flex justify="space-between" wrap gap={8}>
        <Space wrap>
          <Button type="primary" onClick={run} loading={execute.isPending} disabled={!sql.trim()}>
            {t('console.run')}
          </Button>
          <Button onClick={() => exporting.mutate(sql)} loading={exporting.isPending} disabled={!sql.trim()}>
            {t('console.export')}
          </Button>
          <Typography.Text type="secondary">{t('console.hint')}</Typography.Text>
        </Space>
        <Button onClick={() => setShowHistory(true)}>{t('console.history')}</Button>
      </Flex>
      {answer?.error && (
        <Alert
          type="error"
          showIcon
          data-testid="sql-error"
          message={t('console.failed', { n: answer.error.statementIndex + 1 })}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{`${answer.error.message}${answer.error.code ? ` (${answer.error.code})` : ''}`}</span>}
        />
      )}
      {answer && answer.results.map((r, i) => <ResultView key={i} result={r} index={i} />)}
      {answer && !answer.error && answer.results.length === 0 && <Empty description={t('console.nothing')} />}
      <TasksPanel projectId={projectId} databaseId={databaseId} />
      <Drawer open={showHistory} onClose={() => setShowHistory(false)} title={t('console.history')} size={520}>
        <List
          loading={history.isPending}
          dataSource={history.data?.entries ?? []}
          locale={{ emptyText: t('console.noHistory') }}
          renderItem={(e) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => {
                change(e.sql);
                setShowHistory(false);
              }}
            >
              <Flex vertical style={{ width: '100%' }}>
                <Flex gap={8}>
                  <Tag color={e.ok ? 'green' : 'red'}>{e.ok ? t('console.ok') : t('console.error')}</Tag>
                  <Typography.Text type="secondary">{`${display.dateTime(e.at)} · ${display.number(e.durationMs)} ms`}</Typography.Text>
                </Flex>
                <Typography.Text style={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }} ellipsis={{ tooltip: false }}>
                  {e.sql}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      </Drawer>
    </Flex>
  );
}
