import { useMemo, useState } from 'react';
import { App as AntApp, Empty, Flex, Segmented, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { immersiveApi, type ImmersiveTask } from '@wharf/contract';
import { Decision } from '../../../ui/Decision';
import { ShowMore } from '../../../ui/ShowMore';
import { useDisplay } from '../../../session/display';
import { useDecideImmersive, useImmersiveQueue, type ImmersiveQueueState } from '../hooks';

/** Immersive banners submitted for review: the picture, its colour and texts. */
export function ImmersiveReviewTab() {
  const { t } = useTranslation('immersive');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const [state, setState] = useState<ImmersiveQueueState>('open');
  const queue = useImmersiveQueue(state);
  const decide = useDecideImmersive();
  const rows = useMemo(() => queue.data?.pages.flatMap((p) => p.items) ?? [], [queue.data]);
  const columns = [
    { key: 'app', title: t('review.app'), render: (_: unknown, x: ImmersiveTask) => <Space orientation="vertical" size={0}><Typography.Text strong>{x.appName}</Typography.Text><Typography.Text type="secondary" style={{ fontSize: 12 }}>{x.packageName}</Typography.Text></Space> },
    {
      key: 'picture',
      title: t('editor.picture'),
      render: (_: unknown, x: ImmersiveTask) => <img src={`${immersiveApi.immersiveReviewImage.fullPath}?taskId=${x.taskId}`} alt={t('editor.picture')} style={{ maxHeight: 72, maxWidth: 160, borderRadius: 6, background: x.snapshot.color }} />,
    },
    { key: 'color', title: t('review.color'), render: (_: unknown, x: ImmersiveTask) => <Space><span style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: x.snapshot.color }} /><Typography.Text code>{x.snapshot.color}</Typography.Text></Space> },
    { key: 'texts', title: t('review.texts'), render: (_: unknown, x: ImmersiveTask) => x.snapshot.texts.map((s) => `${s.language}: ${s.title}${s.subtitle ? ` — ${s.subtitle}` : ''}`).join('; ') },
    { key: 'submittedAt', title: t('review.submittedAt'), render: (_: unknown, x: ImmersiveTask) => display.dateTime(x.submittedAt) },
    state === 'open'
      ? {
          key: 'decide',
          title: '',
          render: (_: unknown, x: ImmersiveTask) => (
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
      : { key: 'comment', title: t('review.comment'), render: (_: unknown, x: ImmersiveTask) => x.comment ?? '—' },
  ];
  return (
    <Flex vertical gap="middle">
      <Segmented<ImmersiveQueueState> aria-label={t('review.stateFilter')} value={state} onChange={setState} options={(['open', 'approved', 'rejected', 'withdrawn'] as const).map((s) => ({ value: s, label: t(`review.state.${s}`) }))} />
      <Table<ImmersiveTask> rowKey="taskId" columns={columns} dataSource={rows} loading={queue.isPending} pagination={false} locale={{ emptyText: <Empty description={t('review.empty')} /> }} />
      <ShowMore list={queue}>{t('review.more')}</ShowMore>
    </Flex>
  );
}

/** The reviewers' queue tab of immersive banners (the shell adds it to the review page). */
export function useImmersiveReviewTab() {
  const { t } = useTranslation('immersive');
  return { key: 'immersive', label: t('review.tab'), children: <ImmersiveReviewTab /> };
}
