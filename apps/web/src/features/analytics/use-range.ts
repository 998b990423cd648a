import { useSearchParams } from 'react-router';
import { lastDays, parseRange, todayIn, type DayRange } from './range';

/**
 * The range every tab shows, kept in the address (a reload, a shared link or the way back
 * keep it): the last 30 days by default, today being the app's reporting time zone's.
 */
export function useRange(timeZone: string) {
  const [search, setSearch] = useSearchParams();
  const today = todayIn(timeZone);
  const range = parseRange(search.get('from'), search.get('to')) ?? lastDays(30, today);
  const compare = search.get('compare') !== 'false';
  const set = (values: Record<string, string>) =>
    setSearch(
      (s) => {
        const out = new URLSearchParams(s);
        for (const [k, v] of Object.entries(values)) {
          if (v) out.set(k, v);
          else out.delete(k);
        }
        return out;
      },
      { replace: true },
    );
  return {
    today,
    range,
    compare,
    /** Funnel steps picked, in order. */
    steps: (search.get('steps') ?? '').split(',').filter(Boolean),
    change: (next: DayRange, nextCompare: boolean) => set({ from: next.from, to: next.to, compare: String(nextCompare) }),
    setSteps: (steps: readonly string[]) => set({ steps: steps.join(',') }),
  };
}
