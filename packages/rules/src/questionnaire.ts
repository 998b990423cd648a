/**
 * Questionnaires (the specification's /cqs): the kinds of question, their limits, which
 * questions a respondent sees given their answers so far (conditional display), and the
 * check of a set of answers. One module for the console's editor, the answer page and the
 * server, so what the page hides the server never asks for.
 */
export const QUESTION_KINDS = ['single', 'multiple', 'scale', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTIONNAIRE_LIMITS = {
  titleMax: 120,
  descriptionMax: 1000,
  questions: 50,
  questionTitleMax: 300,
  options: 20,
  optionMax: 120,
  textAnswerMax: 2000,
  scaleMin: 0,
  scaleMax: 10,
} as const;

export interface Question {
  /** Stable within the questionnaire: answers and conditions name it. */
  id: string;
  kind: QuestionKind;
  title: string;
  required: boolean;
  /** Choices of a single or multiple question, each with its own id. */
  options: Array<{ id: string; label: string }>;
  /** A scale question's ends, and what they mean. */
  scale: { min: number; max: number; minLabel: string; maxLabel: string } | null;
  /** Shown only when an earlier choice question's answer includes one of these options. */
  showIf: { questionId: string; optionIds: string[] } | null;
}

export type Answer = string | string[] | number;
export type Answers = Record<string, Answer>;

const chosen = (a: Answer | undefined): string[] => (typeof a === 'string' ? [a] : Array.isArray(a) ? a : []);

/** The questions a respondent with these answers sees, in order. */
export function visibleQuestions(questions: readonly Question[], answers: Answers): Question[] {
  const shown = new Set<string>();
  const out: Question[] = [];
  for (const q of questions) {
    const cond = q.showIf;
    if (cond && (!shown.has(cond.questionId) || !chosen(answers[cond.questionId]).some((o) => cond.optionIds.includes(o)))) continue;
    shown.add(q.id);
    out.push(q);
  }
  return out;
}

/** What is wrong with a questionnaire's questions (ids, options, conditions), or null. */
export function questionsProblem(questions: readonly Question[]): string | null {
  const seen = new Map<string, Question>();
  for (const [i, q] of questions.entries()) {
    if (seen.has(q.id)) return `questions[${i}].id ${q.id} is used twice`;
    const choice = q.kind === 'single' || q.kind === 'multiple';
    if (choice && q.options.length < 2) return `questions[${i}] needs at least two options`;
    if (choice && new Set(q.options.map((o) => o.id)).size !== q.options.length) return `questions[${i}].options: an option id is used twice`;
    if (!choice && q.options.length) return `questions[${i}]: only choice questions have options`;
    if (q.kind === 'scale' && (!q.scale || q.scale.min >= q.scale.max)) return `questions[${i}].scale: min must be below max`;
    if (q.kind !== 'scale' && q.scale) return `questions[${i}]: only scale questions have a scale`;
    if (q.showIf) {
      const on = seen.get(q.showIf.questionId);
      if (!on || (on.kind !== 'single' && on.kind !== 'multiple')) return `questions[${i}].showIf must name an earlier choice question`;
      if (!q.showIf.optionIds.length || q.showIf.optionIds.some((o) => !on.options.some((x) => x.id === o))) return `questions[${i}].showIf names an option its question does not have`;
    }
    seen.set(q.id, q);
  }
  return null;
}

/** The first problem of these answers to these questions, naming the question; null when they are fine. */
export function answersProblem(questions: readonly Question[], answers: Answers): { questionId: string; problem: 'required' | 'unknown' | 'hidden' | 'invalid' | 'tooLong' } | null {
  const visible = visibleQuestions(questions, answers);
  const ids = new Set(questions.map((q) => q.id));
  const shown = new Set(visible.map((q) => q.id));
  for (const id of Object.keys(answers)) {
    if (!ids.has(id)) return { questionId: id, problem: 'unknown' };
    if (!shown.has(id)) return { questionId: id, problem: 'hidden' };
  }
  for (const q of visible) {
    const a = answers[q.id];
    const empty = a === undefined || a === '' || (Array.isArray(a) && a.length === 0);
    if (empty) {
      if (q.required) return { questionId: q.id, problem: 'required' };
      continue;
    }
    const options = new Set(q.options.map((o) => o.id));
    const ok =
      q.kind === 'single' ? typeof a === 'string' && options.has(a)
      : q.kind === 'multiple' ? Array.isArray(a) && new Set(a).size === a.length && a.every((o) => options.has(o))
      : q.kind === 'scale' ? typeof a === 'number' && Number.isInteger(a) && a >= q.scale!.min && a <= q.scale!.max
      : typeof a === 'string';
    if (!ok) return { questionId: q.id, problem: 'invalid' };
    if (q.kind === 'text' && [...(a as string)].length > QUESTIONNAIRE_LIMITS.textAnswerMax) return { questionId: q.id, problem: 'tooLong' };
  }
  return null;
}
