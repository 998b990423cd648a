import type { ReactElement } from 'react';

/** One page a family adds to the console, under its layout's path. */
export interface FamilyPage {
  /** Relative to the layout: `/projects/:projectId/<path>` or `/apps/:appId/<path>`. */
  path: string;
  element: ReactElement;
}

/**
 * What `features/<family>/routes.tsx` exports: the console shell finds every such file,
 * so a new family adds its pages without editing the shell.
 */
export interface FamilyPages {
  projectPages?: readonly FamilyPage[];
  appPages?: readonly FamilyPage[];
}
