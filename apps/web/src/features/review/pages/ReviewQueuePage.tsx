import { useMemo, useState, type ReactNode } from 'react';
import { Empty, Flex, Segmented, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReviewTask } from '@wharf/contract';
import { useReviewQueue, type TaskKind, type TaskState } from '../hooks';
import { ShowMore } from '../../../ui/ShowMore';
import { useDisplay } from '../../../session/display';

const STATES: readonly TaskState[] = ['open', 'approved', 'rejected', 'withdrawn'];
const KINDS: readonly TaskKind[] = ['release', 'update', 'shelfOff', 'rollback'];

export function kindColor(kind: string): string {
  return kind === 'shelfOff' ? 'orange' : kind === 'rollback' ? 'magenta' : kind === 'update' ? 'blue' : 'geekblue';
}

/** A tab of another family's review tasks (immersive banners, qualifications), as the shell passes it. */
export interface ReviewQueueTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * The reviewers' queue: open tasks oldest first with urged ones flagged; decided tasks newest
 * first; then the tabs of the other families' review tasks.
 */
export function ReviewQueuePage({ tabs = [] }: { tabs?: readonly ReviewQueueTab[] }) {
  const { t } = useTranslation('review');
  const display = useDisplay();
  const [state, setState] = useState<TaskState>('open');
  const [kind, setKind] = useState<TaskKind | undefined>(undefined);
  const queue = useReviewQueue(state, kind);
  const rows = useMemo(() => queue.data?.pages.flatMap((p) => p.items) ?? [], [queue.data]);
  const columns = [
    {
      key: 'app',
      title: t('queue.app'),
      render: (_: unknown, task: ReviewTask) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/review/${task.taskId}`}>
            <Typography.Text strong>{task.appName}</Typography.Text>
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {task.packageName}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'kind', title: t('queue.kind'), render: (_: unknown, task: ReviewTask) => <Tag color={kindColor(task.kind)}>{t(`kind.${task.kind}`)}</Tag> },
    {
      key: 'version',
      title: t('queue.version'),
      render: (_: unknown, task: ReviewTask) => (task.versionName || task.versionCode !== null ? `${task.versionName ?? ''} (${display.number(task.versionCode)})` : '—'),
    },
    {
      key: 'submittedAt',
      title: t('queue.submittedAt'),
      render: (_: unknown, task: ReviewTask) => (
        <Space size={4} wrap>
          <span>{display.dateTime(task.submittedAt)}</span>
          {task.urged && <Tag color="red">{t('queue.urged', { date: display.dateTime(task.urgedAt) })}</Tag>}
        </Space>
      ),
    },
    ...(state === 'open'
      ? []
      : [{ key: 'decidedAt', title: t('queue.decidedAt'), render: (_: unknown, task: ReviewTask) => display.dateTime(task.decidedAt) }]),
    { key: 'reason', title: t('queue.reason'), render: (_: unknown, task: ReviewTask) => task.reason ?? '—' },
    {
      key: 'open',
      title: '',
      render: (_: unknown, task: ReviewTask) => (
        <Link to={`/review/${task.taskId}`} aria-label={t('queue.openOf', { app: task.appName })}>
          {state === 'open' ? t('queue.review') : t('queue.view')}
        </Link>
      ),
    },
  ];
  return (
    <div>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('queue.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('queue.subtitle')}</Typography.Paragraph>
      <Tabs
        items={[
          {
            key: 'versions',
            label: t('tabs.versions'),
            children: (
              <>
            <Flex gap="middle" wrap align="center" style={{ marginBottom: 16 }}>
              <Segmented<TaskState> aria-label={t('queue.stateFilter')} value={state} onChange={setState} options={STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))} />
              <Select
                allowClear
                aria-label={t('queue.kind')}
                placeholder={t('queue.allKinds')}
                style={{ width: 220 }}
                value={kind}
                onChange={(k: TaskKind | undefined) => setKind(k)}
                options={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              />
            </Flex>
            <Table<ReviewTask>
              rowKey="taskId"
              columns={columns}
              dataSource={rows}
              loading={queue.isPending}
              pagination={false}
              locale={{ emptyText: <Empty description={state === 'open' ? t('queue.empty') : t('queue.emptyDecided')} /> }}
            />
            <ShowMore list={queue}>{t('queue.more')}</ShowMore>
              </>
            ),
          },
          ...tabs,
        ]}
      />
    </div>
  );
}
