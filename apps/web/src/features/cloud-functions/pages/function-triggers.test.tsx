import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cloudFunctionsApi as api } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { AT, FN_ID, functionPageHandlers, OK, PROJECT_ID } from './fixtures';


const trig = { triggerId: '00000000-0000-4000-8000-000000000201', functionId: FN_ID, kind: 'timer' as 'timer' | 'event', name: 'nightly', qualifier: '$latest', enabled: true, timer: { cron: '0 9 * * 1-5', timeZone: 'UTC', missed: 'skip' as const, payload: {} } as unknown, event: null as unknown, nextRunAt: AT as string | null, lastRunAt: null, createdAt: AT, updatedAt: AT };

function serve(withTriggers: boolean) {
  let triggers = withTriggers ? [trig] : [];
  answerCalls(callEndpoint, {
    ...functionPageHandlers(),
    [api.listTriggers.id]: () => ({ ret: OK, triggers }),
    [api.createTrigger.id]: (o) => {
      const b = o.body as { name: string; timer?: { cron: string }; event?: unknown };
      triggers = [b.timer ? { ...trig, name: b.name, timer: { ...(trig.timer as object), cron: b.timer.cron } } : { ...trig, kind: 'event', name: b.name, timer: null, event: b.event, nextRunAt: null }];
      return { ret: OK, trigger: triggers[0] };
    },
    [api.listTriggerRuns.id]: () => ({
      ret: OK,
      items: withTriggers ? [{ runId: '00000000-0000-4000-8000-000000000301', triggerId: trig.triggerId, triggerName: 'nightly', scheduledFor: AT, state: 'dead', attempts: 3, lastError: 'downstream refused', updatedAt: AT }] : [],
      nextCursor: null,
    }),
    [api.replayTriggerRun.id]: () => ({ ret: OK, run: { runId: '00000000-0000-4000-8000-000000000301', triggerId: trig.triggerId, triggerName: 'nightly', scheduledFor: AT, state: 'pending', attempts: 0, lastError: null, updatedAt: AT } }),
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('a function’s triggers', () => {
  it('say what to do when there are none, then add a weekday timer from a preset', async () => {
    serve(false);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=triggers`);
    expect(await screen.findByText(/No triggers yet. Add a timer/)).toBeTruthy();
    fireEvent.click(screen.getByText('Add trigger').closest('button')!);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'morning report' } });
    fireEvent.click(screen.getByText('Every hour'));
    expect(await screen.findByText(/^Next: /)).toBeTruthy();
    fireEvent.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.createTrigger)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.createTrigger)[0]).toMatchObject({ body: { name: 'morning report', qualifier: '$latest', enabled: true, timer: { cron: '0 * * * *', missed: 'skip', payload: {} } } });
    expect(await screen.findByText('0 * * * * (UTC)')).toBeTruthy();
  });

  it('keep a half-typed timer on the device, and refuse a cron of six fields before sending it', async () => {
    serve(false);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=triggers`);
    fireEvent.click((await screen.findByText('Add trigger')).closest('button')!);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'half typed' } });
    fireEvent.change(screen.getByLabelText('Schedule (cron)'), { target: { value: '0 0 9 * * *' } });
    fireEvent.click(screen.getByText('Save').closest('button')!);
    expect(await screen.findByText('Use five cron fields, such as 0 9 * * 1-5.')).toBeTruthy();
    expect(callsTo(callEndpoint, api.createTrigger)).toHaveLength(0);
    expect(localStorage.getItem(`wharf.triggerDraft.${FN_ID}`)).toContain('half typed');
  });

  it('add an event trigger for stored pictures, its filter said in the list', async () => {
    serve(false);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=triggers`);
    fireEvent.click((await screen.findByText('Add trigger')).closest('button')!);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'thumbnails' } });
    fireEvent.click(screen.getByText('Event'));
    fireEvent.change(await screen.findByLabelText('Name ends with'), { target: { value: '.png' } });
    fireEvent.click(screen.getByText('a file is deleted'));
    fireEvent.click(screen.getByText('Save').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.createTrigger)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.createTrigger)[0]!.body).toEqual({ name: 'thumbnails', qualifier: '$latest', enabled: true, event: { source: 'storage', types: ['objectFinalized', 'objectDeleted'], filter: { nameSuffix: '.png' }, attempts: 3 } });
    await waitFor(() => expect(document.body.textContent).toContain('Cloud Storage: a file is stored, a file is deleted · Name ends with .png'));
  });

  it('list runs that failed every attempt and replay one', async () => {
    serve(true);
    renderApp('en', `#/projects/${PROJECT_ID}/cloud-functions/${FN_ID}?tab=triggers`);
    expect(await screen.findByText('downstream refused')).toBeTruthy();
    fireEvent.click(screen.getByText('Replay').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.replayTriggerRun)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.replayTriggerRun)[0]).toMatchObject({ query: { runId: '00000000-0000-4000-8000-000000000301' } });
  });
});
