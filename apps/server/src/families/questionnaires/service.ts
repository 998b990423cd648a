import { createHash } from 'node:crypto';
import { answersProblem, questionsProblem, type Answers, type Question } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound, type LocalisedText } from '../../platform/http/errors';
import { KeptReads } from '../../platform/kept-reads';
import { callerApp } from '../apps/public';
import { publicOut, questionnaireOut } from './present';
import { questionnairesRepo, type QuestionnaireRow } from './repo';
import { resultsOf } from './results';

const NO_SUCH = { zh: '问卷不存在', en: 'No such questionnaire', ru: 'Такой анкеты нет' };
const STATE_NAMES: Record<string, LocalisedText> = {
  draft: { zh: '草稿', en: 'a draft', ru: 'черновик' },
  published: { zh: '已发布', en: 'published', ru: 'опубликована' },
  closed: { zh: '已关闭', en: 'closed', ru: 'закрыта' },
};
const refusal = (state: string): LocalisedText => ({
  zh: `问卷当前为“${STATE_NAMES[state]!.zh}”，不能执行此操作`,
  en: `The questionnaire is ${STATE_NAMES[state]!.en}; this is not possible now`,
  ru: `Анкета — ${STATE_NAMES[state]!.ru}; сейчас это невозможно`,
});

/** What respondents cannot answer: a hint naming the question, in their language. */
const ANSWER_PROBLEMS: Record<string, (id: string) => LocalisedText> = {
  required: (id) => ({ zh: `参数不合法：问题 ${id} 必须回答`, en: `Invalid input: question ${id} needs an answer`, ru: `Недопустимые параметры: на вопрос ${id} нужно ответить` }),
  unknown: (id) => ({ zh: `参数不合法：没有问题 ${id}`, en: `Invalid input: there is no question ${id}`, ru: `Недопустимые параметры: вопроса ${id} нет` }),
  hidden: (id) => ({ zh: `参数不合法：问题 ${id} 不会显示给该回答者`, en: `Invalid input: question ${id} is not shown for these answers`, ru: `Недопустимые параметры: вопрос ${id} при этих ответах не показывается` }),
  invalid: (id) => ({ zh: `参数不合法：问题 ${id} 的回答不是它的选项之一`, en: `Invalid input: the answer to question ${id} is not one it takes`, ru: `Недопустимые параметры: ответ на вопрос ${id} не из допустимых` }),
  tooLong: (id) => ({ zh: `参数不合法：问题 ${id} 的回答过长`, en: `Invalid input: the answer to question ${id} is too long`, ru: `Недопустимые параметры: ответ на вопрос ${id} слишком длинный` }),
};

export interface QuestionnaireInput {
  title: string;
  description?: string | undefined;
  questions: Question[];
}

/**
 * An app's questionnaires: written as drafts, published (its link and the app's list offer
 * it), closed; answered once per respondent token; results per question. Each change is
 * one transaction with an audit event.
 */
export class QuestionnairesService {
  constructor(private readonly deps: Deps) {
    this.#published = new KeptReads(deps);
  }

  private checked(input: QuestionnaireInput) {
    const problem = questionsProblem(input.questions);
    if (problem) throw invalidInput({ zh: `参数不合法：${problem}`, en: `Invalid input: ${problem}`, ru: `Недопустимые параметры: ${problem}` });
    return { title: input.title, description: input.description ?? '', questions: input.questions };
  }

  /** The questionnaire of an app the caller may see; 404 otherwise. */
  private async find(db: DbOrTx, caller: Caller, appId: string, id: string, lock = false): Promise<QuestionnaireRow> {
    await callerApp(db, caller, appId);
    const row = await questionnairesRepo.byId(db, id, lock);
    if (row?.appId !== appId) throw notFound(NO_SUCH);
    return row;
  }

  async list(caller: Caller, appId: string) {
    await callerApp(this.deps.db, caller, appId);
    const rows = await questionnairesRepo.ofApp(this.deps.db, appId);
    const counts = await questionnairesRepo.counts(this.deps.db, rows.map((r) => r.id));
    return { items: rows.map((r) => questionnaireOut(r, counts.get(r.id) ?? 0)) };
  }

  async get(caller: Caller, appId: string, id: string) {
    return this.out(await this.find(this.deps.db, caller, appId, id));
  }

  async create(caller: Caller, appId: string, input: QuestionnaireInput) {
    const { db, clock } = this.deps;
    const app = await callerApp(db, caller, appId);
    const fields = this.checked(input);
    const row = await db.transaction(async (tx) => {
      const now = clock.now();
      const created = await questionnairesRepo.insert(tx, { appId, teamId: app.teamId, ...fields, createdBy: caller.userId, createdAt: now, updatedAt: now });
      await writeAudit(tx, clock, { action: 'questionnaire.create', teamId: app.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'questionnaire', targetId: created.id, data: { appId, title: created.title, questions: created.questions.length } });
      return created;
    });
    return this.out(row);
  }

