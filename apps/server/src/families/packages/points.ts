import type { Tx } from '../../platform/db/types';
import { defineExtensionPoint } from '../../platform/extensions';
import type { LocalisedText } from '../../platform/http/errors';

/** A family that keeps packages as part of its history (versions name theirs): asked before one is deleted. */
export interface PackageUser {
  /** Why the package must stay (what uses it), or null. */
  usedBy(tx: Tx, packageId: string): Promise<LocalisedText | null>;
}

export const PACKAGE_USERS = defineExtensionPoint<PackageUser>('packages.users');
