import { createHash, randomBytes } from 'node:crypto';
import { buildPath, testingApi, type OpenTestListing } from '@wharf/contract';
import { isInvitationCode, keepsTestVersion, normaliseInvitationCode, TESTING_LIMITS } from '@wharf/rules';
import { writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import { AppError, conflict, notFound } from '../../platform/http/errors';
import { WindowLimiter } from './limiter';
import { invitationState } from './present';
import { testingRepo, type InvitationRow, type TesterRow, type TestVersionRow } from './repo';
import { appById, appByPackage } from '../apps/public';
import { fileById } from '../files/public';
import { packageOfApp } from '../packages/public';
import { type TestOffer, countDownload } from '../versions/public';

/** Anonymous attempts per address and minute on the open-test page's calls. */
export const OPEN_TEST_ATTEMPTS_PER_MINUTE = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const unknownCode = () => notFound({ zh: '邀请码不存在，请检查后重新输入', en: 'There is no invitation with this code; check it and try again', ru: 'Приглашения с таким кодом нет; проверьте код и повторите' });


const downloadUrlOf = (testVersionId: string, token: string) => `${buildPath(testingApi.testDownload, { testVersionId })}?testerToken=${encodeURIComponent(token)}`;

/** What testers meet without a console account: codes, tokens, test packages. */
export class OpenTestService {
  readonly #limiter: WindowLimiter;

  constructor(private readonly deps: Deps) {
    this.#limiter = new WindowLimiter(deps.clock, OPEN_TEST_ATTEMPTS_PER_MINUTE, 60_000);
  }

  limit(ip: string): void {
    const wait = this.#limiter.hit(ip);
    if (wait !== null) throw new AppError('rateLimited', undefined, { 'Retry-After': String(wait) });
  }

  private async invitation(db: DbOrTx, raw: string, lock = false): Promise<InvitationRow> {
    const code = normaliseInvitationCode(raw);
    if (!isInvitationCode(code)) throw unknownCode();
    const row = await testingRepo.invitationByCode(db, code, lock);
    if (!row) throw unknownCode();
    return row;
  }

  /** The app and its open tests for a group; download links only for a token. */
  private async listing(db: DbOrTx, teamId: string, groupId: string, token: string | null): Promise<OpenTestListing> {
    const rows = await this.testsOfGroup(db, teamId, groupId);
    const app = rows[0] ? await appById(db, teamId, rows[0].appId) : undefined;
    const tests: OpenTestListing['tests'] = [];
    for (const r of rows) {
      const pkg = r.packageId ? await packageOfApp(db, r.appId, r.packageId) : undefined;
      if (!pkg || r.versionCode === null) continue;
      tests.push({
        testVersionId: r.id,
        name: r.name,
        versionCode: r.versionCode,
        versionName: r.versionName,
        state: r.state as 'waiting' | 'testing',
        startAt: r.startAt.toISOString(),
        endAt: r.endAt.toISOString(),
        size: pkg.size,
        sha256: pkg.sha256,
        downloadUrl: token && r.state === 'testing' ? downloadUrlOf(r.id, token) : null,
        full: r.installs >= r.installCap,
      });
    }
    return { appName: app?.name ?? '', packageName: app?.packageName ?? '', iconUrl: null, tests };
  }

  private async testsOfGroup(db: DbOrTx, teamId: string, groupId: string): Promise<TestVersionRow[]> {
    const rows = await testingRepo.liveTestVersionsNaming(db, groupId);
    return rows.filter((r) => r.teamId === teamId && (r.state === 'waiting' || r.state === 'testing'));
  }

  private refuseUnusable(inv: InvitationRow): void {
    const state = invitationState(inv, this.deps.clock.now());
    if (state === 'expired') throw conflict({ zh: `邀请码已于 ${inv.expiresAt.toISOString()} 过期`, en: `This invitation expired on ${inv.expiresAt.toISOString()}`, ru: `Срок этого приглашения истёк ${inv.expiresAt.toISOString()}` });
    if (state === 'full') throw conflict({ zh: `邀请码已达到 ${inv.maxAdmissions} 人的上限`, en: `This invitation has admitted its ${inv.maxAdmissions} people; it is full`, ru: `По этому приглашению уже вошли ${inv.maxAdmissions} человек; мест нет` });
  }

  async lookup(code: string) {
    const inv = await this.invitation(this.deps.db, code);
    return { state: invitationState(inv, this.deps.clock.now()), listing: await this.listing(this.deps.db, inv.teamId, inv.groupId, null), expiresAt: inv.expiresAt.toISOString() };
  }

  /**
   * Joins the code's group. A browser that already holds a token keeps it (one token for
   * every group its holder joined); a listed address takes its row. One admission per
   * person and group, counted under the invitation's lock.
   */
  async join(input: { code: string; email?: string | undefined; testerToken?: string | undefined }, ip: string | null) {
    const { db, clock } = this.deps;
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const inv = await this.invitation(tx, input.code, true);
      const held = input.testerToken ? await testingRepo.testersByToken(tx, hashToken(input.testerToken)) : [];
      const token = held.length ? input.testerToken! : randomBytes(24).toString('base64url');
      const tokenHash = hashToken(token);
      if (held.some((t) => t.groupId === inv.groupId)) return { token, inv };
      this.refuseUnusable(inv);
      await testingRepo.lockGroup(tx, inv.teamId, inv.groupId);
      const listed = input.email ? await testingRepo.testerByEmail(tx, inv.groupId, input.email) : undefined;
      let tester: TesterRow;
      if (listed && !listed.tokenHash) {
        tester = await testingRepo.updateTester(tx, listed.id, { tokenHash, joinedAt: now, invitationId: inv.id });
      } else {
        const count = (await testingRepo.memberCounts(tx, [inv.groupId])).get(inv.groupId) ?? 0;
        if (count >= TESTING_LIMITS.testersPerGroup) throw conflict({ zh: '该测试用户组人数已满', en: 'The test group is full', ru: 'Тестовая группа заполнена' });
        // An address already joined from another browser: this one joins without it.
        tester = await testingRepo.insertTester(tx, { groupId: inv.groupId, teamId: inv.teamId, email: listed ? null : (input.email ?? null), source: 'invitation', tokenHash, invitationId: inv.id, joinedAt: now, createdAt: now });
      }
      const counted = await testingRepo.updateInvitation(tx, inv.id, { admissions: inv.admissions + 1 });
      await writeAudit(tx, clock, { action: 'tester.join', teamId: inv.teamId, actorKind: 'device', ip, targetType: 'tester', targetId: tester.id, data: { groupId: inv.groupId, invitationId: inv.id } });
      return { token, inv: counted };
    });
    return { testerToken: result.token, listing: await this.listing(db, result.inv.teamId, result.inv.groupId, result.token) };
  }

  private async testersOf(db: DbOrTx, token: string): Promise<TesterRow[]> {
    return testingRepo.testersByToken(db, hashToken(token));
  }

  /**
   * What a tester's device gets: the newest test version of the app newer than the
   * installed one, among those testing for one of the tester's groups (while the cap
   * allows, or already installed), or stopped or ended less than 90 days ago and installed.
   */
  async offerFor(q: { platform: string; packageName: string; versionCode: number; testerToken: string }): Promise<TestOffer | null> {
    const { db, clock } = this.deps;
    const mine = await this.testersOf(db, q.testerToken);
    if (!mine.length) return null;
    const app = await appByPackage(db, q.platform, q.packageName);
    if (!app) return null;
    const ids = mine.filter((t) => t.teamId === app.teamId);
    const candidates = await testingRepo.testVersionsForGroups(db, app.id, ids.map((t) => t.groupId), ['testing', 'expired']);
    const now = clock.now();
    for (const tv of candidates) {
      if (tv.versionCode === null || tv.versionCode <= q.versionCode || !tv.packageId) continue;
      const installed = await testingRepo.installed(db, tv.id, ids.map((t) => t.id));
      const offered = tv.state === 'testing' ? installed || tv.installs < tv.installCap : installed && keepsTestVersion('expired', tv.endedAt, now);
      if (!offered) continue;
      const pkg = await packageOfApp(db, app.id, tv.packageId);
      if (!pkg) continue;
      return { versionId: tv.id, versionCode: tv.versionCode, versionName: tv.versionName, size: pkg.size, sha256: pkg.sha256, downloadUrl: downloadUrlOf(tv.id, q.testerToken), test: true };
    }
    return null;
  }

  /**
   * The file of a test version for a tester. The first download of each tester is an
   * install: counted under the version's lock and refused once the cap is reached, or
   * after a stop. Anything not offered to this tester is "not found".
   */
  async fileFor(testVersionId: string, token: string) {
    const { db, clock } = this.deps;
    const mine = await this.testersOf(db, token);
    const tv = await testingRepo.testVersionAnyApp(db, testVersionId);
    const ids = tv ? mine.filter((t) => t.teamId === tv.teamId && tv.groupIds.includes(t.groupId)).map((t) => t.id) : [];
    if (!tv || !ids.length || !tv.packageId) throw notFound();
    const now = clock.now();
    await db.transaction(async (tx) => {
      if (await testingRepo.installed(tx, tv.id, ids)) {
        if (tv.state === 'testing' || keepsTestVersion('expired', tv.endedAt, now)) return;
        throw notFound();
      }
      const locked = (await testingRepo.lockTestVersion(tx, tv.id))!;
      if (locked.state !== 'testing') {
        throw conflict(locked.state === 'waiting' ? { zh: '测试尚未开始', en: 'The test has not started yet', ru: 'Тест ещё не начался' } : { zh: '测试已结束，不再接受新的安装', en: 'The test has ended; it takes no new installs', ru: 'Тест завершён; новые установки не принимаются' });
      }
      if (locked.installs >= locked.installCap) throw conflict({ zh: `测试版本已达到 ${locked.installCap} 次安装的上限`, en: `The test version has reached its cap of ${locked.installCap} installs`, ru: `Тестовая версия достигла предела установок (${locked.installCap})` });
      await testingRepo.addInstall(tx, tv.id, ids[0]!, now);
      await testingRepo.updateTestVersion(tx, tv.id, { installs: locked.installs + 1 });
    });
    const pkg = await packageOfApp(db, tv.appId, tv.packageId);
    const file = pkg ? await fileById(db, pkg.fileId) : undefined;
    if (!pkg || !file || file.state !== 'ready') throw notFound();
    return { tv, pkg, file };
  }

  async count(testVersionId: string, country: string): Promise<void> {
    await countDownload(this.deps.db, this.deps.clock.now().toISOString().slice(0, 10), testVersionId, country);
  }

  get storage() {
    return this.deps.storage;
  }
}
