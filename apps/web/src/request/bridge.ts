import { routeModeOfHash } from '@wharf/rules';

/** What the embedded console posts to the page that frames it. */
export interface BridgeMessage {
  functionName: string;
  params: unknown;
}

export interface BridgeOptions {
  /** The window to post from (tests); default this window. */
  self?: Window;
  /** The frame's origin, when known; default the origin of the referrer. */
  targetOrigin?: string;
}

function originOf(url: string): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * In embedded app mode (the hash starts with #/app/) the console asks the page around it
 * to act: it posts `{ functionName, params }` to window.top. Only to the framing page's
 * origin (the referrer's), never to any origin. Answers whether a message was posted: not
 * outside embedded mode, not when there is no other top window, not without an origin.
 */
export function postToTop(functionName: string, params: unknown, options: BridgeOptions = {}): boolean {
  const self = options.self ?? window;
  if (!routeModeOfHash(self.location.hash).embeddedApp) return false;
  const top = self.top;
  if (!top || top === self) return false;
  const targetOrigin = options.targetOrigin ?? originOf(self.document.referrer);
  if (!targetOrigin) return false;
  const message: BridgeMessage = { functionName, params };
  top.postMessage(message, targetOrigin);
  return true;
}
