import type { BodyOf, contentApi } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { managedBillboard, managedDiscounts, managedNews } from './manage-repo';
import { billboardOut, discountOut, newsDetailOut } from './present';

type Kind = 'news' | 'billboard' | 'discount';
type NewsBody = BodyOf<typeof contentApi.manageNews.create>;
type BillboardBody = BodyOf<typeof contentApi.manageBillboard.create>;
type DiscountBody = BodyOf<typeof contentApi.manageDiscounts.create>;

/**
 * What platform administrators publish: service news, billboard notices and discount
 * activities. Each change is one transaction with its audit event.
 */
export class ContentManagement {
  constructor(private readonly deps: Deps) {}

  private audit(tx: Parameters<typeof writeAudit>[0], kind: Kind, action: 'create' | 'update' | 'delete', id: string, caller: Caller) {
    return writeAudit(tx, this.deps.clock, { action: `content.${kind}.${action}`, actorId: caller.userId, ip: caller.ip, actorKind: 'operator', targetType: kind, targetId: id });
  }

  /** A change in a transaction with its audit event; an update or delete of nothing is a 404. */
  private change<T>(caller: Caller, kind: Kind, action: 'create' | 'update' | 'delete', write: (tx: Parameters<typeof writeAudit>[0]) => Promise<{ id: string; out: T } | undefined>): Promise<T> {
    return this.deps.db.transaction(async (tx) => {
      const done = await write(tx);
      if (!done) throw notFound();
      await this.audit(tx, kind, action, done.id, caller);
      return done.out;
    });
  }

  private news(body: NewsBody, now: Date) {
    return { category: body.category, title: body.title, summary: body.summary, body: body.body, link: body.link ?? null, publishedAt: new Date(body.publishedAt), updatedAt: now };
  }

  private window(body: { startsAt: string; endsAt: string }) {
    return { startsAt: new Date(body.startsAt), endsAt: new Date(body.endsAt) };
  }

  private billboard(body: BillboardBody) {
    return { title: body.title, link: body.link ?? null, sort: body.sort ?? 0, ...this.window(body) };
  }

  private discount(body: DiscountBody) {
    return { title: body.title, description: body.description, serviceId: body.serviceId ?? null, discountPercent: body.discountPercent, link: body.link ?? null, ...this.window(body) };
  }

  listNews = async () => ({ items: (await managedNews.list(this.deps.db)).map(newsDetailOut) });
  createNews = (caller: Caller, body: NewsBody) => {
    const now = this.deps.clock.now();
    return this.change(caller, 'news', 'create', async (tx) => {
      const row = await managedNews.insert(tx, { ...this.news(body, now), createdBy: caller.userId!, createdAt: now });
      return { id: row.id, out: { item: newsDetailOut(row) } };
    });
  };
  updateNews = (caller: Caller, id: string, body: NewsBody) =>
    this.change(caller, 'news', 'update', async (tx) => {
      const row = await managedNews.update(tx, id, this.news(body, this.deps.clock.now()));
      return row && { id, out: { item: newsDetailOut(row) } };
    });
  removeNews = (caller: Caller, id: string) => this.change(caller, 'news', 'delete', async (tx) => ((await managedNews.remove(tx, id)) ? { id, out: {} } : undefined));

  listBillboard = async () => ({ items: (await managedBillboard.list(this.deps.db)).map(billboardOut) });
  createBillboard = (caller: Caller, body: BillboardBody) =>
    this.change(caller, 'billboard', 'create', async (tx) => {
      const row = await managedBillboard.insert(tx, { ...this.billboard(body), createdAt: this.deps.clock.now() });
      return { id: row.id, out: { item: billboardOut(row) } };
    });
  updateBillboard = (caller: Caller, id: string, body: BillboardBody) =>
    this.change(caller, 'billboard', 'update', async (tx) => {
      const row = await managedBillboard.update(tx, id, this.billboard(body));
      return row && { id, out: { item: billboardOut(row) } };
    });
  removeBillboard = (caller: Caller, id: string) => this.change(caller, 'billboard', 'delete', async (tx) => ((await managedBillboard.remove(tx, id)) ? { id, out: {} } : undefined));

  listDiscounts = async () => ({ items: (await managedDiscounts.list(this.deps.db)).map(discountOut) });
  createDiscount = (caller: Caller, body: DiscountBody) =>
    this.change(caller, 'discount', 'create', async (tx) => {
      const row = await managedDiscounts.insert(tx, { ...this.discount(body), createdAt: this.deps.clock.now() });
      return { id: row.id, out: { item: discountOut(row) } };
    });
  updateDiscount = (caller: Caller, id: string, body: DiscountBody) =>
    this.change(caller, 'discount', 'update', async (tx) => {
      const row = await managedDiscounts.update(tx, id, this.discount(body));
      return row && { id, out: { item: discountOut(row) } };
    });
  removeDiscount = (caller: Caller, id: string) => this.change(caller, 'discount', 'delete', async (tx) => ((await managedDiscounts.remove(tx, id)) ? { id, out: {} } : undefined));
}
