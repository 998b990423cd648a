import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionValue } from '../session/store';
import { reportClue, type ClueDeps } from './clues';

afterEach(() => sessionStorage.clear());

function deps(country: string | null, signedIn = true, fail = false) {
  const send = vi.fn<ClueDeps['send']>(async () => {
    if (fail) throw new Error('Network Error');
    return {};
  });
  return { send, deps: { signedIn: () => signedIn, country: () => country, send } satisfies ClueDeps };
}

describe('clue behaviour reports', () => {
  it('reports a service once per session, for a CN team', async () => {
    const { send, deps: d } = deps('CN');
    expect(await reportClue('agc_service_browsing', { serviceId: 's1', menuId: 'm' }, d)).toBe(true);
    expect(await reportClue('agc_service_browsing', { serviceId: 's1' }, d)).toBe(false);
    expect(await reportClue('ecology_service_browsing', { serviceId: 's2' }, d)).toBe(true);
    expect(send.mock.calls).toEqual([
      ['team', { dataType: 'agc_service_browsing', detail: { serviceId: 's1', menuId: 'm' } }],
      ['team', { dataType: 'ecology_service_browsing', detail: { serviceId: 's2' } }],
    ]);
    expect(getSessionValue('reportedClues')).toEqual(['s1', 's2']);
  });

  it('sends nothing for teams of other countries', async () => {
    const { send, deps: d } = deps('RU');
    expect(await reportClue('agc_service_browsing', { serviceId: 's1' }, d)).toBe(false);
    expect((await reportClue('agc_service_browsing', { serviceId: 's1' }, deps(null).deps))).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('uses the anonymous call for a signed-out visitor from CN', async () => {
    const { send, deps: d } = deps('cn', false);
    await reportClue('agcp_demoproject_browsing', { serviceId: 'demo' }, d);
    expect(send).toHaveBeenCalledWith('anonymous', { dataType: 'agcp_demoproject_browsing', detail: { serviceId: 'demo' } });
  });

  it('swallows failures (no error box) and still counts the service as reported', async () => {
    const { deps: d } = deps('CN', true, true);
    await expect(reportClue('agc_service_browsing', { serviceId: 's9' }, d)).resolves.toBe(true);
    expect(getSessionValue('reportedClues')).toEqual(['s9']);
  });
});
