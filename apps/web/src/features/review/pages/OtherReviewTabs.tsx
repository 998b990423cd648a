import { useMemo, useState } from 'react';
import { App as AntApp, Button, Empty, Flex, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { immersiveApi, qualificationApi, type ImmersiveTask, type QualificationTask } from '@wharf/contract';
import { useVersionDisplay } from '../../versions/display';
import { ShowMore } from '../../../ui/ShowMore';
import { useDecideImmersive, useImmersiveQueue, type ImmersiveQueueState } from '../../immersive/public';
import { useQualificationQueue, useSetQualificationStatus, type QueueState, stateColor } from '../../qualifications/public';

/** Approve, or reject with the reason typed beside the buttons. */
function Decision({ label, onApprove, onReject, pending }: { label: string; onApprove: () => void; onReject: (reason: string) => void; pending: boolean }) {
  const { t } = useTranslation('qualifications');
  const [reason, setReason] = useState('');
  return (
    <Space orientation="vertical" size={4}>
      <Input size="small" aria-label={label} placeholder={label} value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} />
      <Space>
        <Button size="small" type="primary" loading={pending} onClick={onApprove}>
          {t('review.approve')}
        </Button>
        <Button size="small" danger disabled={!reason.trim()} loading={pending} onClick={() => onReject(reason.trim())}>
          {t('review.reject')}
        </Button>
      </Space>
    </Space>
  );
}

/** Immersive banners submitted for review: the picture, its colour and texts. */
export function ImmersiveReviewTab() {
  const { t } = useTranslation('immersive');
  const { t: tr } = useTranslation('review');
  const { message } = AntApp.useApp();
  const display = useVersionDisplay();
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
    { key: 'submittedAt', title: tr('queue.submittedAt'), render: (_: unknown, x: ImmersiveTask) => display.dateTime(x.submittedAt) },
    state === 'open'
      ? {
          key: 'decide',
          title: '',
          render: (_: unknown, x: ImmersiveTask) => (
            <Decision
              label={t('review.comment')}
              pending={decide.isPending}
              onApprove={() => decide.mutate({ taskId: x.taskId, decision: 'approve' }, { onSuccess: () => void message.success(tr('state.approved')) })}
              onReject={(comment) => decide.mutate({ taskId: x.taskId, decision: 'reject', comment }, { onSuccess: () => void message.success(tr('state.rejected')) })}
            />
          ),
        }
      : { key: 'comment', title: t('review.comment'), render: (_: unknown, x: ImmersiveTask) => x.comment ?? '—' },
  ];
  return (
    <Flex vertical gap="middle">
      <Segmented<ImmersiveQueueState> aria-label={tr('queue.stateFilter')} value={state} onChange={setState} options={(['open', 'approved', 'rejected', 'withdrawn'] as const).map((s) => ({ value: s, label: tr(`state.${s}`) }))} />
      <Table<ImmersiveTask> rowKey="taskId" columns={columns} dataSource={rows} loading={queue.isPending} pagination={false} locale={{ emptyText: <Empty description={t('review.empty')} /> }} />
      <ShowMore list={queue}>{tr('queue.more')}</ShowMore>
    </Flex>
  );
}

/** Qualification documents of every team: read the documents, approve or reject with a reason. */
export function QualificationReviewTab() {
  const { t } = useTranslation('qualifications');
  const { t: tr } = useTranslation('review');
  const { message } = AntApp.useApp();
  const display = useVersionDisplay();
  const [state, setState] = useState<QueueState>('pending');
  const queue = useQualificationQueue(state);
  const decide = useSetQualificationStatus();
  const rows = useMemo(() => queue.data?.pages.flatMap((p) => p.items) ?? [], [queue.data]);
  const columns = [
    { key: 'app', title: t('review.app'), render: (_: unknown, q: QualificationTask) => <Space orientation="vertical" size={0}><Typography.Text strong>{q.appName}</Typography.Text><Typography.Text type="secondary" style={{ fontSize: 12 }}>{q.packageName}</Typography.Text></Space> },
    { key: 'kind', title: t('list.kind'), render: (_: unknown, q: QualificationTask) => t(`kind.${q.kind}`) },
    {
      key: 'files',
      title: t('list.files'),
      render: (_: unknown, q: QualificationTask) => (
        <Space orientation="vertical" size={0}>
          {q.files.map((f) => (
            <a key={f.objectId} href={`${qualificationApi.qualificationReviewFile.fullPath}?taskId=${q.taskId}&objectId=${f.objectId}`} download={f.fileName}>
              {f.fileName}
            </a>
          ))}
        </Space>
      ),
    },
    { key: 'remarks', title: t('list.remarks'), render: (_: unknown, q: QualificationTask) => q.remarks || '—' },
    { key: 'submittedAt', title: t('list.submittedAt'), render: (_: unknown, q: QualificationTask) => display.dateTime(q.submittedAt) },
    state === 'pending'
      ? {
          key: 'decide',
          title: '',
          render: (_: unknown, q: QualificationTask) => (
            <Decision
              label={t('review.reason')}
              pending={decide.isPending}
              onApprove={() => decide.mutate({ taskId: q.taskId, status: 'approved' }, { onSuccess: () => void message.success(t('state.approved')) })}
              onReject={(reason) => decide.mutate({ taskId: q.taskId, status: 'rejected', reason }, { onSuccess: () => void message.success(t('state.rejected')) })}
            />
          ),
        }
      : { key: 'state', title: t('list.state'), render: (_: unknown, q: QualificationTask) => <Space><Tag color={stateColor(q.state)}>{t(`state.${q.state}`)}</Tag>{q.reason}</Space> },
  ];
  return (
    <Flex vertical gap="middle">
      <Segmented<QueueState> aria-label={tr('queue.stateFilter')} value={state} onChange={setState} options={(['pending', 'approved', 'rejected', 'cancelled'] as const).map((s) => ({ value: s, label: t(`state.${s}`) }))} />
      <Table<QualificationTask> rowKey="taskId" columns={columns} dataSource={rows} loading={queue.isPending} pagination={false} locale={{ emptyText: <Empty description={t('review.empty')} /> }} />
      <ShowMore list={queue}>{t('list.more')}</ShowMore>
    </Flex>
  );
}
