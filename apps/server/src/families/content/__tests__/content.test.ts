import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { accountsFamily } from '../../accounts';

let t: TestApp;
let op: TestUser;
const text = (s: string) => ({ cn: `${s}（中文）`, en: s, ru: `${s} (рус.)` });
const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

beforeAll(async () => {
  t = await createTestApp({ env: { WHARF_OPERATOR_EMAIL: 'ops@example.com', WHARF_OPERATOR_PASSWORD: 'operator password' } });
  await accountsFamily.onStart!(t.deps, () => undefined);
  op = new TestUser(t, 'ops@example.com', 'operator password');
  await op.login();
});
afterAll(() => t.close());
// Tests move the clock by days; the operator signs in again as a person would.
beforeEach(async () => {
  await op.login();
});

async function news(title: string, publishedOffsetMs: number, category = 'release') {
  const res = await op.call(contentApi.manageNews.create, { body: { category, title: text(title), summary: text(`${title} summary`), body: text(`${title} body`), publishedAt: at(publishedOffsetMs) } });
  expect(res.statusCode).toBe(200);
  return res.json().item as { id: string };
}

describe('service news', () => {
  it('shows visitors published news only, newest first, in pages', async () => {
    await news('Old', -3 * 86_400_000);
    await news('Middle', -2 * 86_400_000, 'policy');
    await news('New', -86_400_000);
    const future = await news('Future', 86_400_000);
    const latest = (await t.app.inject({ url: contentApi.latestNews.fullPath, query: { limit: '2' } })).json();
    expect(latest.items.map((n: { title: { en: string } }) => n.title.en)).toEqual(['New', 'Middle']);
    expect(latest.items[0].title.ru).toBe('New (рус.)');
    const page1 = (await t.app.inject({ url: contentApi.newsList.fullPath, query: { pageSize: '2', withTotal: 'true' } })).json();
    expect(page1.total).toBe(3);
    const page2 = (await t.app.inject({ url: contentApi.newsList.fullPath, query: { pageSize: '2', cursor: page1.nextCursor } })).json();
    expect([...page1.items, ...page2.items].map((n: { title: { en: string } }) => n.title.en)).toEqual(['New', 'Middle', 'Old']);
    expect(page2.nextCursor).toBeNull();
    const policies = (await t.app.inject({ url: contentApi.newsList.fullPath, query: { category: 'policy' } })).json();
    expect(policies.items).toHaveLength(1);
    expect((await t.app.inject({ url: `/agc/edge/content/v1/service-news/viewdetail/${future.id}` })).statusCode).toBe(404);
    t.clock.advance(86_400_001);
    expect((await t.app.inject({ url: `/agc/edge/content/v1/service-news/viewdetail/${future.id}` })).statusCode).toBe(200);
  });

  it('records what a visitor read for the access history', async () => {
    const item = await news('Readable', -1000);
    const detail = await t.app.inject({ url: `/agc/edge/content/v1/service-news/viewdetail/${item.id}`, query: { DID: 'device-7' } });
    expect(detail.json().item.body.en).toBe('Readable body');
    const history = (await t.app.inject({ url: contentApi.newsAccessHistory.fullPath, query: { DID: 'device-7' } })).json();
    expect(history.items.map((h: { serviceNewsId: string }) => h.serviceNewsId)).toEqual([item.id]);
    expect((await t.app.inject({ url: contentApi.newsAccessHistory.fullPath, query: { DID: 'device-8' } })).json().items).toEqual([]);
  });

  it('needs every text in all three languages', async () => {
    const res = await op.call(contentApi.manageNews.create, { body: { category: 'release', title: { cn: '标题', en: 'Title' }, summary: text('s'), body: text('b'), publishedAt: at(0) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ in: 'body', field: 'title.ru', name: 'ru', rule: 'required' })]);
    expect(res.json().ret.msg).toBe('Invalid input: title.ru is required');
  });

  it('lets the operator edit and delete news, audited', async () => {
    const item = await news('Typo', -1000);
    const updated = await op.call(contentApi.manageNews.update, { params: { id: item.id }, body: { category: 'event', title: text('Fixed'), summary: text('s'), body: text('b'), publishedAt: at(-1000) } });
    expect(updated.json().item).toMatchObject({ category: 'event', title: { en: 'Fixed' } });
    expect((await op.call(contentApi.manageNews.remove, { params: { id: item.id } })).statusCode).toBe(200);
    expect((await op.call(contentApi.manageNews.remove, { params: { id: item.id } })).statusCode).toBe(404);
    const events = (await t.deps.database.executeSql(`select action from audit_events where target_id = $1 order by id`, [item.id])).rows;
    expect(events.map((e) => (e as { action: string }).action)).toEqual(['content.news.create', 'content.news.update', 'content.news.delete']);
  });
});

