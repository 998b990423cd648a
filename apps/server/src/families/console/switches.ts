import type { FeatureSwitches } from '@wharf/contract';

/** What a fresh self-hosted console runs with: its own sign-in, analytics on. */
export const DEFAULT_SWITCHES: FeatureSwitches = {
  osSwitch: false,
  osSwitch2: false,
  osSwitch3: false,
  osSwitch4: false,
  unrealNameSwitch: true,
  chinaSideSwitch: false,
  googleAnalyticsSwitch: false,
  AGC_enableHA: true,
  useAgcLoginSwitch: true,
  h5UseAgcLoginSwitch: true,
  applyInterface: false,
  demoProjectMemberEditPermission: false,
};

/** Configured values override the defaults; unknown names are ignored rather than served. */
export function featureSwitchesOf(configured: Record<string, boolean>): FeatureSwitches {
  const result = { ...DEFAULT_SWITCHES };
  for (const key of Object.keys(result) as Array<keyof FeatureSwitches>) {
    const value = configured[key];
    if (typeof value === 'boolean') result[key] = value;
  }
  return result;
}
