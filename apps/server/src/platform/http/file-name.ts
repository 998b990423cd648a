/**
 * A download's file name made of what people typed (an app's or report's name): control
 * characters and those Windows or macOS refuse in names become `_`; `fallback` when
 * nothing is left.
 */
export function safeFileName(name: string, fallback: string): string {
  return [...name].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('').trim() || fallback;
}
