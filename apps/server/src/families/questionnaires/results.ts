import type { QuestionResult } from '@wharf/contract';
import type { Answer, Question } from '@wharf/rules';
import type { DbOrTx } from '../../platform/db/types';
import { questionnairesRepo, type AnswerRow } from './repo';

const BATCH = 1000;
const LATEST_TEXTS = 50;

/** Every answer of a questionnaire, a batch at a time, oldest first. */
export async function* allAnswers(db: DbOrTx, questionnaireId: string): AsyncGenerator<AnswerRow> {
  let after: { at: Date; id: string } | undefined;
  for (;;) {
    const rows = await questionnairesRepo.answers(db, questionnaireId, BATCH, after);
    yield* rows;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.createdAt, id: last.id };
  }
}

const isEmpty = (a: Answer | undefined) => a === undefined || a === '' || (Array.isArray(a) && a.length === 0);

/** Counts per question: how many answered, each option's count, a scale's counts and mean, the latest texts. */
export async function resultsOf(db: DbOrTx, questionnaireId: string, questions: readonly Question[]) {
  const acc = questions.map((q) => ({
    q,
    answered: 0,
    options: new Map(q.options.map((o) => [o.id, 0])),
    scale: q.scale ? new Map(Array.from({ length: q.scale.max - q.scale.min + 1 }, (_, i) => [q.scale!.min + i, 0])) : null,
    sum: 0,
    texts: [] as Array<{ text: string; at: string }>,
  }));
  let total = 0;
  for await (const row of allAnswers(db, questionnaireId)) {
    total += 1;
    for (const a of acc) {
      const given = row.answers[a.q.id];
      if (isEmpty(given)) continue;
      a.answered += 1;
      for (const o of typeof given === 'string' ? [given] : Array.isArray(given) ? given : []) if (a.options.has(o)) a.options.set(o, a.options.get(o)! + 1);
      if (a.scale && typeof given === 'number' && a.scale.has(given)) {
        a.scale.set(given, a.scale.get(given)! + 1);
        a.sum += given;
      }
      if (a.q.kind === 'text' && typeof given === 'string') {
        a.texts.push({ text: given, at: row.createdAt.toISOString() });
        if (a.texts.length > LATEST_TEXTS) a.texts.shift();
      }
    }
  }
  const questionsOut: QuestionResult[] = acc.map((a) => ({
    questionId: a.q.id,
    answered: a.answered,
    options: [...a.options].map(([optionId, count]) => ({ optionId, count })),
    scale: a.scale ? { counts: [...a.scale].map(([value, count]) => ({ value, count })), mean: a.answered ? a.sum / a.answered : null } : null,
    texts: a.texts.reverse(),
  }));
  return { total, questions: questionsOut };
}