describe('billboard and discounts', () => {
  it('shows each only inside its window', async () => {
    await op.call(contentApi.manageBillboard.create, { body: { title: text('Maintenance tonight'), startsAt: at(-1000), endsAt: at(3_600_000), sort: 2 } });
    await op.call(contentApi.manageBillboard.create, { body: { title: text('Pinned'), startsAt: at(-1000), endsAt: at(3_600_000), sort: 1 } });
    await op.call(contentApi.manageBillboard.create, { body: { title: text('Next week'), startsAt: at(7 * 86_400_000), endsAt: at(8 * 86_400_000) } });
    const board = (await t.app.inject({ url: contentApi.billboard.fullPath })).json();
    expect(board.items.map((b: { title: { en: string } }) => b.title.en)).toEqual(['Pinned', 'Maintenance tonight']);
    const discount = await op.call(contentApi.manageDiscounts.create, { body: { title: text('Cloud functions -20%'), description: text('Spring sale'), discountPercent: 20, serviceId: 'cloud-functions', startsAt: at(-1000), endsAt: at(86_400_000) } });
    expect(discount.statusCode).toBe(200);
    expect((await t.app.inject({ url: contentApi.discountActivities.fullPath })).json().items[0]).toMatchObject({ discountPercent: 20, serviceId: 'cloud-functions' });
    t.clock.advance(86_400_000);
    expect((await t.app.inject({ url: contentApi.discountActivities.fullPath })).json().items).toEqual([]);
    expect((await t.app.inject({ url: contentApi.billboard.fullPath })).json().items).toEqual([]);
  });

  it('lets the operator list, edit and delete notices and discounts, each change audited, and says 404 for one that is gone', async () => {
    const notice = (await op.call(contentApi.manageBillboard.create, { body: { title: text('Old notice'), startsAt: at(-1000), endsAt: at(3_600_000) } })).json().item as { id: string };
    const edited = await op.call(contentApi.manageBillboard.update, { params: { id: notice.id }, body: { title: text('New notice'), startsAt: at(-1000), endsAt: at(7_200_000), sort: 5 } });
    expect(edited.json().item).toMatchObject({ title: { en: 'New notice' }, sort: 5 });
    expect((await op.call(contentApi.manageBillboard.list)).json().items.map((b: { id: string }) => b.id)).toContain(notice.id);
    const sale = (await op.call(contentApi.manageDiscounts.create, { body: { title: text('Sale'), description: text('d'), discountPercent: 10, startsAt: at(-1000), endsAt: at(3_600_000) } })).json().item as { id: string };
    const changed = await op.call(contentApi.manageDiscounts.update, { params: { id: sale.id }, body: { title: text('Sale'), description: text('d'), discountPercent: 15.5, startsAt: at(-1000), endsAt: at(3_600_000) } });
    expect(changed.json().item).toMatchObject({ discountPercent: 15.5, serviceId: null, link: null });
    for (const [api, id] of [[contentApi.manageBillboard, notice.id], [contentApi.manageDiscounts, sale.id]] as const) {
      expect((await op.call(api.remove, { params: { id } })).statusCode).toBe(200);
      expect((await op.call(api.remove, { params: { id } })).statusCode).toBe(404);
    }
    const gone = await op.call(contentApi.manageDiscounts.update, { params: { id: sale.id }, body: { title: text('x'), description: text('y'), discountPercent: 5, startsAt: at(0), endsAt: at(1000) } });
    expect(gone.statusCode).toBe(404);
    const actions = async (id: string) => (await t.deps.database.executeSql(`select action from audit_events where target_id = $1 order by id`, [id])).rows.map((e) => (e as { action: string }).action);
    expect(await actions(notice.id)).toEqual(['content.billboard.create', 'content.billboard.update', 'content.billboard.delete']);
    expect(await actions(sale.id)).toEqual(['content.discount.create', 'content.discount.update', 'content.discount.delete']);
  });

  it('refuses a window that ends before it starts and a discount of 100%', async () => {
    const bad = await op.call(contentApi.manageBillboard.create, { body: { title: text('x'), startsAt: at(1000), endsAt: at(0) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toContain('endsAt');
    const full = await op.call(contentApi.manageDiscounts.create, { body: { title: text('x'), description: text('y'), discountPercent: 100, startsAt: at(0), endsAt: at(1000) } });
    expect(full.statusCode).toBe(400);
  });
});

describe('service list and usage config', () => {
  it('lists only services that exist, with their category and route', async () => {
    const items = (await t.app.inject({ url: contentApi.serviceList.fullPath })).json().items;
    expect(items).toContainEqual(expect.objectContaining({ id: 'users-permissions', categoryId: 7, route: '/team/users', scope: 'team' }));
    expect(items).toContainEqual(expect.objectContaining({ id: 'package-management', categoryId: 8, route: '/apps/:appId/packages', scope: 'app' }));
    expect(items).toContainEqual(expect.objectContaining({ id: 'app-information', categoryId: 8, route: '/apps/:appId/info', scope: 'app' }));
    for (const s of items) expect(Object.keys(s.names).sort()).toEqual(['cn', 'en', 'ru']);
  });

  it('serves the limits the server enforces', async () => {
    const limits = (await t.app.inject({ url: contentApi.usageConfig.fullPath })).json().limits;
    expect(limits).toMatchObject({ teamMembers: 200, teamsPerUser: 10 });
  });
});
