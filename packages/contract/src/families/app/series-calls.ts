import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { app } from './schemas';

const PREFIX = 'amis/app-manage/v1';

/** The most apps one series holds. */
export const SERIES_MAX_APPS = 20;

export const seriesSelectableList = defineEndpoint({
  id: 'app.seriesSelectableList',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/series/selectable/list',
  access: 'app:app.read',
  summary: "Apps of the team that can join this app's series: same platform and category, in no other series",
  body: z.object({ appId: z.uuid() }),
  response: okResponse({ seriesId: z.string().nullable(), members: z.array(app), items: z.array(app) }),
});

export const setSeries = defineEndpoint({
  id: 'app.setSeries',
  method: 'PUT',
  prefix: PREFIX,
  path: '/app/series',
  access: 'app:app.manage',
  summary: "Set the other apps of this app's series (each must be selectable); an empty list takes the app out of its series",
  body: z.object({ appId: z.uuid(), memberAppIds: z.array(z.uuid()).max(SERIES_MAX_APPS - 1) }),
  response: okResponse({ seriesId: z.string().nullable(), members: z.array(app) }),
});
