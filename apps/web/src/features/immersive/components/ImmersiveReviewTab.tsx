import { useState } from 'react';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { immersiveApi, type ImmersiveTask } from '@wharf/contract';
import { appColumn, TaskQueue, type TaskState } from '../../../ui/TaskQueue';
import { useDisplay } from '../../../session/display';
import { useDecideImmersive, useImmersiveQueue } from '../hooks';

/** Immersive banners submitted for review: the picture, its colour and texts. */
export function ImmersiveReviewTab() {
  const { t } = useTranslation('immersive');
  const display = useDisplay();
  const [state, setState] = useState<TaskState>('open');
  const queue = useImmersiveQueue(state);
  const decide = useDecideImmersive();
  const columns = [
    appColumn<ImmersiveTask>(t('review.app')),
    {
      key: 'picture',
      title: t('editor.picture'),
      render: (_: unknown, x: ImmersiveTask) => <img src={`${immersiveApi.immersiveReviewImage.fullPath}?taskId=${x.taskId}`} alt={t('editor.picture')} style={{ maxHeight: 72, maxWidth: 160, borderRadius: 6, background: x.snapshot.color }} />,
    },
    { key: 'color', title: t('review.color'), render: (_: unknown, x: ImmersiveTask) => <Space><span style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: x.snapshot.color }} /><Typography.Text code>{x.snapshot.color}</Typography.Text></Space> },
    { key: 'texts', title: t('review.texts'), render: (_: unknown, x: ImmersiveTask) => x.snapshot.texts.map((s) => `${s.language}: ${s.title}${s.subtitle ? ` — ${s.subtitle}` : ''}`).join('; ') },
    { key: 'submittedAt', title: t('review.submittedAt'), render: (_: unknown, x: ImmersiveTask) => display.dateTime(x.submittedAt) },
  ];
  return (
    <TaskQueue<ImmersiveTask>
      state={state}
      onState={setState}
      queue={queue}
      columns={columns}
      decide={decide}
      t={t}
    />
  );
}

/** The reviewers' queue tab of immersive banners (the shell adds it to the review page). */
export function useImmersiveReviewTab() {
  const { t } = useTranslation('immersive');
  return { key: 'immersive', label: t('review.tab'), children: <ImmersiveReviewTab /> };
}
