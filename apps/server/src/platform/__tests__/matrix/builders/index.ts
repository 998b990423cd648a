/// <reference types="vite/client" />
import type { Builders } from '../types';

// Every file beside this one brings a family's builders as one `<name>Builders()` export,
// found by glob (vitest resolves it), so a new family adds a file and edits no list.
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./index.ts'], { eager: true });

/** One request builder per endpoint id of the contract (see ../README.md). */
export const BUILDERS: Builders = Object.assign(
  {},
  ...Object.values(modules).flatMap((m) =>
    Object.entries(m)
      .filter(([name, make]) => name.endsWith('Builders') && typeof make === 'function')
      .map(([, make]) => (make as () => Builders)()),
  ),
);
