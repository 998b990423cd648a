// A reply being written, kept on this device until it is sent, so a reload or a move to
// another page loses nothing.

const key = (reviewId: string) => `wharf.replyDraft.${reviewId}`;

export function keepReplyDraft(reviewId: string, text: string): void {
  try {
    localStorage.setItem(key(reviewId), text);
  } catch {
    // Storage full or refused: the guard still asks before leaving.
  }
}

export function readReplyDraft(reviewId: string): string | null {
  try {
    return localStorage.getItem(key(reviewId));
  } catch {
    return null;
  }
}

export function dropReplyDraft(reviewId: string): void {
  try {
    localStorage.removeItem(key(reviewId));
  } catch {
    // nothing kept
  }
}