  private async out(row: QuestionnaireRow) {
    return { questionnaire: questionnaireOut(row, (await questionnairesRepo.counts(this.deps.db, [row.id])).get(row.id) ?? 0) };
  }

  /** Runs a change on the locked questionnaire when its state is one of `from`. */
  private change(caller: Caller, appId: string, id: string, from: readonly string[], work: (tx: DbOrTx, row: QuestionnaireRow, now: Date) => Promise<QuestionnaireRow | null>) {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const row = await this.find(tx, caller, appId, id, true);
      if (!from.includes(row.state)) throw conflict(refusal(row.state));
      return work(tx, row, clock.now());
    });
  }

  async update(caller: Caller, appId: string, id: string, input: QuestionnaireInput) {
    const fields = this.checked(input);
    const row = await this.change(caller, appId, id, ['draft'], async (tx, was, now) => {
      const updated = await questionnairesRepo.update(tx, id, { ...fields, updatedAt: now });
      await writeAudit(tx, this.deps.clock, { action: 'questionnaire.update', teamId: was.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'questionnaire', targetId: id, data: { appId, questions: fields.questions.length } });
      return updated;
    });
    this.#published.forget(id);
    return this.out(row!);
  }

  async setState(caller: Caller, appId: string, id: string, state: 'published' | 'closed') {
    const row = await this.change(caller, appId, id, state === 'published' ? ['draft'] : ['published'], async (tx, was, now) => {
      const updated = await questionnairesRepo.update(tx, id, { state, updatedAt: now, ...(state === 'published' ? { publishedAt: now } : { closedAt: now }) });
      await writeAudit(tx, this.deps.clock, { action: state === 'published' ? 'questionnaire.publish' : 'questionnaire.close', teamId: was.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'questionnaire', targetId: id, data: { appId } });
      return updated;
    });
    this.#published.forget(id);
    return this.out(row!);
  }

  async remove(caller: Caller, appId: string, id: string) {
    await this.change(caller, appId, id, ['draft', 'closed'], async (tx, was) => {
      const answers = (await questionnairesRepo.counts(tx, [id])).get(id) ?? 0;
      await questionnairesRepo.remove(tx, id);
      await writeAudit(tx, this.deps.clock, { action: 'questionnaire.delete', teamId: was.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'questionnaire', targetId: id, data: { appId, title: was.title, answers } });
      return null;
    });
    this.#published.forget(id);
    return {};
  }

  async results(caller: Caller, appId: string, id: string) {
    const row = await this.find(this.deps.db, caller, appId, id);
    return resultsOf(this.deps.db, id, row.questions);
  }

  /** For the export: the questionnaire, checked as every read is. */
  found(caller: Caller, appId: string, id: string) {
    return this.find(this.deps.db, caller, appId, id);
  }

  // ---- respondents ----

  /**
   * What respondents read, kept per instance for DISTRIBUTION_CACHE_TTL_MS as the store's
   * facts are (every respondent asks the same): a closing reaches other instances within it.
   */
  readonly #published: KeptReads<QuestionnaireRow | undefined>;

  private async published(id: string): Promise<QuestionnaireRow> {
    const row = await this.#published.get(id, () => questionnairesRepo.byId(this.deps.db, id));
    if (!row || row.state === 'draft') throw notFound(NO_SUCH);
    if (row.state === 'closed') throw conflict({ zh: '问卷已关闭，不再收集回答', en: 'This questionnaire is closed and takes no more answers', ru: 'Анкета закрыта и больше не принимает ответы' });
    return row;
  }

  async publicOf(id: string) {
    return { questionnaire: publicOut(await this.published(id)) };
  }

  async forApp(caller: Caller) {
    return { items: (await questionnairesRepo.ofApp(this.deps.db, caller.appId!, 'published')).map(publicOut) };
  }

  async answer(id: string, respondentToken: string, answers: Answers) {
    const row = await this.published(id);
    const problem = answersProblem(row.questions, answers);
    if (problem) throw invalidInput(ANSWER_PROBLEMS[problem.problem]!(problem.questionId));
    // Only the token's hash is kept: it may be an app's user id.
    const respondentKey = createHash('sha256').update(`${id}:${respondentToken}`).digest('base64url');
    const added = await this.deps.db.transaction((tx) => questionnairesRepo.addAnswer(tx, { questionnaireId: id, respondentKey, answers, createdAt: this.deps.clock.now() }));
    if (!added) throw conflict({ zh: '您已经回答过这份问卷', en: 'You have answered this questionnaire already', ru: 'Вы уже ответили на эту анкету' });
    return {};
  }
}
