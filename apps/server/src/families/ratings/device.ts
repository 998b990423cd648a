import { heldWordsPattern, reviewFlags } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors';
import { rateKey } from '../../platform/rate-limit';
import { readInstallToken, releasedVersion, type InstallClaim } from '../versions/public';
import { NO_SUCH_REVIEW, publicOut } from './present';
import { ratingsRepo, readerKey } from './repo';
import type { StoreFacts } from './store-facts';

const NOT_INSTALLED = {
  zh: '只有安装了该应用的设备或已登录的用户才能评价：请先下载应用（安装令牌缺失或无效）',
  en: 'Only a device that installed the app, or a signed-in user, can review it: download the app first (the install token is missing or not valid)',
  ru: 'Оценить приложение может только установившее его устройство или вошедший пользователь: сначала скачайте приложение (токен установки не передан или недействителен)',
};


/** Who writes or votes: one install (the device its token names) or one signed-in app user. */
type Author = { deviceId: string; claim: InstallClaim } | { appUserId: string; claim: InstallClaim | null };
/** The author as the review row is keyed. */
const keyOf = (a: Author) => ('deviceId' in a ? { deviceId: a.deviceId } : { appUserId: a.appUserId });

export interface ReviewInput {
  installToken?: string | undefined;
  rating: number;
  text: string;
  language?: string | undefined;
  versionCode?: number | undefined;
}

/** What an app's users do on their devices: rate, review, change it, and mark others' reviews helpful. */
export class RatingsDevice {
  readonly #words: RegExp;
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'secrets' | 'config' | 'rateLimits'>,
    private readonly facts: StoreFacts,
  ) {
    this.#words = heldWordsPattern(deps.config.reviewHeldWords);
  }

  /**
   * An app user signed in with an account (not anonymously) is one author wherever they
   * are; anyone else must show the install token of a download of this app.
   */
  #author(caller: Caller, installToken: string | undefined): Author {
    const claim = installToken ? readInstallToken(this.deps.secrets, installToken, this.deps.clock.now()) : null;
    if (installToken && (!claim || claim.appId !== caller.appId)) throw forbidden(NOT_INSTALLED);
    if (caller.appUserId && !caller.appUserAnonymous) return { appUserId: caller.appUserId, claim };
    if (!claim) throw forbidden(NOT_INSTALLED);
    return { deviceId: claim.deviceId, claim };
  }

  async submit(caller: Caller, input: ReviewInput, fromHeaders: { language: string | null; country: string | null }) {
    const { db, clock, rateLimits, config } = this.deps;
    const appId = caller.appId!;
    const author = this.#author(caller, input.installToken);
    // Beside the per-device limit the endpoint declares: the app's devices together.
    const verdict = await rateLimits.hit(rateKey('reviewWritePerApp', 'app', appId), config.rateLimits.reviewWritePerApp!);
    if (!verdict.allowed) {
      throw new AppError('rateLimited', { zh: '该应用本小时收到的评论过多，请稍后再试', en: 'This app got too many reviews this hour; try again later', ru: 'Это приложение получило слишком много отзывов за этот час; повторите позже' }, { 'Retry-After': String(verdict.retryAfterSeconds) });
    }
    const version =
      input.versionCode !== undefined
        ? await releasedVersion(db, appId, { code: input.versionCode })
        : author.claim
          ? await releasedVersion(db, appId, { id: author.claim.versionId })
          : null;
    if (input.versionCode !== undefined && !version) {
      throw invalidInput({
        zh: `该应用没有版本号为 ${input.versionCode} 的已发布版本`,
        en: `The app has no released version with version code ${input.versionCode}`,
        ru: `У приложения нет выпущенной версии с кодом ${input.versionCode}`,
      });
    }
    const row = await ratingsRepo.upsert(
      db,
      appId,
      keyOf(author),
      {
        rating: input.rating,
        text: input.text,
        language: input.language ?? fromHeaders.language ?? 'en',
        country: author.claim?.country ?? fromHeaders.country,
        versionId: version?.id ?? null,
        versionName: version?.versionName ?? null,
        versionCode: version?.versionCode ?? null,
        flags: reviewFlags(input.text, this.#words),
      },
      clock.now(),
    );
    this.facts.forget(appId);
    return { review: publicOut(row) };
  }

  async mine(caller: Caller, installToken: string | undefined) {
    const author = this.#author(caller, installToken);
    const row = await ratingsRepo.byAuthor(this.deps.db, caller.appId!, keyOf(author));
    return { review: row ? publicOut(row) : null };
  }

  async vote(caller: Caller, reviewId: string, helpful: boolean, installToken: string | undefined) {
    const { db, clock } = this.deps;
    const author = this.#author(caller, installToken);
    const voter = readerKey(author);
    const count = await db.transaction((tx) => ratingsRepo.vote(tx, caller.appId!, reviewId, voter, helpful, clock.now()));
    if (count === undefined) throw notFound(NO_SUCH_REVIEW);
    return { helpful: count };
  }

  /** A reader's report; reporting twice counts once. */
  async report(caller: Caller, reviewId: string, reason: 'spam' | 'offensive' | 'offTopic' | 'other', installToken: string | undefined) {
    const { db, clock } = this.deps;
    const author = this.#author(caller, installToken);
    const reporter = readerKey(author);
    const done = await db.transaction((tx) => ratingsRepo.report(tx, caller.appId!, reviewId, reporter, reason, clock.now()));
    if (done === undefined) throw notFound(NO_SUCH_REVIEW);
    return {};
  }
}
