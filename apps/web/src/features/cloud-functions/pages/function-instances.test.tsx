import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cloudFunctionsApi as api } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { AT, FN_ID, functionPageHandlers, OK, PROJECT_ID } from './fixtures';

// The Instances tab: the function's runners on every server instance, and preload policies.

const policy = { policyId: '00000000-0000-4000-8000-000000000401', qualifier: '$latest', instances: 2, days: [1, 2, 3, 4, 5], startHour: 9, endHour: 18, timeZone: 'UTC', enabled: true, active: true, updatedAt: AT };

function serve(withPolicy: boolean) {
  answerCalls(callEndpoint, {
    ...functionPageHandlers(),
    [api.listInstances.id]: () => ({
      ret: OK,
      instances: withPolicy ? [{ server: 'web-1:4242:ab12', version: '$latest', state: 'idle', calls: 0, startedAt: AT, lastUsedAt: AT, memoryMb: 48.5, held: true }] : [],
    }),
    [api.listPreloadPolicies.id]: () => ({ ret: OK, policies: withPolicy ? [policy] : [] }),
    [api.createPreloadPolicy.id]: () => ({ ret: OK, policy }),
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe('a function’s instances', () => {
  it('list its runners with their server, memory and whether a policy holds them, and the policy in words', async () => {
    serve(true);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=instances`);
    expect(await screen.findByText('web-1:4242:ab12')).toBeTruthy();
    expect(screen.getByText('Preloaded')).toBeTruthy();
    expect(screen.getByText('48.50 MB')).toBeTruthy();
    expect(screen.getByText('Mon, Tue, Wed, Thu, Fri · 09:00–18:00 (UTC)')).toBeTruthy();
    expect(screen.getByText('Holding now')).toBeTruthy();
  });

  it('say what to do when there are none, then add a policy for weekday mornings', async () => {
    serve(false);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=instances`);
    expect(await screen.findByText(/No runners now/)).toBeTruthy();
    expect(screen.getByText(/No preload policies. Add one/)).toBeTruthy();
    fireEvent.click(screen.getByText('Add policy').closest('button')!);
    fireEvent.change(await screen.findByLabelText('Runners'), { target: { value: '3' } });
    fireEvent.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.createPreloadPolicy)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.createPreloadPolicy)[0]!.body).toMatchObject({ qualifier: '$latest', instances: 3, days: [1, 2, 3, 4, 5], startHour: 9, endHour: 18, enabled: true });
  });
});
