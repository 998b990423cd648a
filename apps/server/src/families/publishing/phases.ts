import type { PhasedRelease } from '@wharf/contract';
import type { PhaseChange } from '../versions/public';

/** AppGallery Connect's names of a phased release's states. */
const STATE_NAMES: Record<PhasedRelease['state'], string> = { pending: 'PENDING', active: 'RELEASE', paused: 'SUSPEND', completed: 'COMPLETED', terminated: 'TERMINATED' };
const percentText = (percent: number) => percent.toFixed(2);

export const phaseInfoOf = (p: PhasedRelease) => ({
  state: STATE_NAMES[p.state],
  phasedReleasePercent: percentText(p.percent),
  phasedReleaseStartTime: p.startAt,
  phasedReleaseEndTime: p.endAt,
  phasedReleaseDescription: p.description,
});

/**
 * The Connect API's phased-release change as the console's: SUSPEND pauses, RELEASE resumes
 * (or widens, with a percentage), FULL releases to everyone.
 */
export function phaseChangeOf(body: { state: 'SUSPEND' | 'RELEASE' | 'FULL'; phasedReleasePercent?: string | undefined; phasedReleaseEndTime?: string | undefined; phasedReleaseDescription?: string | undefined }, current: PhasedRelease['state']): PhaseChange {
  const settings = {
    ...(body.phasedReleasePercent !== undefined ? { percent: Number(body.phasedReleasePercent) } : {}),
    ...(body.phasedReleaseEndTime !== undefined ? { endAt: body.phasedReleaseEndTime } : {}),
    ...(body.phasedReleaseDescription !== undefined ? { description: body.phasedReleaseDescription } : {}),
  };
  if (body.state === 'SUSPEND') return { state: 'SUSPEND' };
  if (body.state === 'FULL') return { state: 'RELEASE' };
  if (current === 'paused') return { state: 'RESUME' };
  return { state: 'UPDATE', ...settings };
}
