import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { billboardInput, billboardItem, discountActivity, discountInput, newsDetail, newsInput } from './schemas';

const PREFIX = 'content/v1';
const idParam = z.object({ id: z.uuid() });

function crud<I extends z.ZodType, O extends z.ZodType>(name: string, path: string, input: I, output: O) {
  return {
    create: defineEndpoint({ id: `content.create${name}`, method: 'POST', prefix: PREFIX, path, access: 'operator:admin', summary: `Create (${name})`, body: input, response: okResponse({ item: output }) }),
    update: defineEndpoint({ id: `content.update${name}`, method: 'PUT', prefix: PREFIX, path: `${path}/:id`, access: 'operator:admin', summary: `Update (${name})`, params: idParam, body: input, response: okResponse({ item: output }) }),
    remove: defineEndpoint({ id: `content.delete${name}`, method: 'DELETE', prefix: PREFIX, path: `${path}/:id`, access: 'operator:admin', summary: `Delete (${name})`, params: idParam, response: okResponse({}) }),
    list: defineEndpoint({ id: `content.list${name}`, method: 'GET', prefix: PREFIX, path, access: 'operator:admin', summary: `All, also unpublished (${name})`, response: okResponse({ items: z.array(output) }) }),
  };
}

export const manageNews = crud('News', '/manage/service-news', newsInput, newsDetail);
export const manageBillboard = crud('Billboard', '/manage/billboard', billboardInput, billboardItem);
export const manageDiscounts = crud('Discount', '/manage/discount-activities', discountInput, discountActivity);
