import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { packageSchema } from './schemas';
import { refused } from '../../kit/field-errors';

const PREFIX = 'amis/package-manage/v1';

export const QUICK_APP_DEVICE_TYPES = ['phone', 'tablet', 'tv', 'car', 'wearable'] as const;
export const DEVICE_TYPES = ['phone', 'tablet', 'wearable', 'tv', 'car', '2in1'] as const;

const remark = z.string().max(200).optional();

export const registerH5 = defineEndpoint({
  id: 'package.rpkH5',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/pkg/rpk/h5',
  access: 'app:package.manage',
  summary: 'Register a quick-app H5 version: the quick app opens this web address',
  body: z.object({
    appId: z.uuid(),
    url: z.url().max(2000).refine((v) => /^https:\/\//i.test(v), refused('httpsLink')),
    versionName: z.string().trim().min(1).max(64),
    versionCode: z.number().int().min(1).max(2_147_483_647),
    /** The quick app platform version the H5 shell needs (1070 is the first with H5 quick apps). */
    minPlatformVersion: z.number().int().min(1070).max(9999).default(1070),
    deviceTypes: z.array(z.enum(QUICK_APP_DEVICE_TYPES)).min(1).max(5).default(['phone']),
    remark,
  }),
  response: okResponse({ package: packageSchema }),
});

export const registerRpks = defineEndpoint({
  id: 'package.rpkRpks',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/pkg/rpk/rpks',
  access: 'app:package.manage',
  summary: 'Make an uploaded RPKS (several RPK sub-packages in one zip) a package; every RPK in it is parsed in the background',
  body: z.object({ appId: z.uuid(), objectId: z.uuid(), remark }),
  response: okResponse({ package: packageSchema }),
});

export const deviceModel = z.object({
  model: z.string(),
  name: z.string(),
  brand: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  releaseYear: z.number().int(),
});

export const phoneList = defineEndpoint({
  id: 'package.phoneList',
  method: 'POST',
  prefix: PREFIX,
  path: '/phone/list',
  access: 'app:app.read',
  summary: 'The device models a parsed package can be installed on, and the facts that decided it',
  body: z.object({ appId: z.uuid(), pkgId: z.uuid(), deviceType: z.enum(DEVICE_TYPES).optional() }),
  response: okResponse({
    items: z.array(deviceModel),
    total: z.number().int(),
    requirements: z.object({
      system: z.enum(['android', 'harmony', 'quickapp']).nullable(),
      minApi: z.number().int().nullable(),
      maxApi: z.number().int().nullable(),
      deviceTypes: z.array(z.enum(DEVICE_TYPES)),
      features: z.array(z.string()),
      note: z.string().nullable(),
    }),
  }),
});
