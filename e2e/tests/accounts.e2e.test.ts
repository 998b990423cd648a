import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { RET_CODES, teamApi } from '@wharf/contract';
import common from '../../apps/web/src/app/locales/en.json';
import teamEn from '../../apps/web/src/features/team/locales/en.json';
import { browserAvailability, launchBrowser } from '../support/browser';
import { chooseOption, cookieOf, en, errorBox, fillSignUp, openPage, screenshot, signIn, signOut, switchTeam, type Person } from '../support/console';
import { SCREENSHOTS_DIR } from '../support/paths';
import { startE2eServer, type E2eServer } from '../support/server';

// Accounts as people use them, in Chromium against the real server and the built console:
// sign-up, sign-out, sign-in, inviting a colleague as Operations (the link comes from the
// mail outbox), the colleague joining and seeing only what Operations may see.

const chromium = browserAvailability();
const s = en.accounts;
const team = teamEn;

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const admin: Person = { email: 'ada@example.com', password: 'ada correct horse', displayName: 'Ada Admin', country: 'Germany' };
const colleague: Person = { email: 'oskar@example.com', password: 'oskar battery staple', displayName: 'Oskar Ops', country: 'Norway' };

describe.skipIf(!chromium.available)('accounts in the browser (Chromium)', () => {
  let browser: Browser | undefined;
  let server: E2eServer | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startE2eServer({ RISK_MAX_FAILURES_PER_ACCOUNT: '3' });
    fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function mailTo(email: string, kind: string): Promise<{ subject: string; text: string }> {
    const rows = await server!.sql<{ subject: string; text: string }>(
      `select subject, text from mail_outbox where "to" = $1 and kind = $2 order by created_at desc limit 1`,
      [email, kind],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  it('signs up, signs out, signs in, invites a colleague as Operations who joins and sees only what Operations may', async () => {
    if (!browser || !server) throw new Error('setup did not finish');
    const a = await openPage(browser);
    const { page } = a;

    // Signed out, the console asks to sign in and remembers the page.
    await page.goto(`${server.address}/en/#/team/users`);
    await page.getByRole('heading', { name: s.signIn.title }).waitFor();
    expect(page.url()).toContain('#/login?redirect=%2Fteam%2Fusers');

    // Sign up (form validation speaks the display language).
    await page.getByRole('link', { name: s.signIn.register }).click();
    await page.getByRole('button', { name: s.signUp.submit }).click();
    await page.getByText(s.validation.emailRequired).waitFor();
    await page.getByText(s.validation.countryRequired).waitFor();
    await fillSignUp(page, admin);
    await page.getByLabel(s.fields.confirmPassword).fill('something else');
    await page.getByText(s.validation.confirmMismatch).waitFor();
    await page.getByLabel(s.fields.confirmPassword).fill(admin.password);
    await page.getByText(s.signUp.zoneDefault.replace('{{zone}}', common.zones.europe)).waitFor();
    await screenshot(page, 'accounts-sign-up');
    await page.getByRole('button', { name: s.signUp.submit }).click();

    // Back where they wanted to go: Users and permissions, as the account holder.
    await page.getByRole('heading', { name: team.page.title }).waitFor();
    await page.getByRole('button', { name: s.menu.label }).getByText(admin.displayName, { exact: true }).waitFor();
    expect(await cookieOf(a.context, 'agc_team_siteId')).toBe('7'); // Germany: the Europe zone

    await signOut(page);
    await signIn(page, admin);
    await page.getByRole('heading', { name: common.home.welcome }).waitFor();

    // Users and permissions: only the account holder so far; invite a colleague as Operations.
    await page.getByRole('menuitem', { name: common.nav.usersAndPermissions }).click();
    await page.getByRole('heading', { name: team.page.title }).waitFor();
    await page.getByRole('cell', { name: new RegExp(admin.email) }).waitFor();
    await page.getByRole('button', { name: team.invite.open }).first().click();
    const dialog = page.getByRole('dialog', { name: team.invite.title });
    await dialog.getByLabel(team.fields.email).fill(colleague.email);
    await dialog.getByLabel(team.fields.roles).click();
    await chooseOption(page, team.roles.builtIn.operations);
    await dialog.getByText(team.invite.title).click(); // close the role list
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await screenshot(page, 'accounts-invite');
    await dialog.getByRole('button', { name: team.invite.submit }).click();
    await page.getByText(team.invite.sent.replace('{{email}}', colleague.email)).waitFor();
    await page.getByRole('tab', { name: team.tabs.invitations }).click();
    await page.getByRole('cell', { name: colleague.email, exact: true }).waitFor();
    await page.getByRole('tab', { name: team.tabs.roles }).click();
    await page.getByRole('cell', { name: new RegExp(team.roles.builtIn.operations) }).first().waitFor();
    await screenshot(page, 'accounts-users-roles');
    expect(a.problems).toEqual([]);

    // The invitation link comes from the mail outbox.
    const mail = await mailTo(colleague.email, 'invitation');
    const link = /(http\S+#\/invitation\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    expect(link).toContain(`${server.address}/en/#/invitation?token=`);

    // The colleague opens it, signs up with the invited email, and accepts.
    const b = await openPage(browser);
    await b.page.goto(link!);
    await b.page.getByRole('heading', { name: s.invitation.title.replace('{{team}}', admin.displayName) }).waitFor();
    await b.page.getByText(team.roles.builtIn.operations, { exact: true }).waitFor();
    await b.page.getByText(s.invitation.signUpFirst).waitFor();
    await screenshot(b.page, 'accounts-invitation');
    await b.page.getByRole('button', { name: s.invitation.signUp }).first().click();
    await fillSignUp(b.page, colleague, { emailPrefilled: true });
    await b.page.getByRole('button', { name: s.signUp.submit }).click();
    await b.page.getByRole('button', { name: s.invitation.accept }).click();
    await b.page.getByText(s.invitation.joined.replace('{{team}}', admin.displayName)).waitFor();
    await b.page.getByRole('heading', { name: common.home.welcome }).waitFor();

    // Signs in again: starts in their own team, switches to the team they joined.
    await signOut(b.page);
    await signIn(b.page, colleague);
    await b.page.getByRole('heading', { name: common.home.welcome }).waitFor();
    await switchTeam(b.page, admin.displayName);
    await b.page.getByRole('button', { name: s.menu.label }).getByText(`· ${admin.displayName}`).waitFor();

    // Operations: no Users and permissions, neither in the menu nor by address.
    await b.page.getByRole('menuitem', { name: common.nav.home }).waitFor();
    await b.page.getByText(common.home.access.memberHint).waitFor();
    await b.page.locator('.ant-tag', { hasText: team.roles.builtIn.operations }).waitFor();
    expect(await b.page.getByRole('menuitem', { name: common.nav.usersAndPermissions }).count()).toBe(0);
    const stored = JSON.parse(await b.page.evaluate("sessionStorage.getItem('userPermission') ?? '{}'")) as Record<string, string>;
    expect(stored).toMatchObject({ 'version.release': 'Y', 'growth.manage': 'Y', 'team.members.manage': 'N', 'cert.manage': 'N' });
    await screenshot(b.page, 'accounts-operations-home');
    await b.page.goto(`${server.address}/en/#/team/users`);
    await b.page.getByText(team.page.noAccessTitle).waitFor();

    // Calling the administrator-only invite directly, with the session, CSRF and team headers:
    // refused with a clear message.
    const csrf = await cookieOf(b.context, 'agc_csrfToken');
    const teamId = await cookieOf(b.context, 'agc_team_id');
    const call = (body: unknown, path: string, method: string) =>
      b.page.evaluate(
        async ({ body, path, method, csrf, teamId }) => {
          const res = await fetch(path, {
            method,
            credentials: 'include',
            headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf, teamId, 'X-Lang': 'en' },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          return { status: res.status, body: (await res.json()) as { ret: { code: number; msg: string } } };
        },
        { body, path, method, csrf, teamId },
      );
    const allowed = await call(null, teamApi.userPermission.fullPath, 'GET');
    expect(allowed.status).toBe(200);
    const refused = await call({ email: 'mallory@example.com', roles: ['administrator'] }, teamApi.createSubUser.fullPath, teamApi.createSubUser.method);
    expect(refused.status).toBe(403);
    expect(refused.body.ret).toEqual({ code: RET_CODES.forbidden.code, msg: RET_CODES.forbidden.en });
    expect(b.problems).toEqual([]);

    // The page views of both people reached the server's collector.
    await Promise.all([a.context.close(), b.context.close()]);
    const views = await waitFor(async () => {
      const rows = await server!.sql<{ page_id: string }>(`select page_id from behaviour_events where tag_type = 'PageView'`);
      return rows.length > 0 ? rows : null;
    });
    expect(views.map((r) => r.page_id)).toEqual(expect.arrayContaining(['login', 'register', 'invitation']));
  });

  it('resets a forgotten password with the link from the mail', async () => {
    if (!browser || !server) throw new Error('setup did not finish');
    const person: Person = { email: 'rita@example.com', password: 'rita first password', displayName: 'Rita', country: 'Russia' };
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${server.address}/en/#/register`);
    await fillSignUp(page, person);
    await page.getByRole('button', { name: s.signUp.submit }).click();
    await page.getByRole('heading', { name: common.home.welcome }).waitFor();
    await signOut(page);

    await page.getByRole('link', { name: s.signIn.forgot }).click();
    // The sign-in page has an email field too: typing before the forgot page shows fills
    // that one, and Send then goes out as an empty form (seen under load in CI).
    await page.getByRole('heading', { name: s.forgot.title }).waitFor();
    await page.getByLabel(s.fields.email).fill(person.email);
    await page.getByRole('button', { name: s.forgot.submit }).click();
    await page.getByText(s.forgot.sentTitle).waitFor();
    const link = /(http\S+#\/password\/reset\?token=[\w-]+)/.exec((await mailTo(person.email, 'password-reset')).text)?.[1];
    expect(link).toContain('/en/#/password/reset?token=');

    await page.goto(link!);
    await page.getByRole('heading', { name: s.reset.title }).waitFor();
    await page.getByLabel(s.fields.newPassword).fill('short');
    await page.getByText(s.validation.passwordTooShort.replace('{{min}}', '8')).waitFor();
    await page.getByLabel(s.fields.newPassword).fill('rita second password');
    await page.getByLabel(s.fields.confirmPassword).fill('rita second password');
    await page.getByRole('button', { name: s.reset.submit }).click();
    await page.getByText(s.reset.doneTitle).waitFor();
    await page.getByRole('button', { name: s.reset.signIn }).click();

    await signIn(page, person); // the old password no longer works
    await errorBox(page).getByText(common.errors.code.credentialsInvalid).waitFor();
    await signIn(page, { email: person.email, password: 'rita second password' });
    await page.getByRole('heading', { name: common.home.welcome }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the risk dialog after repeated failed sign-ins', async () => {
    if (!browser || !server) throw new Error('setup did not finish');
    const { context, page, problems } = await openPage(browser);
    await page.goto(`${server.address}/en/`);
    for (let i = 0; i < 3; i += 1) {
      // Each refusal's own answer: the error box of the one before may still be showing.
      const refused = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname.endsWith('/login'));
      await signIn(page, { email: admin.email, password: `wrong ${i}` });
      await refused;
      await errorBox(page).getByText(common.errors.code.credentialsInvalid).first().waitFor();
    }
    await signIn(page, { email: admin.email, password: admin.password });
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.locator('.ant-modal-confirm-title', { hasText: common.errors.riskTitle }).waitFor();
    await dialog.locator('.ant-modal-confirm-content', { hasText: RET_CODES.riskControl.en }).waitFor();
    await screenshot(page, 'accounts-risk-dialog');
    await dialog.getByRole('button', { name: common.errors.ok }).click();
    expect(page.url()).toContain('#/login');
    expect(problems).toEqual([]);
    await context.close();
  });
});

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
