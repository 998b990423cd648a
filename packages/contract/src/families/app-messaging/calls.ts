import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { appQuery, deviceMessage, messageInput, messageOut, messageStats } from './schemas';

/** In-app messaging (AppGallery Connect's App Messaging, /ams): an app's messages, their states and statistics. */
const PREFIX = 'ams/v1';
const READ = 'app:app.read';
const MANAGE = 'app:growth.manage';
const messageParams = z.object({ messageId: z.uuid() });

export const listMessages = defineEndpoint({
  id: 'appMessaging.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/messages',
  access: READ,
  summary: "The app's messages, highest priority first, each with its state now",
  query: appQuery,
  response: okResponse({ messages: z.array(messageOut) }),
});

export const getMessage = defineEndpoint({
  id: 'appMessaging.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/message/:messageId',
  access: READ,
  summary: 'One message with the timeline of its states',
  params: messageParams,
  query: appQuery,
  response: okResponse({ message: messageOut }),
});

export const createMessage = defineEndpoint({
  id: 'appMessaging.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/message',
  access: MANAGE,
  summary: 'A new message, a draft until it is published',
  query: appQuery,
  body: messageInput,
  response: okResponse({ message: messageOut }),
});

export const updateMessage = defineEndpoint({
  id: 'appMessaging.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/message/:messageId',
  access: MANAGE,
  summary: 'Replaces a message that has not ended; devices get the change at their next fetch',
  params: messageParams,
  query: appQuery,
  body: messageInput,
  response: okResponse({ message: messageOut }),
});

export const setMessageState = defineEndpoint({
  id: 'appMessaging.setState',
  method: 'POST',
  prefix: PREFIX,
  path: '/message/:messageId/state',
  access: MANAGE,
  summary: 'Publishes a draft, pauses a scheduled or running message, resumes a paused one, or ends it for good',
  params: messageParams,
  query: appQuery,
  body: z.object({ action: z.enum(['publish', 'pause', 'resume', 'end']) }),
  response: okResponse({ message: messageOut }),
});

export const deleteMessage = defineEndpoint({
  id: 'appMessaging.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/message/:messageId',
  access: MANAGE,
  summary: 'Deletes a message that is a draft or has ended',
  params: messageParams,
  query: appQuery,
  response: okResponse({}),
});

export const messageStatistics = defineEndpoint({
  id: 'appMessaging.stats',
  method: 'GET',
  prefix: PREFIX,
  path: '/message/:messageId/stats',
  access: READ,
  summary: "Impressions, clicks, dismissals and conversions (the message's conversion event after an impression) per day, from App Analytics' events",
  params: messageParams,
  query: appQuery.extend({ days: z.coerce.number().int().min(1).max(90).default(30) }),
  response: okResponse({ stats: messageStats }),
});

export const fetchMessages = defineEndpoint({
  id: 'appMessaging.fetch',
  method: 'POST',
  prefix: 'ams/v1/client',
  path: '/messages',
  access: 'app-client',
  rateLimit: { class: 'appMessagingFetch', by: 'app' },
  summary: 'The messages this app instance may show, in its language, with their triggers, schedules and caps (ETag / If-None-Match: 304 when unchanged)',
  query: z.object({ deviceId: z.string().trim().min(8).max(128).regex(/^[A-Za-z0-9_.:-]+$/) }),
  body: z.object({
    appVersion: z.string().trim().max(64).optional(),
    country: z.string().regex(/^[A-Za-z]{2}$/).transform((c) => c.toUpperCase()).optional(),
    language: z.string().trim().max(35).optional(),
  }),
  response: okResponse({ messages: z.array(deviceMessage) }),
});
