import { hash } from 'node:crypto';

/**
 * An app instance's place in 0–100 for a seed: sha256 of `seed.deviceId`, in 10,000 slices
 * of 0.01, from 0.01 to 100. Stable per instance and seed, independent across seeds (Remote
 * Configuration's conditions and experiments, in-app messages' share of users).
 */
export function percentileOf(seed: string, deviceId: string): number {
  const n = (hash('sha256', `${seed}.${deviceId}`, 'buffer') as Buffer).readUInt32BE(0);
  return ((n % 10_000) + 1) / 100;
}
