import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { analyticsApi, type Audience } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { APP_ID, appShellHandlers } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The Audiences tab with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const buyers: Audience = {
  audienceId: '00000000-0000-4000-8000-0000000000b1',
  name: 'Russian buyers',
  description: 'Bought lately, in Russia',
  conditions: [
    { kind: 'event', event: 'purchase', atLeast: 1, withinDays: 7 },
    { kind: 'attribute', field: 'country', op: 'in', values: ['RU'] },
    { kind: 'appVersion', op: 'gte', version: '2.0' },
    { kind: 'userProperty', property: 'plan', op: 'eq', value: 'pro' },
    { kind: 'userProperty', property: 'beta', op: 'set' },
  ],
  size: 1234,
  computedAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

function serve() {
  answerCalls(callEndpoint, {
    ...appShellHandlers(),
    [analyticsApi.getAnalyticsSettings.id]: () => ({ ret: OK, settings: { timeZone: 'Asia/Shanghai', retentionDays: 365 } }),
    [analyticsApi.analyticsEventList.id]: () => ({ ret: OK, events: [{ name: 'purchase', count: 2, valueSum: 0 }] }),
    [analyticsApi.listAudiences.id]: () => ({ ret: OK, audiences: [buyers] }),
    [analyticsApi.createAudience.id]: ({ body }) => ({ ret: OK, audience: { ...buyers, ...(body as object), audienceId: '00000000-0000-4000-8000-0000000000b2', size: 40 } }),
    [analyticsApi.audiencesOfInstance.id]: () => ({ ret: OK, audiences: [{ audienceId: buyers.audienceId, name: buyers.name }] }),
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe('App Analytics audiences', () => {
  it('lists audiences with their conditions in words and their size, and says which an instance is in', async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/analytics?tab=audiences`);
    const table = await screen.findByTestId('audiences');
    expect(within(table).getByText('purchase ≥ 1× in 7 days')).toBeTruthy();
    expect(within(table).getByText('Country is RU')).toBeTruthy();
    expect(within(table).getByText('version ≥ 2.0')).toBeTruthy();
    expect(within(table).getByText('plan = "pro"')).toBeTruthy();
    expect(within(table).getByText('beta is set')).toBeTruthy();
    expect(within(table).getByText('1,234')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('App instance ID'), { target: { value: 'device-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect((await screen.findByTestId('instance-audiences')).textContent).toBe('In: Russian buyers');
    expect(callsTo(callEndpoint, analyticsApi.audiencesOfInstance)[0]!.query).toEqual({ appId: APP_ID, instanceId: 'device-1' });
  });

  it('defines a new audience of the users of the last 14 days', async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/analytics?tab=audiences`);
    fireEvent.click(await screen.findByRole('button', { name: 'New audience' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Fresh faces' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Condition'));
    fireEvent.click(await screen.findByText('New user', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(dialog).getByLabelText('Within the last'), { target: { value: '14' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and work out' }));
    await waitFor(() => expect(callsTo(callEndpoint, analyticsApi.createAudience)).toHaveLength(1));
    expect(callsTo(callEndpoint, analyticsApi.createAudience)[0]!.body).toEqual({ name: 'Fresh faces', description: '', conditions: [{ kind: 'newUser', withinDays: 14 }] });
    expect(await screen.findByText('Audience “Fresh faces” saved; instances in it: 40')).toBeTruthy();
  });
});
