/** A LIKE/ILIKE pattern matching `text` anywhere, with its own % _ \ taken literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
