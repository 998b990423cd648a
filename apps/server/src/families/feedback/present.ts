import { z } from 'zod';
import type { FeedbackDetail, FeedbackItem } from '@wharf/contract';
import type { FeedbackRow, NoteRow } from './repo';

const EMAIL = z.email();

/** Whether the contact the user left is an email address (replies are mailed there), by the contract's own email rule. */
export const emailOf = (contact: string | null): string | null => (contact && EMAIL.safeParse(contact).success ? contact : null);

export function itemOut(r: FeedbackRow, names: Map<string, string>): FeedbackItem {
  return {
    feedbackId: r.id,
    appId: r.appId,
    text: r.text,
    category: r.category as FeedbackItem['category'],
    state: r.state as FeedbackItem['state'],
    assigneeId: r.assigneeId,
    assigneeName: r.assigneeId ? (names.get(r.assigneeId) ?? null) : null,
    appVersion: r.appVersion,
    deviceModel: r.deviceModel,
    os: r.os,
    contact: r.contact,
    replyByMail: emailOf(r.contact) !== null,
    language: r.language,
    country: r.country,
    fromAppUser: r.appUserId !== null,
    screenshots: r.screenshotIds.length,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  };
}

export function detailOut(r: FeedbackRow, notes: NoteRow[], names: Map<string, string>, screenshotUrls: string[]): FeedbackDetail {
  return {
    ...itemOut(r, names),
    screenshotUrls,
    notes: notes.map((n) => ({
      noteId: n.id,
      kind: n.kind as 'note' | 'reply',
      text: n.text,
      authorId: n.authorId,
      authorName: n.authorId ? (names.get(n.authorId) ?? null) : null,
      mailedTo: n.mailedTo,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}
