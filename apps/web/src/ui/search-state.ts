import { useSearchParams } from 'react-router';

/**
 * A page's choices kept in its address (the bucket or site shown, the open tab), so a
 * reload or a shared link opens the same place: the parameters, and a change of several at
 * once (null removes one).
 */
export function useSearchState(): [URLSearchParams, (change: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const change = (values: Record<string, string | null>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(values)) if (v === null) p.delete(k);
      else p.set(k, v);
      return p;
    });
  return [params, change];
}
