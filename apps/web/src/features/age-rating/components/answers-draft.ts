import type { AgeDeclaration } from '@wharf/contract';
import { AGE_QUESTIONS, ageRatings, type AgeAnswers, type AgeQuestion } from '@wharf/rules';
import { deviceDraft } from '../../../ui/device-draft';

/** Answers as the form holds them: a question not answered yet is missing. */
export type PartialAnswers = Partial<AgeAnswers>;

export const QUESTIONS = Object.keys(AGE_QUESTIONS) as AgeQuestion[];
export const INTERACTIVE = ['userInteraction', 'purchases', 'locationSharing'] as const;

/** Every question answered (the interactive elements default to no). */
export function complete(a: PartialAnswers): AgeAnswers | null {
  if (QUESTIONS.some((q) => a[q] === undefined)) return null;
  return { ...(a as AgeAnswers), userInteraction: !!a.userInteraction, purchases: !!a.purchases, locationSharing: !!a.locationSharing };
}

export const sameAnswers = (a: PartialAnswers, b: PartialAnswers): boolean => [...QUESTIONS, ...INTERACTIVE].every((k) => (a[k] ?? false) === (b[k] ?? false));

/** The questionnaire being answered, kept on this device until it is saved. */
export const answersDraft = deviceDraft<PartialAnswers>('ageAnswers', (v) => {
  if (typeof v !== 'object' || v === null) return null;
  const out: Record<string, unknown> = {};
  for (const q of QUESTIONS) {
    const x = (v as Record<string, unknown>)[q];
    if (typeof x === 'string' && (AGE_QUESTIONS[q] as readonly string[]).includes(x)) out[q] = x;
  }
  for (const k of INTERACTIVE) if (typeof (v as Record<string, unknown>)[k] === 'boolean') out[k] = (v as Record<string, unknown>)[k];
  return out as PartialAnswers;
});

/** What the answers declare, worked out here as the server will (the same tables). */
export function declarationOf(answers: AgeAnswers): AgeDeclaration {
  const ratings = ageRatings(answers);
  return { age: ratings.generic.label as AgeDeclaration['age'], answers, ratings };
}
