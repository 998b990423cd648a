import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { authApi, consoleApi, teamApi } from '@wharf/contract';
import { pendingLoginState } from '../../../session/session';
import { answerCalls, callsTo, CONFIG, me, permissionsOf } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, OTHER_TEAM_ID, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The accounts screens with the real providers, router and forms; the request layer is
// replaced at its module boundary.

const SIGNED_IN_PAGES = {
  [consoleApi.getConfig.id]: () => CONFIG,
  [authApi.userInfo.id]: () => me(),
  [teamApi.userPermission.id]: () => permissionsOf('accountHolder'),
};

const LOGIN_ANSWER = { ret: { code: 0, msg: 'success' }, siteID: 7, csrfToken: 't', teamId: 'x', userInfo: {} };

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

function type(label: string, value: string): void {
  fireEvent.change(field(label), { target: { value } });
}

/** Picks an option of an antd select by typing its text and pressing Enter. */
async function choose(label: string, text: string): Promise<void> {
  const input = field(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: text } });
  await act(async () => undefined);
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await act(async () => undefined);
}

beforeEach(() => {
  clearSessionCookies();
});

afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  sessionStorage.clear();
});

describe('sign-in', () => {
  it('says what is missing in the display language', async () => {
    answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG });
    renderApp('ru', '#/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите адрес электронной почты.')).toBeTruthy();
    expect(screen.getByText('Введите пароль.')).toBeTruthy();
    type('Электронная почта', 'not-an-email');
    expect(await screen.findByText('Введите корректный адрес, например name@example.com.')).toBeTruthy();
    expect(callsTo(callEndpoint, authApi.login)).toHaveLength(0);
  });

  it('signs in with the login state and goes to the page asked for when the state comes back', async () => {
    answerCalls(callEndpoint, {
      ...SIGNED_IN_PAGES,
      [authApi.login.id]: ({ body }) => {
        setSessionCookies(); // what the server's Set-Cookie does
        const { state } = body as { state: number };
        return { ...LOGIN_ANSWER, redirectUri: `#/no/such?tab=x&state=${state}` };
      },
    });
    renderApp('en', '#/login?redirect=%2Fno%2Fsuch%3Ftab%3Dx');
    type('Email', ' Ada@Example.com ');
    type('Password', 'secret password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.hash).toBe('#/no/such?tab=x'));
    const [call] = callsTo(callEndpoint, authApi.login);
    expect(call?.body).toEqual({ email: 'Ada@Example.com', password: 'secret password', state: expect.any(Number), redirect: '#/no/such?tab=x' });
    expect(pendingLoginState()).toBeNull(); // used up
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('goes home when the returned state is not the one it sent', async () => {
    answerCalls(callEndpoint, {
      ...SIGNED_IN_PAGES,
      [authApi.login.id]: () => {
        setSessionCookies();
        return { ...LOGIN_ANSWER, redirectUri: '#/team/users?state=1' };
      },
    });
    renderApp('en', '#/login?redirect=%2Fteam%2Fusers');
    type('Email', 'ada@example.com');
    type('Password', 'secret password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });

  it('leaves a signed-in visitor where they wanted to go', async () => {
    setSessionCookies();
    answerCalls(callEndpoint, SIGNED_IN_PAGES);
    renderApp('en', '#/login?redirect=%2F');
    expect(await screen.findByRole('heading', { name: 'Welcome to the Wharf developer console' })).toBeTruthy();
  });
});

describe('sign-up', () => {
  it('validates in Chinese: required fields, password length and repetition', async () => {
    answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG });
    renderApp('cn', '#/register');
    type('国家或地区', '');
    fireEvent.click(await screen.findByRole('button', { name: /^注\s?册$/ }));
    expect(await screen.findByText('请输入邮箱地址。')).toBeTruthy();
    expect(screen.getByText('请输入他人可见的名称。')).toBeTruthy();
    expect(screen.getByText('请输入密码。')).toBeTruthy();
    type('密码', 'short');
    expect(await screen.findByText('密码至少 8 个字符。')).toBeTruthy();
    type('密码', 'long enough password');
    type('再次输入密码', 'something else');
    expect(await screen.findByText('两次输入的密码不一致。')).toBeTruthy();
    expect(callsTo(callEndpoint, authApi.register)).toHaveLength(0);
  });

  it('names countries in the display language, explains the default zone, and signs up', async () => {
    answerCalls(callEndpoint, {
      ...SIGNED_IN_PAGES,
      [authApi.register.id]: () => {
        setSessionCookies();
        return { ...LOGIN_ANSWER, redirectUri: '/#/' };
      },
    });
    renderApp('ru', '#/register?redirect=%2Fno%2Fpage&email=oskar%40example.com');
    expect(field('Электронная почта').value).toBe('oskar@example.com');
    expect(screen.getByText('Укажите адрес, на который пришло приглашение.')).toBeTruthy();
    // The Russian site preselects Russia; its zone is Russia.
    expect(screen.getByText('Если оставить пустым, будет выбрана зона вашей страны: Россия.')).toBeTruthy();
    await choose('Страна или регион', 'Германия');
    expect(await screen.findByText('Если оставить пустым, будет выбрана зона вашей страны: Европа.')).toBeTruthy();
    type('Отображаемое имя', 'Оскар');
    type('Пароль', 'long enough password');
    type('Повторите пароль', 'long enough password');
    fireEvent.click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    await waitFor(() => expect(window.location.hash).toBe('#/no/page'));
    expect(callsTo(callEndpoint, authApi.register)[0]?.body).toEqual({
      email: 'oskar@example.com',
      password: 'long enough password',
      displayName: 'Оскар',
      countryCode: 'DE',
      language: 'ru',
    });
  });
});

describe('password reset', () => {
  it('asks for a link and says what happens next', async () => {
    answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG, [authApi.requestPasswordReset.id]: () => ({ ret: { code: 0, msg: '' } }) });
    renderApp('en', '#/password/forgot?email=rita%40example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Check your mail')).toBeTruthy();
    expect(screen.getByText(/If an account exists for rita@example.com/)).toBeTruthy();
    expect(callsTo(callEndpoint, authApi.requestPasswordReset)[0]?.body).toEqual({ email: 'rita@example.com', language: 'en' });
  });

  it('explains an incomplete link', async () => {
    answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG });
    renderApp('en', '#/password/reset');
    expect(await screen.findByText('This link is incomplete')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });

  it('sets the new password with the token of the link', async () => {
    const token = 'a'.repeat(43);
    answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG, [authApi.resetPassword.id]: () => ({ ret: { code: 0, msg: '' } }) });
    renderApp('en', `#/password/reset?token=${token}`);
    type('New password', 'new long password');
    type('Repeat the password', 'new long password');
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Your password was changed')).toBeTruthy();
    expect(callsTo(callEndpoint, authApi.resetPassword)[0]?.body).toEqual({ token, password: 'new long password' });
  });
});

