import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { feedbackInput, SCREENSHOT_TYPES } from './schemas';

/** What an app calls on a device, with its client key. */
const PREFIX = 'fms/v1/client';
const writes = { class: 'feedbackWrite', by: 'device' } as const;

export const uploadFeedbackScreenshot = defineEndpoint({
  id: 'feedback.screenshot',
  method: 'POST',
  prefix: PREFIX,
  path: '/feedback/screenshot',
  access: 'app-client:optional-user',
  rateLimit: writes,
  summary: 'A screenshot for a feedback, as the request body (application/octet-stream, PNG, JPEG or WebP, at most 5 MB, checked): answers a token the feedback names it by',
  query: z.object({ contentType: z.enum(SCREENSHOT_TYPES) }),
  response: okResponse({ screenshotToken: z.string() }),
});

export const submitFeedback = defineEndpoint({
  id: 'feedback.submit',
  method: 'POST',
  prefix: PREFIX,
  path: '/feedback',
  access: 'app-client:optional-user',
  rateLimit: writes,
  summary: "A user's feedback from inside the app: text, category, up to three screenshots, the app version and device, and how to answer them",
  body: feedbackInput,
  response: okResponse({ feedbackId: z.string() }),
});
