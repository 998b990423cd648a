import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { lastDays, parseRange, todayIn, type DayRange } from './range';

/**
 * What the page keeps in its address (tab, range, funnel steps, the explorer's choices):
 * a reload, a shared link or the way back keep it. An empty value removes its key.
 */
export function usePageState() {
  const [search, setSearch] = useSearchParams();
  // What the last change wrote: react-router hands a change this render's address, so two
  // changes before the next render would each start from it and the second undo the first.
  const latest = useRef(search);
  latest.current = search;
  return {
    get: (key: string) => search.get(key) ?? '',
    /**
     * What the address holds now, for a click's handler: react-router renders an address
     * change in a transition, so a click can run while the page still shows the one before.
     */
    read: (key: string) => latest.current.get(key) ?? '',
    set: (values: Record<string, string>) => {
      const out = new URLSearchParams(latest.current);
      for (const [k, v] of Object.entries(values)) {
        if (v) out.set(k, v);
        else out.delete(k);
      }
      latest.current = out;
      setSearch(out, { replace: true });
    },
  };
}

/**
 * The range every tab shows, kept in the address (a reload, a shared link or the way back
 * keep it): the last 30 days by default, today being the app's reporting time zone's.
 */
export function useRange(timeZone: string) {
  const { get, set } = usePageState();
  const today = todayIn(timeZone);
  const range = parseRange(get('from'), get('to')) ?? lastDays(30, today);
  const compare = get('compare') !== 'false';
  return {
    today,
    range,
    compare,
    /** Funnel steps picked, in order. */
    steps: get('steps').split(',').filter(Boolean),
    change: (next: DayRange, nextCompare: boolean) => set({ from: next.from, to: next.to, compare: String(nextCompare) }),
    setSteps: (steps: readonly string[]) => set({ steps: steps.join(',') }),
  };
}
