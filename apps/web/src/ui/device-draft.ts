// What a person typed and has not saved yet, kept on this device (localStorage) so a
// reload or a move to another page loses nothing. Storage full or refused (private mode):
// nothing is kept, and the page's unsaved guard still asks before leaving.

export interface DeviceDraft<T> {
  keep(id: string, value: T): void;
  /** The kept value, or null when none is kept or it no longer reads as `T`. */
  read(id: string): T | null;
  drop(id: string): void;
}

/** Drafts under `wharf.<name>.<id>`; `accept` turns what was stored back into a `T`, or null. */
export function deviceDraft<T>(name: string, accept: (stored: unknown) => T | null): DeviceDraft<T> {
  const key = (id: string) => `wharf.${name}.${id}`;
  return {
    keep(id, value) {
      try {
        localStorage.setItem(key(id), JSON.stringify(value));
      } catch {
        // Not kept: see above.
      }
    },
    read(id) {
      try {
        const raw = localStorage.getItem(key(id));
        return raw === null ? null : accept(JSON.parse(raw));
      } catch {
        return null;
      }
    },
    drop(id) {
      try {
        localStorage.removeItem(key(id));
      } catch {
        // Nothing kept, nothing to drop.
      }
    },
  };
}
