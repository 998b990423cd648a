import { deviceDraft } from '../../../ui/device-draft';

// A reply being written, kept on this device until it is sent.
const drafts = deviceDraft<string>('replyDraft', (v) => (typeof v === 'string' ? v : null));

export const keepReplyDraft = (reviewId: string, text: string): void => drafts.keep(reviewId, text);
export const readReplyDraft = (reviewId: string): string | null => drafts.read(reviewId);
export const dropReplyDraft = (reviewId: string): void => drafts.drop(reviewId);
