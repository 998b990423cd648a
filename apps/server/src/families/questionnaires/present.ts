import type { Questionnaire } from '@wharf/contract';
import type { QuestionnaireRow } from './repo';

export function questionnaireOut(r: QuestionnaireRow, answers: number): Questionnaire {
  return {
    questionnaireId: r.id,
    appId: r.appId,
    title: r.title,
    description: r.description,
    state: r.state as Questionnaire['state'],
    questions: r.questions,
    answers,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
  };
}

export const publicOut = (r: QuestionnaireRow) => ({ questionnaireId: r.id, title: r.title, description: r.description, questions: r.questions });
