import { Button, Card, Collapse, Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SqlTask } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { useCancelTask, useTasks } from '../hooks';
import { ResultView } from './ResultView';

const COLORS: Record<SqlTask['state'], string> = { queued: 'default', running: 'processing', cancelling: 'warning', done: 'success', failed: 'error', cancelled: 'default' };

/** The database's script runs: each one's progress as it goes, cancel while it runs, and its results when done. */
export function TasksPanel({ projectId, databaseId }: { projectId: string; databaseId: string }) {
  const { t } = useTranslation('databases');
  const display = useDisplay();
  const tasks = useTasks(projectId, databaseId);
  const cancel = useCancelTask(projectId, databaseId);
  const list = tasks.data?.tasks ?? [];
  if (!list.length) return null;
  return (
    <Card size="small" title={t('tasks.title')}>
      <Collapse
        size="small"
        items={list.map((task) => ({
          key: task.taskId,
          label: (
            <Flex gap={12} align="center" wrap data-testid="script-task">
              <Typography.Text strong>{task.scriptName}</Typography.Text>
              <Tag color={COLORS[task.state]}>{t(`tasks.state.${task.state}`)}</Tag>
              <Progress
                style={{ width: 200, margin: 0 }}
                size="small"
                percent={task.total ? Math.round((task.done / task.total) * 100) : 0}
                status={task.state === 'failed' ? 'exception' : task.state === 'done' ? 'success' : 'active'}
                format={() => t('tasks.progress', { done: task.done, total: task.total ?? '…' })}
              />
              <Typography.Text type="secondary">{`${task.startedBy ?? ''} · ${display.dateTime(task.createdAt)}`}</Typography.Text>
              {(task.state === 'queued' || task.state === 'running') && (
                <Button size="small" danger loading={cancel.isPending} onClick={(e) => (e.stopPropagation(), cancel.mutate(task.taskId))}>
                  {t('tasks.cancel')}
                </Button>
              )}
            </Flex>
          ),
          children: (
            <Flex vertical gap={8}>
              {task.error && <Typography.Text type="danger">{t('tasks.failedAt', { n: task.error.statementIndex + 1, message: task.error.message })}</Typography.Text>}
              {task.results.map((r, i) => (
                <ResultView key={i} result={r} index={i} />
              ))}
              <Typography.Text type="secondary">{t('tasks.kept', { date: display.date(task.expiresAt) })}</Typography.Text>
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}
