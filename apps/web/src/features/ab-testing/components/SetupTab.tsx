import { Typography } from 'antd';
import type { Experiment } from '@wharf/contract';
import { ReviewStep } from './ReviewStep';

/** How the experiment is set up: who takes part, the variants and their values, the metrics. */
export function SetupTab({ appId, experiment }: { appId: string; experiment: Experiment }) {
  return (
    <>
      {experiment.description && <Typography.Paragraph>{experiment.description}</Typography.Paragraph>}
      <ReviewStep appId={appId} input={experiment} note={false} />
    </>
  );
}
