import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appUsersApi, projectApi, teamApi, type AppUser, type AuthMethods } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { loadECharts } from '../../../test/chart-mock';
import { answerCalls, callsTo, permissionsOf, type Handler } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

// Auth Service in the console: the sign-in methods and the users, with the real
// providers, router and antd; the request layer is replaced at its module boundary.

const OK = { code: 0, msg: 'success' };
const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
const user = (i: number, over: Partial<AppUser> = {}): AppUser => ({
  appUserId: `00000000-0000-4000-8000-00000000010${i}`,
  projectId: PROJECT_ID,
  anonymous: false,
  email: `reader${i}@example.com`,
  emailVerified: false,
  phone: null,
  displayName: null,
  providers: ['email'],
  disabled: false,
  createdAt: '2026-03-09T12:00:00.000Z',
  lastSignInAt: '2026-03-10T08:30:00.000Z',
  ...over,
});

function serve(initial: AppUser[], over: Record<string, Handler> = {}) {
  let items = initial;
  let methods: AuthMethods = { anonymous: false, email: true, phone: false };
  answerCalls(callEndpoint, {
    ...shellHandlers(),
    [projectApi.getProject.id]: () => ({ ret: OK, project: { projectId: PROJECT_ID, name: 'P', dataLocation: 'china', createdAt: '2026-03-09T12:00:00.000Z', updatedAt: '2026-03-09T12:00:00.000Z' } }),
    [appUsersApi.getAuthMethods.id]: () => ({ ret: OK, methods }),
    [appUsersApi.setAuthMethods.id]: ({ body }) => {
      methods = body as AuthMethods;
      return { ret: OK, methods };
    },
    [appUsersApi.listAppUsers.id]: ({ query }) => {
      const search = (query as { search?: string }).search;
      const shown = search ? items.filter((u) => u.email?.includes(search) || u.appUserId === search) : items;
      return { ret: OK, items: shown, nextCursor: null, total: shown.length };
    },
    [appUsersApi.setAppUserDisabled.id]: ({ params, body }) => {
      const id = (params as { appUserId: string }).appUserId;
      items = items.map((u) => (u.appUserId === id ? { ...u, disabled: (body as { disabled: boolean }).disabled } : u));
      return { ret: OK, appUser: items.find((u) => u.appUserId === id) };
    },
    [appUsersApi.revokeAppUserSessions.id]: () => ({ ret: OK, revoked: 2 }),
    [appUsersApi.deleteAppUser.id]: ({ params }) => {
      items = items.filter((u) => u.appUserId !== (params as { appUserId: string }).appUserId);
      return { ret: OK };
    },
    ...over,
  });
}

/** The confirmation popover on screen now (antd keeps closed ones in the page, hidden). */
function openPopover(): HTMLElement {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-popover')].filter((p) => !p.className.includes('ant-popover-hidden')).at(-1);
  if (!open) throw new Error('no popover is open');
  return open;
}

