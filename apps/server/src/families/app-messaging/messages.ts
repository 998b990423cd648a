import type { MessageValue } from '@wharf/contract';
import { MESSAGE_LIMITS, messageStateOf, messageTransition, type MessageAction } from '@wharf/rules';
import { auditActor, writeAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput, notFound } from '../../platform/http/errors';
import { audienceMembership } from '../analytics/public';
import { callerApp } from '../apps/public';
import { teamImages } from '../files/public';
import { messageOut } from './out';
import { messagesRepo as repo, type MessageRow } from './repo';
import type { MessageBody } from './tables';
import { WORDS } from './words';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

const columns = (m: MessageValue) => ({
  name: m.name,
  kind: m.kind,
  priority: m.priority,
  defaultLanguage: m.defaultLanguage,
  startAt: new Date(m.schedule.startAt),
  endAt: m.schedule.endAt ? new Date(m.schedule.endAt) : null,
  body: { contents: m.contents, trigger: m.trigger, targeting: m.targeting, caps: m.caps, conversionEvent: m.conversionEvent, timeZone: m.schedule.timeZone, days: [...new Set(m.schedule.days)].sort(), hours: m.schedule.hours } satisfies MessageBody,
});

/** An app's in-app messages: drafts, publishing, pausing, ending, each change one transaction with its audit event and its line in the timeline. */
export class MessagesService {
  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'storage'>,
    private readonly changed: (appId: string) => void,
  ) {}

  private async out(db: DbOrTx, rows: MessageRow[]) {
    const changes = await repo.changes(db, rows.map((r) => r.id));
    return rows.map((r) => messageOut(r, changes, this.deps.clock.now()));
  }

  async list(caller: Caller, appId: string) {
    await callerApp(this.deps.db, caller, appId);
    return { messages: await this.out(this.deps.db, await repo.list(this.deps.db, appId)) };
  }

  async get(caller: Caller, appId: string, id: string) {
    await callerApp(this.deps.db, caller, appId);
    const row = await repo.get(this.deps.db, appId, id);
    if (!row) throw notFound(WORDS.noMessage);
    return { message: (await this.out(this.deps.db, [row]))[0]! };
  }

  /** Audiences of the app and images of the team, asked before the transaction. */
  private async check(caller: Caller, appId: string, m: MessageValue) {
    const { db } = this.deps;
    if (m.targeting.audienceIds.length) {
      const own = new Set((await audienceMembership.list(db, appId)).map((a) => a.id));
      if (m.targeting.audienceIds.some((id) => !own.has(id))) throw invalidInput(WORDS.noAudience);
    }
    const images = m.contents.flatMap((c) => (c.imageObjectId ? [c.imageObjectId] : []));
    if (images.length) {
      const found = await teamImages(this.deps, caller.teamId!, images);
      if (new Set(images).size !== found.filter((f) => f.state === 'ready' && IMAGE_TYPES.includes(f.contentType)).length) throw invalidInput(WORDS.badImage);
    }
  }

  async create(caller: Caller, appId: string, m: MessageValue) {
    const { db, clock } = this.deps;
    const app = await callerApp(db, caller, appId);
    await this.check(caller, appId, m);
    const made = await db.transaction(async (tx) => {
      if ((await repo.count(tx, appId)) >= MESSAGE_LIMITS.perApp) throw conflict(WORDS.tooMany(MESSAGE_LIMITS.perApp));
      const row = await repo.insert(tx, { appId, status: 'draft', ...columns(m), createdAt: clock.now(), updatedAt: clock.now() });
      await repo.addChange(tx, { messageId: row.id, action: 'create', actorId: caller.userId, at: clock.now() });
      await writeAudit(tx, clock, { action: 'app-messaging.create', teamId: app.teamId, ...auditActor(caller), targetType: 'message', targetId: row.id, data: { appId, name: m.name, kind: m.kind } });
      return row;
    });
    return { message: (await this.out(db, [made]))[0]! };
  }

  async update(caller: Caller, appId: string, id: string, m: MessageValue) {
    const { db, clock } = this.deps;
    const app = await callerApp(db, caller, appId);
    await this.check(caller, appId, m);
    const row = await db.transaction(async (tx) => {
      const before = await repo.get(tx, appId, id);
      if (!before) throw notFound(WORDS.noMessage);
      if (messageStateOf(before.status, before, clock.now()) === 'ended') throw conflict(WORDS.ended);
      const next = await repo.update(tx, id, { ...columns(m), updatedAt: clock.now() });
      await repo.addChange(tx, { messageId: id, action: 'update', actorId: caller.userId, at: clock.now() });
      await writeAudit(tx, clock, { action: 'app-messaging.update', teamId: app.teamId, ...auditActor(caller), targetType: 'message', targetId: id, data: { appId, name: m.name } });
      return next;
    });
    this.changed(appId);
    return { message: (await this.out(db, [row]))[0]! };
  }

  async setState(caller: Caller, appId: string, id: string, action: MessageAction) {
    const { db, clock } = this.deps;
    const app = await callerApp(db, caller, appId);
    const row = await db.transaction(async (tx) => {
      const before = await repo.get(tx, appId, id);
      if (!before) throw notFound(WORDS.noMessage);
      const state = messageStateOf(before.status, before, clock.now());
      const status = messageTransition(state, action);
      if (!status) throw conflict(WORDS.action(action, state));
      // Ending by hand before the end of its schedule ends it now.
      const next = await repo.update(tx, id, { status, updatedAt: clock.now(), ...(action === 'end' && (!before.endAt || before.endAt > clock.now()) ? { endAt: clock.now() } : {}) });
      await repo.addChange(tx, { messageId: id, action, actorId: caller.userId, at: clock.now() });
      await writeAudit(tx, clock, { action: `app-messaging.${action}`, teamId: app.teamId, ...auditActor(caller), targetType: 'message', targetId: id, data: { appId, name: before.name, from: state } });
      return next;
    });
    this.changed(appId);
    return { message: (await this.out(db, [row]))[0]! };
  }

  async remove(caller: Caller, appId: string, id: string) {
    const { db, clock } = this.deps;
    const app = await callerApp(db, caller, appId);
    await db.transaction(async (tx) => {
      const before = await repo.get(tx, appId, id);
      if (!before) throw notFound(WORDS.noMessage);
      const state = messageStateOf(before.status, before, clock.now());
      if (state !== 'draft' && state !== 'ended') throw conflict(WORDS.notDeletable);
      await repo.remove(tx, id);
      await writeAudit(tx, clock, { action: 'app-messaging.delete', teamId: app.teamId, ...auditActor(caller), targetType: 'message', targetId: id, data: { appId, name: before.name } });
    });
    this.changed(appId);
    return {};
  }
}
