import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Answers, Question } from '@wharf/rules';
import { apps } from '../apps/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An app's questionnaire: its questions (fixed once published). Answers are counted when read: a counter here would make every answer wait for the last one. */
export const questionnaires = pgTable(
  'questionnaires',
  {
  id: uuid('id').primaryKey().defaultRandom(),
  appId: uuid('app_id')
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' }),
  teamId: uuid('team_id').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** draft, published, closed. */
  state: text('state').notNull().default('draft'),
  questions: jsonb('questions').$type<Question[]>().notNull(),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  publishedAt: ts('published_at'),
  closedAt: ts('closed_at'),
  },
  // An app's questionnaires are listed, and deleted with it (the foreign key cascades), by app_id.
  (t) => [index('questionnaires_app').on(t.appId)],
);

/** One respondent's answers: one per respondent token (kept as its hash) and questionnaire. */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    respondentKey: text('respondent_key').notNull(),
    answers: jsonb('answers').$type<Answers>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [unique('questionnaire_answers_once').on(t.questionnaireId, t.respondentKey)],
);
