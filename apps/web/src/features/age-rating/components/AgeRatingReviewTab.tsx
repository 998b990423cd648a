import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgeRatingTask } from '@wharf/contract';
import { appColumn, TaskQueue, type TaskState } from '../../../ui/TaskQueue';
import { useDisplay } from '../../../session/display';
import { useAgeRatingQueue, useDecideAgeRating } from '../hooks';
import { AgeBadges } from './AgeBadges';

/** Age-rating changes of released apps: what was in effect, what is asked, and the decision. */
function AgeRatingReviewTab() {
  const { t } = useTranslation('age-rating');
  const display = useDisplay();
  const [state, setState] = useState<TaskState>('open');
  const queue = useAgeRatingQueue(state);
  const decide = useDecideAgeRating();
  const columns = [
    appColumn<AgeRatingTask>(t('review.app')),
    { key: 'previous', title: t('review.previous'), render: (_: unknown, x: AgeRatingTask) => (x.previous ? <AgeBadges declaration={x.previous} only={['pegi', 'esrb', 'generic']} /> : t('review.noPrevious')) },
    { key: 'asked', title: t('review.asked'), render: (_: unknown, x: AgeRatingTask) => <AgeBadges declaration={x.declaration} /> },
    { key: 'submittedAt', title: t('review.submittedAt'), render: (_: unknown, x: AgeRatingTask) => display.dateTime(x.submittedAt) },
  ];
  return (
    <TaskQueue<AgeRatingTask>
      state={state}
      onState={setState}
      queue={queue}
      columns={columns}
      decide={decide}
      t={t}
    />
  );
}

/** The reviewers' queue tab of age-rating changes (the shell adds it to the review page). */
export function useAgeRatingReviewTab() {
  const { t } = useTranslation('age-rating');
  return { key: 'age-rating', label: t('review.tab'), children: <AgeRatingReviewTab /> };
}
