import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { abTestingApi, analyticsApi, remoteConfigApi, type Experiment, type ExperimentResults, type RemoteTemplate } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { APP_ID, appShellHandlers } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The A/B Testing pages with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const EXPERIMENT_ID = '00000000-0000-4000-8000-0000000000e1';
const GREETING: RemoteTemplate = { conditions: [], parameters: [{ key: 'greeting', type: 'string', defaultValue: 'Hello', conditionalValues: [] }, { key: 'max_items', type: 'number', defaultValue: '10', conditionalValues: [] }] };
const summary = { number: 1, publishedAt: '2026-03-09T10:00:00.000Z', publishedBy: 'Dev', origin: 'publish', rollbackOf: null, description: null, requestedBy: null, parameters: 2, conditions: 0 };

const experiment = (over: Partial<Experiment> = {}): Experiment => ({
  id: EXPERIMENT_ID,
  name: 'Friendlier greeting',
  parameters: ['greeting'],
  targeting: { rules: [], percent: 100 },
  variants: [
    { name: 'Baseline', weight: 50, values: { greeting: null } },
    { name: 'Hey', weight: 50, values: { greeting: 'Hey' } },
  ],
  primaryMetric: { kind: 'conversion', event: 'purchase' },
  secondaryMetrics: [],
  state: 'running',
  revision: 2,
  createdAt: '2026-03-09T10:00:00.000Z',
  createdBy: 'Dev',
  startedAt: '2026-03-09T10:00:00.000Z',
  stoppedAt: null,
  rolledOut: null,
  ...over,
});

/** Baseline 100 of 1,000 against 130 of 1,000, as the server works them out. */
const RESULTS: ExperimentResults = {
  computedAt: '2026-03-10T10:00:00.000Z',
  final: false,
  exposed: [1000, 1000],
  srm: { pValue: 1, mismatch: false },
  metrics: [
    {
      metric: { kind: 'conversion', event: 'purchase' },
      primary: true,
      variants: [
        { users: 1000, total: 100, mean: 0.1, difference: null, interval: null, relative: null, pValue: null, probabilityToBeat: null },
        { users: 1000, total: 130, mean: 0.13, difference: 0.03, interval: [0.0021, 0.0579], relative: 0.3, pValue: 0.0355, probabilityToBeat: 0.982 },
      ],
      sampleNeeded: 14749,
      leader: 1,
    },
  ],
  days: [{ day: '2026-03-09', exposed: [1000, 1000] }],
};

function serve(list: Experiment[], results: ExperimentResults | null = RESULTS) {
  answerCalls(callEndpoint, {
    ...appShellHandlers(),
    [abTestingApi.listExperiments.id]: () => ({ ret: OK, experiments: list }),
    [abTestingApi.getExperiment.id]: () => ({ ret: OK, experiment: list[0] ?? experiment() }),
    [abTestingApi.experimentResultsCall.id]: () => ({ ret: OK, results }),
    [abTestingApi.createExperiment.id]: ({ body }) => ({ ret: OK, experiment: { ...experiment(body as Partial<Experiment>), state: 'draft', revision: 1, startedAt: null } }),
    [abTestingApi.startExperiment.id]: () => ({ ret: OK, experiment: experiment() }),
    [remoteConfigApi.getRemoteConfig.id]: () => ({ ret: OK, draft: { template: GREETING, revision: 2, basedOn: 1, changed: false, updatedAt: null, updatedBy: null, review: null }, published: summary, settings: { minimumFetchIntervalSeconds: 60, requireReview: false } }),
    [remoteConfigApi.getRemoteVersion.id]: () => ({ ret: OK, version: summary, template: GREETING, previous: null }),
    [analyticsApi.listAudiences.id]: () => ({ ret: OK, audiences: [] }),
  });
}

const button = (name: string) => screen.getByRole('button', { name });

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('A/B Testing pages', () => {
  it('say what to do first, and create and start an experiment through the wizard', async () => {
    serve([]);
    renderApp('en', `#/apps/${APP_ID}/ab-testing`);
    expect(await screen.findByText(/No experiments yet\. Create one/)).toBeTruthy();
    fireEvent.click(button('Create experiment'));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Friendlier greeting' } });
    fireEvent.click(button('Next'));
    expect(await screen.findByLabelText('Share of these devices')).toBeTruthy();
    fireEvent.click(button('Next'));
    fireEvent.mouseDown(await screen.findByLabelText('Parameters to vary'));
    fireEvent.click(await screen.findByText('greeting (text)', { selector: '.ant-select-item-option-content' }));
    const b = within(await screen.findByTestId('variant-1'));
    fireEvent.change(await b.findByLabelText('greeting'), { target: { value: 'Hey' } });
    fireEvent.click(button('Next'));
    fireEvent.change(await screen.findByLabelText('App Analytics event'), { target: { value: 'purchase' } });
    fireEvent.click(button('Next'));
    expect(await screen.findByText('Conversion: purchase')).toBeTruthy();
    fireEvent.click(button('Save and start'));
    await waitFor(() => expect(callsTo(callEndpoint, abTestingApi.startExperiment)).toHaveLength(1));
    expect(callsTo(callEndpoint, abTestingApi.createExperiment)[0]!.body).toEqual({
      name: 'Friendlier greeting',
      parameters: ['greeting'],
      targeting: { rules: [], percent: 100 },
      variants: [
        { name: 'Baseline', weight: 50, values: { greeting: null } },
        { name: 'Variant B', weight: 50, values: { greeting: 'Hey' } },
      ],
      primaryMetric: { kind: 'conversion', event: 'purchase' },
      secondaryMetrics: [],
    });
    expect(callsTo(callEndpoint, abTestingApi.startExperiment)[0]!.body).toEqual({ revision: 1 });
  });

  it('keep what was typed in the wizard on this device, and offer to start over', async () => {
    serve([]);
    const first = renderApp('en', `#/apps/${APP_ID}/ab-testing/new`);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Half typed' } });
    first.unmount();
    renderApp('en', `#/apps/${APP_ID}/ab-testing/new`);
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Half typed');
    expect(screen.getByText(/is back; it is kept on this device until you save/)).toBeTruthy();
    fireEvent.click(button('Start over'));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });

  it('show the results: who leads, the difference with its interval, the sample guidance and a mismatch warning', async () => {
    serve([experiment()], { ...RESULTS, srm: { pValue: 0.00002, mismatch: true } });
    renderApp('en', `#/apps/${APP_ID}/ab-testing/${EXPERIMENT_ID}`);
    expect(await screen.findByTestId('leader')).toHaveProperty('textContent', 'Hey leads');
    const primary = within(screen.getByTestId('primary-metric'));
    expect(primary.getByText('+3 pts [0.2 … 5.8]')).toBeTruthy();
    expect(primary.getByText('98.2 %')).toBeTruthy();
    expect(primary.getByText('To tell a 10% change needs about 14,749 users per variant; the smallest has 1,000. Decide early only on a large difference.')).toBeTruthy();
    expect(screen.getByTestId('srm').textContent).toContain('Sample ratio mismatch');
  });
});
