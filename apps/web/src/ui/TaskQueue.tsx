import { useMemo } from 'react';
import { App as AntApp, Empty, Flex, Segmented, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { Decision } from './Decision';
import { ShowMore } from './ShowMore';

export const TASK_STATES = ['open', 'approved', 'rejected', 'withdrawn'] as const;
export type TaskState = (typeof TASK_STATES)[number];

interface Task {
  taskId: string;
  comment: string | null;
}

/** The task's app: its name over its package name. */
export const appColumn = <T extends { appName: string; packageName: string }>(title: string) => ({
  key: 'app',
  title,
  render: (_: unknown, x: T) => (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>{x.appName}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {x.packageName}
      </Typography.Text>
    </Space>
  ),
});

interface Props<T extends Task> {
  state: TaskState;
  onState: (state: TaskState) => void;
  queue: {
    data?: { pages: Array<{ items: T[] }> } | undefined;
    isPending: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  /** What a reviewer judges; the decision (open tasks) or the comment (decided ones) comes last. */
  columns: TableColumnsType<T>;
  /** The family's decision call. */
  decide: {
    isPending: boolean;
    mutate: (body: { taskId: string; decision: 'approve' | 'reject'; comment?: string }, o: { onSuccess: () => void }) => void;
  };
  /** The family's namespace, which keeps the labels as `review.*`: stateFilter, state.<state>, approve, reject, comment, empty, more. */
  t: (key: string) => string;
}

/** A reviewers' queue tab of one kind of task: the state filter, the tasks, their decision. */
export function TaskQueue<T extends Task>(p: Props<T>) {
  const { t, decide } = p;
  const { message } = AntApp.useApp();
  const rows = useMemo(() => p.queue.data?.pages.flatMap((page) => page.items) ?? [], [p.queue.data]);
  const last: TableColumnsType<T>[number] =
    p.state === 'open'
      ? {
          key: 'decide',
          title: '',
          render: (_: unknown, x: T) => (
            <Decision
              approveText={t('review.approve')}
              rejectText={t('review.reject')}
              label={t('review.comment')}
              pending={decide.isPending}
              onApprove={() => decide.mutate({ taskId: x.taskId, decision: 'approve' }, { onSuccess: () => void message.success(t('review.state.approved')) })}
              onReject={(comment) => decide.mutate({ taskId: x.taskId, decision: 'reject', comment }, { onSuccess: () => void message.success(t('review.state.rejected')) })}
            />
          ),
        }
      : { key: 'comment', title: t('review.comment'), render: (_: unknown, x: T) => x.comment ?? '—' };
  return (
    <Flex vertical gap="middle">
      <Segmented<TaskState> aria-label={t('review.stateFilter')} value={p.state} onChange={p.onState} options={TASK_STATES.map((s) => ({ value: s, label: t(`review.state.${s}`) }))} />
      <Table<T> rowKey="taskId" columns={[...p.columns, last]} dataSource={rows} loading={p.queue.isPending} pagination={false} locale={{ emptyText: <Empty description={t('review.empty')} /> }} />
      <ShowMore list={p.queue}>{t('review.more')}</ShowMore>
    </Flex>
  );
}
