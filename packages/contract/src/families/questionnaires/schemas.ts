import { z } from 'zod';
import { QUESTION_KINDS, QUESTIONNAIRE_LIMITS as L } from '@wharf/rules';

export const QUESTIONNAIRE_STATES = ['draft', 'published', 'closed'] as const;
export type QuestionnaireState = (typeof QUESTIONNAIRE_STATES)[number];

/** A key the author's questions and options are named by: short, stable. */
const key = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ and -, at most 32');

export const question = z.object({
  id: key,
  kind: z.enum(QUESTION_KINDS),
  title: z.string().trim().min(1).max(L.questionTitleMax),
  required: z.boolean().default(false),
  options: z.array(z.object({ id: key, label: z.string().trim().min(1).max(L.optionMax) })).max(L.options).default([]),
  scale: z
    .object({ min: z.number().int().min(L.scaleMin).max(L.scaleMax), max: z.number().int().min(L.scaleMin).max(L.scaleMax), minLabel: z.string().trim().max(60).default(''), maxLabel: z.string().trim().max(60).default('') })
    .nullable()
    .default(null),
  showIf: z.object({ questionId: key, optionIds: z.array(key).min(1).max(L.options) }).nullable().default(null),
});

export const questionnaireInput = z.object({
  title: z.string().trim().min(1).max(L.titleMax),
  description: z.string().trim().max(L.descriptionMax).default(''),
  questions: z.array(question).min(1).max(L.questions),
});

export const questionnaire = z.object({
  questionnaireId: z.string(),
  appId: z.string(),
  title: z.string(),
  description: z.string(),
  state: z.enum(QUESTIONNAIRE_STATES),
  questions: z.array(question),
  answers: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type Questionnaire = z.infer<typeof questionnaire>;

/** What respondents read: the questions, nothing of who made it or how many answered. */
export const publicQuestionnaire = questionnaire.pick({ questionnaireId: true, title: true, description: true, questions: true });

export const answerValue = z.union([z.string().max(L.textAnswerMax * 4), z.array(key).max(L.options), z.number()]);

export const questionResult = z.object({
  questionId: z.string(),
  /** Respondents who answered it. */
  answered: z.number().int(),
  options: z.array(z.object({ optionId: z.string(), count: z.number().int() })),
  /** A scale question's counts per value, from min to max, and the mean. */
  scale: z.object({ counts: z.array(z.object({ value: z.number().int(), count: z.number().int() })), mean: z.number().nullable() }).nullable(),
  /** A text question's latest answers. */
  texts: z.array(z.object({ text: z.string(), at: z.string() })),
});
export type QuestionResult = z.infer<typeof questionResult>;
