// The catalogues are shared by every caller in the process (and the browser bundle), so a
// caller that edits one would change it for all: freeze them all the way down.
export function freezeDeep<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freezeDeep(inner);
  }
  return value;
}
