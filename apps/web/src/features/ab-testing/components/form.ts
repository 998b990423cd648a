import type { ConditionRule, Experiment, ExperimentInput, ExperimentMetric } from '@wharf/contract';
import { formToRule, ruleToForm, type RuleValues } from '../../remote-config/public';

/** A metric as the form holds it: the kind, and the event or the days it reads. */
export interface MetricValues {
  kind: ExperimentMetric['kind'];
  event?: string;
  days?: number;
}

export interface VariantValues {
  name: string;
  weight: number;
  /** Per parameter, the value typed; empty keeps what Remote Configuration gives. */
  values: Record<string, string | undefined>;
}

/** What the wizard holds across its steps (and keeps on this device until it is saved). */
export interface WizardValues {
  name: string;
  description?: string;
  rules: RuleValues[];
  percent: number;
  parameters: string[];
  variants: VariantValues[];
  primary: MetricValues;
  secondary: MetricValues[];
}

export const EMPTY_WIZARD: WizardValues = {
  name: '',
  description: '',
  rules: [],
  percent: 100,
  parameters: [],
  variants: [
    { name: '', weight: 50, values: {} },
    { name: '', weight: 50, values: {} },
  ],
  primary: { kind: 'conversion', event: '' },
  secondary: [],
};

const metricIn = (m: ExperimentMetric): MetricValues => (m.kind === 'retention' ? { kind: m.kind, days: m.days } : { kind: m.kind, event: m.event });
const metricOut = (m: MetricValues): ExperimentMetric => (m.kind === 'retention' ? { kind: 'retention', days: Number(m.days ?? 7) } : { kind: m.kind, event: (m.event ?? '').trim() });

export function wizardOf(e: Experiment): WizardValues {
  return {
    name: e.name,
    description: e.description ?? '',
    rules: e.targeting.rules.map(ruleToForm),
    percent: e.targeting.percent,
    parameters: [...e.parameters],
    variants: e.variants.map((v) => ({ name: v.name, weight: v.weight, values: Object.fromEntries(Object.entries(v.values).map(([k, value]) => [k, value ?? undefined])) })),
    primary: metricIn(e.primaryMetric),
    secondary: e.secondaryMetrics.map(metricIn),
  };
}

/** The call's body; an empty value keeps Remote Configuration's, and only the chosen parameters are sent. */
export function inputOf(v: WizardValues): ExperimentInput {
  return {
    name: v.name.trim(),
    ...(v.description?.trim() ? { description: v.description.trim() } : {}),
    parameters: v.parameters,
    targeting: { rules: (v.rules ?? []).map(formToRule), percent: Number(v.percent) },
    variants: v.variants.map((variant) => ({
      name: variant.name.trim(),
      weight: Number(variant.weight),
      values: Object.fromEntries(v.parameters.map((key) => [key, variant.values?.[key] === undefined || variant.values[key] === '' ? null : variant.values[key]!])),
    })),
    primaryMetric: metricOut(v.primary),
    secondaryMetrics: (v.secondary ?? []).map(metricOut),
  };
}

const keyOf = (appId: string, experimentId: string | undefined) => `wharf.experimentDraft.${appId}.${experimentId ?? 'new'}`;

/** What was typed, kept on this device until saved, so that a reload or another page loses nothing. */
export function keepWizard(appId: string, experimentId: string | undefined, values: WizardValues, step: number): void {
  try {
    // Rules are kept as the server takes them: a date-time rule's picker value is not JSON.
    localStorage.setItem(keyOf(appId, experimentId), JSON.stringify({ savedAt: new Date().toISOString(), step, values: { ...values, rules: (values.rules ?? []).map(formToRule) } }));
  } catch {
    // Storage full or refused: the page still asks before it is left.
  }
}

export function readWizard(appId: string, experimentId: string | undefined): { values: WizardValues; step: number; savedAt: string } | null {
  try {
    const raw = localStorage.getItem(keyOf(appId, experimentId));
    if (!raw) return null;
    const kept = JSON.parse(raw) as { savedAt: string; step: number; values: Omit<WizardValues, 'rules'> & { rules: ConditionRule[] } };
    if (typeof kept.values?.name !== 'string' || !Array.isArray(kept.values.variants) || !Array.isArray(kept.values.rules)) return null;
    return { values: { ...kept.values, rules: kept.values.rules.map(ruleToForm) }, step: Number(kept.step) || 0, savedAt: kept.savedAt };
  } catch {
    return null;
  }
}

export function dropWizard(appId: string, experimentId: string | undefined): void {
  try {
    localStorage.removeItem(keyOf(appId, experimentId));
  } catch {
    // Nothing kept.
  }
}
