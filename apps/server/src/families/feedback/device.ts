import type { Readable } from 'node:stream';
import { feedbackApi, type BodyOf } from '@wharf/contract';
import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, invalidInput } from '../../platform/http/errors';
import { rateKey } from '../../platform/rate-limit';
import { filesOf } from '../files/public';
import { feedbackRepo } from './repo';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** What an app's users send from their devices: screenshots, then the feedback naming them. */
export class FeedbackDevice {
  constructor(private readonly deps: Deps) {}

  /** Beside the per-device limit the endpoint declares: the app's devices together. */
  private async perApp(appId: string) {
    const { rateLimits, config } = this.deps;
    const verdict = await rateLimits.hit(rateKey('feedbackPerApp', 'app', appId), config.rateLimits.feedbackPerApp!);
    if (!verdict.allowed) {
      throw new AppError('rateLimited', { zh: '该应用本小时收到的反馈过多，请稍后再试', en: 'This app got too much feedback this hour; try again later', ru: 'Это приложение получило слишком много отзывов за этот час; повторите позже' }, { 'Retry-After': String(verdict.retryAfterSeconds) });
    }
  }

  /** Stored as a file of the app's team, checked as every image upload is; answers the token a feedback names it by. */
  async screenshot(caller: Caller, body: Readable, contentType: string) {
    const appId = caller.appId!;
    await this.perApp(appId);
    const file = await filesOf(this.deps).upload(caller, body, { fileName: `feedback-screenshot.${EXTENSIONS[contentType] ?? 'png'}`, contentType, bizTag: 'img', maxBytes: feedbackApi.FEEDBACK_LIMITS.screenshotBytes });
    return { screenshotToken: await feedbackRepo.addUpload(this.deps.db, appId, file.objectId, this.deps.clock.now()) };
  }

  async submit(caller: Caller, input: BodyOf<typeof feedbackApi.submitFeedback>, from: { deviceId: string | null; language: string | null; country: string | null }) {
    const { db, clock } = this.deps;
    const appId = caller.appId!;
    await this.perApp(appId);
    const tokens = [...new Set(input.screenshotTokens ?? [])];
    const row = await db.transaction(async (tx) => {
      const now = clock.now();
      const created = await feedbackRepo.insert(tx, {
        appId,
        teamId: caller.teamId!,
        text: input.text,
        category: input.category ?? 'other',
        appVersion: input.appVersion || null,
        deviceModel: input.deviceModel || null,
        os: input.os || null,
        contact: input.contact || null,
        language: from.language,
        country: from.country,
        deviceId: caller.appUserId ? null : from.deviceId,
        appUserId: caller.appUserId,
        createdAt: now,
        updatedAt: now,
      });
      const files = await feedbackRepo.claimUploads(tx, appId, tokens, created.id);
      if (files.length !== tokens.length) {
        throw invalidInput({ zh: '参数不合法：screenshotTokens 中有无效或已使用的截图', en: 'Invalid input: screenshotTokens: a screenshot is unknown or attached already; upload it again', ru: 'Недопустимые параметры: screenshotTokens: снимок экрана неизвестен или уже прикреплён; загрузите его снова' });
      }
      const withFiles = files.length ? await feedbackRepo.update(tx, created.id, { screenshotIds: files }) : created;
      await writeAudit(tx, clock, { action: 'feedback.receive', teamId: caller.teamId, actorId: caller.appUserId, actorKind: caller.appUserId ? 'app-user' : 'device', ip: caller.ip, targetType: 'feedback', targetId: created.id, data: { appId, category: withFiles.category, screenshots: files.length } });
      return withFiles;
    });
    return { feedbackId: row.id };
  }
}
