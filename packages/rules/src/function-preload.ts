// Preload policies: runners of a function kept warm during given hours of given days.

export const PRELOAD_LIMITS = { perFunction: 5, instances: { min: 1, max: 10 } } as const;

export interface PreloadWindow {
  /** Days of the week it holds, 0 = Sunday … 6 = Saturday. */
  days: readonly number[];
  /** From this hour (0–23) up to, not including, `endHour` (1–24), in `timeZone`. */
  startHour: number;
  endHour: number;
  timeZone: string;
}

const WEEKDAY: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Whether a policy's window holds at a moment (its day and hour where the policy's time zone is). */
export function preloadHolds(w: PreloadWindow, at: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: w.timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' }).formatToParts(at);
  const day = WEEKDAY[parts.find((p) => p.type === 'weekday')?.value ?? ''];
  const hour = Number(parts.find((p) => p.type === 'hour')?.value);
  return day !== undefined && w.days.includes(day) && hour >= w.startHour && hour < w.endHour;
}
