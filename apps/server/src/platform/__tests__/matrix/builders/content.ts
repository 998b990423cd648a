import { contentApi, type Endpoint } from '@wharf/contract';
import type { Seed } from '../seed';
import type { Builders } from '../types';

const text = (s: string) => ({ cn: s, en: s, ru: s });
const news = (s: Seed, publishedAt = s.t.clock.now()) => ({ category: 'service', title: text('Matrix news'), summary: text('Matrix summary'), body: text('Matrix body'), publishedAt: new Date(publishedAt.getTime() - 60_000).toISOString() });
const window = (s: Seed) => ({ startsAt: new Date(s.t.clock.now().getTime() - 60_000).toISOString(), endsAt: new Date(s.t.clock.now().getTime() + 86_400_000).toISOString() });
const billboard = (s: Seed) => ({ title: text('Matrix billboard'), ...window(s) });
const discount = (s: Seed) => ({ title: text('Matrix discount'), description: text('Matrix discount text'), discountPercent: 10, ...window(s) });

async function created(s: Seed, endpoint: Endpoint, body: unknown): Promise<string> {
  await s.op.login();
  const res = await s.op.call(endpoint, { body });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().item.id as string;
}

/** Operator-managed content, its public pages, the console's configuration and behaviour reports. */
export function contentBuilders(): Builders {
  const crud = (name: 'News' | 'Billboard' | 'Discount', group: { create: Endpoint }, input: (s: Seed) => unknown): Builders => ({
    [`content.create${name}`]: { build: (s) => ({ body: input(s) }) },
    [`content.update${name}`]: { build: async (s) => ({ params: { id: await created(s, group.create, input(s)) }, body: input(s) }) },
    [`content.delete${name}`]: { build: async (s) => ({ params: { id: await created(s, group.create, input(s)) } }) },
    [`content.list${name}`]: { build: () => ({}) },
  });
  return {
    'console.getConfig': { build: () => ({}) },
    ...crud('News', contentApi.manageNews, news),
    ...crud('Billboard', contentApi.manageBillboard, billboard),
    ...crud('Discount', contentApi.manageDiscounts, discount),
    'content.billboard': { build: () => ({}) },
    'content.discountActivities': { build: () => ({}) },
    'content.latestNews': { build: () => ({ query: { limit: 20 } }) },
    'content.newsList': { build: () => ({ query: { pageSize: 100, withTotal: 'true' } }) },
    'content.newsDetail': { build: async (s) => ({ params: { serviceNewsId: await created(s, contentApi.manageNews.create, news(s)) }, query: { DID: 'matrix-device' } }) },
    'content.newsAccessHistory': { build: () => ({ query: { DID: 'matrix-device' } }) },
    'content.serviceList': { build: () => ({}) },
    'content.usageConfig': { build: () => ({}) },

    'report.behaviour': { build: (s) => ({ body: { events: [{ tagType: 'pageView', language: 'en', DID: 'matrix-device', at: s.t.clock.now().toISOString() }] } }) },
    'report.clueBehaviour': { build: () => ({ body: { dataType: 'agc_service_browsing', detail: { serviceId: 'appManage' } } }) },
    'report.clueBehaviourAnonymous': { build: () => ({ body: { dataType: 'agc_service_browsing', detail: { serviceId: 'appManage' }, DID: 'matrix-device' } }) },
  };
}
