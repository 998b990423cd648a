import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { billboardItem, discountActivity, NEWS_CATEGORIES, newsDetail, newsItem, serviceEntry } from './schemas';

const PREFIX = 'content/v1';

export const latestNews = defineEndpoint({
  id: 'content.latestNews',
  method: 'GET',
  prefix: PREFIX,
  path: '/service-news/latest',
  access: 'anonymous',
  summary: 'The newest published service news (for the home page)',
  query: z.object({ limit: z.coerce.number().int().min(1).max(20).default(5) }),
  response: okResponse({ items: z.array(newsItem) }),
});

export const newsList = defineEndpoint({
  id: 'content.newsList',
  method: 'GET',
  prefix: PREFIX,
  path: '/service-news/viewlist',
  access: 'anonymous',
  summary: 'Published service news, newest first',
  query: listQuery.extend({ category: z.enum(NEWS_CATEGORIES).optional() }),
  response: okResponse(listShape(newsItem)),
});

export const newsDetailCall = defineEndpoint({
  id: 'content.newsDetail',
  method: 'GET',
  prefix: PREFIX,
  path: '/service-news/viewdetail/:serviceNewsId',
  access: 'anonymous',
  summary: 'One published news item; records the visit for the access history',
  params: z.object({ serviceNewsId: z.uuid() }),
  query: z.object({ DID: z.string().min(1).max(128).optional() }),
  response: okResponse({ item: newsDetail }),
});

export const newsAccessHistory = defineEndpoint({
  id: 'content.newsAccessHistory',
  method: 'GET',
  prefix: PREFIX,
  path: '/service-news/accesshistory',
  access: 'anonymous',
  summary: 'Which news a visitor (device id) has read, for unread markers',
  query: z.object({ DID: z.string().min(1).max(128) }),
  response: okResponse({ items: z.array(z.object({ serviceNewsId: z.string(), lastViewedAt: z.string() })) }),
});

export const serviceList = defineEndpoint({
  id: 'content.serviceList',
  method: 'GET',
  prefix: PREFIX,
  path: '/service/list',
  access: 'anonymous',
  summary: 'The services this console offers, by category (the serviceMap)',
  response: okResponse({ items: z.array(serviceEntry) }),
});

export const usageConfig = defineEndpoint({
  id: 'content.usageConfig',
  method: 'GET',
  prefix: PREFIX,
  path: '/usage/config',
  access: 'anonymous',
  summary: 'The limits the console enforces, for help texts and forms',
  response: okResponse({ limits: z.record(z.string(), z.number()) }),
});

export const discountActivities = defineEndpoint({
  id: 'content.discountActivities',
  method: 'GET',
  prefix: PREFIX,
  path: '/discount-activities',
  access: 'anonymous',
  summary: 'Discount activities running now',
  response: okResponse({ items: z.array(discountActivity) }),
});

export const billboard = defineEndpoint({
  id: 'content.billboard',
  method: 'GET',
  prefix: PREFIX,
  path: '/billboard',
  access: 'anonymous',
  summary: 'Billboard notices showing now, in display order',
  response: okResponse({ items: z.array(billboardItem) }),
});