const usersCard = async () => (await screen.findByText('Users', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => clearSessionCookies());

describe('Auth Service', () => {
  it('turns a sign-in method on', async () => {
    serve([]);
    renderApp('en', `#/projects/${PROJECT_ID}/app-users`);
    expect(await screen.findByText('Auth Service', { selector: 'h2' })).toBeTruthy();
    const anonymous = await screen.findByRole('switch', { name: 'Anonymous account' });
    expect(anonymous.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Email address' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(anonymous);
    expect(await screen.findByText('Anonymous account is on.')).toBeTruthy();
    expect(callsTo(callEndpoint, appUsersApi.setAuthMethods)[0]).toMatchObject({ query: { projectId: PROJECT_ID }, body: { anonymous: true, email: true, phone: false } });
    // With no user yet, the page says what to do next.
    expect(within(await usersCard()).getByText(/No users yet. Turn on a sign-in method above/)).toBeTruthy();
  });

  it('lists the users, searches, disables one, ends sessions and deletes', async () => {
    serve([user(1), user(2, { anonymous: true, email: null, providers: ['anonymous'], lastSignInAt: null })]);
    renderApp('en', `#/projects/${PROJECT_ID}/app-users`);
    const card = await usersCard();
    expect(await within(card).findByText('reader1@example.com')).toBeTruthy();
    expect(within(card).getByText('Anonymous user')).toBeTruthy();
    expect(within(card).getByText('2 in all')).toBeTruthy();

    const search = within(card).getByLabelText('Search by email or user ID');
    fireEvent.change(search, { target: { value: 'reader1' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(within(card).queryByText('Anonymous user')).toBeNull());
    expect(callsTo(callEndpoint, appUsersApi.listAppUsers).at(-1)?.query).toMatchObject({ projectId: PROJECT_ID, search: 'reader1' });

    const row = (await within(card).findByText('reader1@example.com')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('reader1@example.com is disabled: their sessions ended and they cannot sign in.')).toBeTruthy();
    expect(callsTo(callEndpoint, appUsersApi.setAppUserDisabled)[0]).toMatchObject({ params: { appUserId: user(1).appUserId }, body: { disabled: true } });
    await waitFor(() => expect(within(card).getByText('Disabled')).toBeTruthy());

    fireEvent.click(within(row).getByRole('button', { name: 'End sessions' }));
    fireEvent.click(await waitFor(() => within(openPopover()).getByRole('button', { name: 'End sessions' })));
    expect(await screen.findByText('The sessions of reader1@example.com ended.')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await waitFor(() => within(openPopover()).getByRole('button', { name: 'Delete' })));
    expect(await screen.findByText('reader1@example.com was deleted.')).toBeTruthy();
    expect(callsTo(callEndpoint, appUsersApi.deleteAppUser)[0]?.params).toEqual({ appUserId: user(1).appUserId });
  });

  it('lets a member who may only read see the users and methods, without the switches or actions', async () => {
    serve([user(1)], { [teamApi.userPermission.id]: () => permissionsOf('operations') });
    renderApp('en', `#/projects/${PROJECT_ID}/app-users`);
    const card = await usersCard();
    expect(await within(card).findByText('reader1@example.com')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Disable' })).toBeNull();
    expect((await screen.findByRole('switch', { name: 'Email address' })).hasAttribute('disabled')).toBe(true);
  });

  it('speaks Russian on the Russian site', async () => {
    serve([]);
    renderApp('ru', `#/projects/${PROJECT_ID}/app-users`);
    expect(await screen.findByText('Аутентификация', { selector: 'h2' })).toBeTruthy();
    expect(await screen.findByRole('switch', { name: 'Анонимный аккаунт' })).toBeTruthy();
  });

  it('adds an identity provider, turns it off, lists where sign-ins return, and names it on its users', async () => {
    type Saved = { providerId: string; name: string; issuer: string; clientId: string; secretHint: string; scopes: string; enabled: boolean; updatedAt: string };
    let providers: Saved[] = [];
    let redirectUris: string[] = [];
    serve([user(1, { email: 'sso@example.com', providers: ['company-sso'] })], {
      [appUsersApi.listIdentityProviders.id]: () => ({ ret: OK, providers, redirectUris, callbackUrl: 'https://wharf.example.com/agc/edge/tas/v1/oidc/callback' }),
      [appUsersApi.saveIdentityProvider.id]: ({ params, body }) => {
        const b = body as Omit<Saved, 'providerId' | 'secretHint' | 'updatedAt'> & { clientSecret?: string };
        const saved = { providerId: (params as { providerId: string }).providerId, name: b.name, issuer: b.issuer, clientId: b.clientId, scopes: b.scopes, enabled: b.enabled, secretHint: 'cret', updatedAt: '2026-03-10T08:30:00.000Z' };
        providers = [...providers.filter((p) => p.providerId !== saved.providerId), saved];
        return { ret: OK, provider: saved };
      },
      [appUsersApi.setRedirectUris.id]: ({ body }) => {
        redirectUris = (body as { redirectUris: string[] }).redirectUris;
        return { ret: OK, redirectUris };
      },
    });
    renderApp('en', `#/projects/${PROJECT_ID}/app-users`);
    const card = (await screen.findByText('Identity providers (OpenID Connect)', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('https://wharf.example.com/agc/edge/tas/v1/oidc/callback')).toBeTruthy();
    expect(within(card).getByText(/No identity providers yet/)).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Add provider' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add an identity provider')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Provider ID'), { target: { value: 'company-sso' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Company SSO' } });
    fireEvent.change(within(dialog).getByLabelText('Issuer'), { target: { value: 'https://sso.example.com/realms/main' } });
    fireEvent.change(within(dialog).getByLabelText('Client ID'), { target: { value: 'wharf' } });
    fireEvent.change(within(dialog).getByLabelText('Client secret'), { target: { value: 'the secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company SSO is saved.')).toBeTruthy();
    expect(callsTo(callEndpoint, appUsersApi.saveIdentityProvider)[0]).toMatchObject({ params: { providerId: 'company-sso' }, query: { projectId: PROJECT_ID }, body: { name: 'Company SSO', issuer: 'https://sso.example.com/realms/main', clientId: 'wharf', clientSecret: 'the secret', scopes: 'openid email profile', enabled: true } });

    const off = await within(card).findByRole('switch', { name: 'Company SSO on or off' });
    fireEvent.click(off);
    expect(await screen.findByText(/Company SSO is off/)).toBeTruthy();
    expect(callsTo(callEndpoint, appUsersApi.saveIdentityProvider)[1]?.body).not.toHaveProperty('clientSecret');

    const uris = within(card).getByLabelText('Where sign-ins return to your app');
    fireEvent.change(uris, { target: { value: 'https://notes.example.com/auth/done' } });
    fireEvent.keyDown(uris, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The redirect addresses are saved.')).toBeTruthy();
    expect(callsTo(callEndpoint, appUsersApi.setRedirectUris)[0]?.body).toEqual({ redirectUris: ['https://notes.example.com/auth/done'] });

    const row = (await within(await usersCard()).findByText('sso@example.com')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Company SSO')).toBeTruthy());
  });

  it('turns phone sign-in on, chooses the countries texted, and shows the texts of the last 30 days', async () => {
    // ECharts is not run in jsdom: the chart's table carries the numbers.
    loadECharts.mockImplementation(async () => ({ init: () => ({ setOption() {}, resize() {}, dispose() {} }) }) as never);
    let countries: string[] = [];
    const days = Array.from({ length: 30 }, (_, i) => ({ day: new Date(Date.UTC(2026, 10, 1 + i)).toISOString().slice(0, 10), count: i === 29 ? 7 : 0 }));
    serve([user(3, { email: null, phone: '+4915123456789', providers: ['phone'] })], {
      [appUsersApi.getPhonePolicy.id]: () => ({ ret: OK, countries }),
      [appUsersApi.setPhonePolicy.id]: ({ body }) => {
        countries = (body as { countries: string[] }).countries;
        return { ret: OK, countries };
      },
      [appUsersApi.smsUsage.id]: () => ({ ret: OK, total: 7, days, countries: [{ country: 'DE', count: 7 }] }),
    });
    renderApp('en', `#/projects/${PROJECT_ID}/app-users`);
    fireEvent.click(await screen.findByRole('switch', { name: 'Phone number' }));
    expect(await screen.findByText('Phone number is on.')).toBeTruthy();
    const card = (await screen.findByText('Texted codes', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText(/No country is chosen/)).toBeTruthy();
    const picker = within(card).getByLabelText('Countries whose numbers may be texted');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'Germ' } });
    fireEvent.click(await screen.findByText('Germany (DE)', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The countries are saved.')).toBeTruthy();
    expect(callsTo(callEndpoint, appUsersApi.setPhonePolicy)[0]).toMatchObject({ query: { projectId: PROJECT_ID }, body: { countries: ['DE'] } });
    await waitFor(() => expect(within(card).queryByText(/No country is chosen/)).toBeNull());
    expect(await within(card).findByText('By country: Germany 7')).toBeTruthy();
    expect(within(card).getByText('Codes texted per day over the last 30 days: 7 in all')).toBeTruthy();
    // A user who signed in by phone is shown by their number.
    expect(await within(await usersCard()).findByText('+4915123456789')).toBeTruthy();
  });

  it('words a message to users in a language, previews it, saves it, and goes back to the default', async () => {
    const { AUTH_TEMPLATE_KINDS, TEMPLATE_LANGUAGES } = appUsersApi;
    type T = { kind: string; language: string; subject: string; text: string; custom: boolean };
    let templates: T[] = AUTH_TEMPLATE_KINDS.flatMap((kind) => TEMPLATE_LANGUAGES.map((language) => ({ kind, language, subject: kind === 'phoneCode' ? '' : '{{app}}: default', text: 'Default {{code}}', custom: false })));
    serve([], {
      [appUsersApi.listAuthTemplates.id]: () => ({ ret: OK, templates }),
      [appUsersApi.setAuthTemplate.id]: ({ params, body }) => {
        const p = params as { kind: string; language: string };
        const b = body as { subject: string; text: string };
        templates = templates.map((x) => (x.kind === p.kind && x.language === p.language ? { ...x, ...b, custom: true } : x));
        return { ret: OK, template: templates.find((x) => x.kind === p.kind && x.language === p.language) };
      },
      [appUsersApi.resetAuthTemplate.id]: ({ params }) => {
        const p = params as { kind: string; language: string };
        templates = templates.map((x) => (x.kind === p.kind && x.language === p.language ? { ...x, subject: '{{app}}: default', text: 'Default {{code}}', custom: false } : x));
        return { ret: OK, template: templates.find((x) => x.kind === p.kind && x.language === p.language) };
      },
    });
    renderApp('en', `#/projects/${PROJECT_ID}/app-users`);
    const card = (await screen.findByText('Messages to users', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
    fireEvent.click(await within(card).findByText('Русский'));
    fireEvent.change(within(card).getByLabelText('Subject'), { target: { value: 'Добро пожаловать в {{app}}' } });
    fireEvent.change(within(card).getByLabelText('Text'), { target: { value: 'Код {{code}}, действует {{valid}}' } });
    expect(within(within(card).getByLabelText('Preview')).getByText('Добро пожаловать в Field Notes', { exact: false })).toBeTruthy();
    expect(within(card).getByLabelText('Preview').textContent).toContain('Код 123456, действует 24 ч.');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The message is saved.')).toBeTruthy();
    expect(callsTo(callEndpoint, appUsersApi.setAuthTemplate)[0]).toMatchObject({ params: { kind: 'verifyEmail', language: 'ru' }, query: { projectId: PROJECT_ID }, body: { subject: 'Добро пожаловать в {{app}}', text: 'Код {{code}}, действует {{valid}}' } });
    expect(await within(card).findByText('Your wording')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: "Back to Wharf's wording" }));
    fireEvent.click(await waitFor(() => within(openPopover()).getByRole('button', { name: "Back to Wharf's wording" })));
    expect(await screen.findByText("The message is back to Wharf's wording.")).toBeTruthy();
    expect(callsTo(callEndpoint, appUsersApi.resetAuthTemplate)[0]?.params).toEqual({ kind: 'verifyEmail', language: 'ru' });
    expect(await within(card).findByText("Wharf's wording")).toBeTruthy();
  });
});
