import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExperimentMetric, ExperimentState } from '@wharf/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const COLORS: Record<ExperimentState, string> = { draft: 'default', running: 'processing', stopped: 'warning', rolledOut: 'success' };

export function StateTag({ state }: { state: ExperimentState }) {
  const { t } = useTranslation('ab-testing');
  return <Tag color={COLORS[state]}>{t(`state.${state}`)}</Tag>;
}

/** A metric as a person reads it: "Conversion: purchase", "Returned within 7 days". */
export function metricText(m: ExperimentMetric, t: Translate): string {
  return m.kind === 'retention' ? t('metric.retentionText', { count: m.days }) : t(`metric.${m.kind}Text`, { event: m.event });
}
