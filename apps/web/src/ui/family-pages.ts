import type { ReactElement } from 'react';
import type { PermissionName } from '@wharf/contract';

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
  /** Tabs of Users and permissions (`/team/users?tab=<key>`), shown to members holding `permission`. */
  usersTabs?: readonly FamilyTab[];
  /** Pages of the signed-in console's own (`/<path>`), beside Home and My projects. */
  topPages?: readonly FamilyPage[];
  /** Entries of the console's top menu, each leading to one of those pages. */
  menu?: readonly FamilyMenuItem[];
}

/** Who is signed in, as far as the top menu needs to know. */
export interface MenuViewer {
  operatorRoles: readonly string[];
  /** Whether the person belongs to a team (the operator made at first start does not). */
  inTeam: boolean;
}

/** An entry of the console's top menu. */
export interface FamilyMenuItem {
  /** The page's path (`/support`); the entry is marked while the address is under it. */
  key: string;
  label: ReactElement;
  show: (viewer: MenuViewer) => boolean;
}

/** A tab a family adds to a page of the team. */
export interface FamilyTab {
  key: string;
  /** An element, so the family words it with its own strings. */
  label: ReactElement;
  permission: PermissionName;
  element: ReactElement;
}
