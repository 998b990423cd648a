import { useMemo, useState } from 'react';
import { App as AntApp, Empty, Flex, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { qualificationApi, type QualificationTask } from '@wharf/contract';
import { Decision } from '../../../ui/Decision';
import { ShowMore } from '../../../ui/ShowMore';
import { useDisplay } from '../../../session/display';
import { stateColor } from '../pages/QualificationsPage';
import { useQualificationQueue, useSetQualificationStatus, type QueueState } from '../hooks';

/** Qualification documents of every team: read the documents, approve or reject with a reason. */
export function QualificationReviewTab() {
  const { t } = useTranslation('qualifications');
  const { message } = AntApp.useApp();
  const display = useDisplay();
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
              approveText={t('review.approve')}
              rejectText={t('review.reject')}
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
      <Segmented<QueueState> aria-label={t('review.stateFilter')} value={state} onChange={setState} options={(['pending', 'approved', 'rejected', 'cancelled'] as const).map((s) => ({ value: s, label: t(`state.${s}`) }))} />
      <Table<QualificationTask> rowKey="taskId" columns={columns} dataSource={rows} loading={queue.isPending} pagination={false} locale={{ emptyText: <Empty description={t('review.empty')} /> }} />
      <ShowMore list={queue}>{t('list.more')}</ShowMore>
    </Flex>
  );
}

/** The reviewers' queue tab of qualifications (the shell adds it to the review page). */
export function useQualificationReviewTab() {
  const { t } = useTranslation('qualifications');
  return { key: 'qualifications', label: t('review.tab'), children: <QualificationReviewTab /> };
}