describe('invitation', () => {
  const TOKEN = 'b'.repeat(43);
  const INVITATION = {
    ret: { code: 0, msg: '' },
    teamName: 'Acme',
    invitedBy: 'Ada Admin',
    email: 'oskar@example.com',
    roles: ['operations', 'custom:44444444-4444-4444-8444-444444444444'],
    state: 'open' as const,
    accountExists: false,
  };

  it('shows the team, the inviter and the roles, and offers sign-up with the invited email', async () => {
    answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG, [teamApi.getInvitation.id]: () => INVITATION });
    renderApp('en', `#/invitation?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeTruthy();
    expect(screen.getByText('Ada Admin invited you to join the team Acme on Wharf.')).toBeTruthy();
    expect(screen.getByText('Operations')).toBeTruthy();
    expect(screen.getByText('Custom role')).toBeTruthy();
    const signUp = screen.getByRole('link', { name: 'Create an account' });
    expect(signUp.getAttribute('href')).toBe(`#/register?redirect=${encodeURIComponent(`/invitation?token=${TOKEN}`)}&email=oskar%40example.com`);
    expect(callsTo(callEndpoint, teamApi.getInvitation)[0]?.query).toEqual({ token: TOKEN });
  });

  it('says when an invitation is no longer open', async () => {
    answerCalls(callEndpoint, { [consoleApi.getConfig.id]: () => CONFIG, [teamApi.getInvitation.id]: () => ({ ...INVITATION, state: 'expired' }) });
    renderApp('en', `#/invitation?token=${TOKEN}`);
    expect(await screen.findByText('Invitation expired')).toBeTruthy();
    expect(screen.getByText(/Ask the team's administrator to invite you again/)).toBeTruthy();
  });

  it('accepts for a signed-in person and switches to the team', async () => {
    setSessionCookies();
    answerCalls(callEndpoint, {
      ...SIGNED_IN_PAGES,
      [authApi.userInfo.id]: () => me({ email: 'oskar@example.com' }),
      [teamApi.getInvitation.id]: () => INVITATION,
      [teamApi.acceptInvitation.id]: () => ({ ret: { code: 0, msg: '' }, teamId: OTHER_TEAM_ID }),
      [teamApi.switchTeam.id]: () => ({ ret: { code: 0, msg: '' }, teamId: OTHER_TEAM_ID, siteId: 1, userInfo: {} }),
    });
    renderApp('en', `#/invitation?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByText('You joined Acme.')).toBeTruthy();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(callsTo(callEndpoint, teamApi.acceptInvitation)[0]?.body).toEqual({ token: TOKEN });
    expect(callsTo(callEndpoint, teamApi.switchTeam)[0]?.body).toEqual({ teamId: OTHER_TEAM_ID });
  });

  it('warns a person signed in with another email', async () => {
    setSessionCookies();
    answerCalls(callEndpoint, { ...SIGNED_IN_PAGES, [teamApi.getInvitation.id]: () => INVITATION });
    renderApp('en', `#/invitation?token=${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/You are signed in as ada@example.com, but the invitation is for oskar@example.com/)).toBeTruthy();
  });
});
