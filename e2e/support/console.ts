import path from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import accountsEn from '../../apps/web/src/features/accounts/locales/en.json';
import { SCREENSHOTS_DIR } from './paths';
import { untranslatedOn } from './locale-check';

/** What a person does in the console, step by step, on the English site. */

export const en = { accounts: accountsEn };

export interface Person {
  email: string;
  password: string;
  displayName: string;
  country: string;
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and server errors (5xx) seen so far. */
  problems: string[];
  /** The API's refusals (4xx and 5xx answers with their `ret`), printed when a journey fails. */
  refusals: string[];
}

/**
 * A fresh browser profile (its own cookies), watching for errors. `locale` is the
 * browser's language, which the server also reads as where the person is (en-US: the US).
 */
export async function openPage(browser: Browser, { locale = 'en-US' }: { locale?: string } = {}): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce', locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    // Refused calls (4xx) are part of the journeys; the browser logs each one.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push(`console error: ${msg.text()}`);
  });
  const refusals: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 500) problems.push(`${res.status()} ${res.url()}`);
    if (res.status() < 400 || !(res.headers()['content-type'] ?? '').includes('json')) return;
    res.json().then(
      (body: { ret?: { code?: number; msg?: string } }) => {
        if (body.ret?.code) refusals.push(`${new Date().toISOString()} ${res.request().method()} ${res.url()} → ${res.status()} ${body.ret.code} ${body.ret.msg ?? ''}`);
      },
      () => undefined,
    );
  });
  return { context, page, problems, refusals };
}

const OWN_DATA = new WeakMap<Page, string[]>();

/** Texts of the journey's own data this page may show in any language (names it typed, its apps' and files' names). */
export function ownData(page: Page, ...texts: string[]): void {
  OWN_DATA.set(page, [...(OWN_DATA.get(page) ?? []), ...texts]);
}

/**
 * Saves the page as a picture for the docs and checks its words as a person there reads
 * them: no key of the locale files shown raw on any site, and on the Chinese and Russian
 * sites no word in Latin letters outside the glossary's kept terms and `own`, the journey's
 * own data (names it typed).
 */
export async function screenshot(page: Page, name: string, opts: { own?: readonly string[] } = {}): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
  const lang = await page.evaluate(() => document.documentElement.lang);
  const found = await untranslatedOn(page, [...(OWN_DATA.get(page) ?? []), ...(opts.own ?? [])]);
  const translated = lang.startsWith('ru') || lang.startsWith('zh');
  expect({ page: name, keys: found.keys, latin: translated ? found.latin : [] }).toEqual({ page: name, keys: [], latin: [] });
}

/** The one error box of the request layer (antd message). */
export function errorBox(page: Page) {
  return page.locator('.ant-message-error');
}

/** `strings`: the accounts locale of the site (English unless given). */
export async function fillSignUp(page: Page, person: Person, opts: { emailPrefilled?: boolean; strings?: typeof accountsEn } = {}): Promise<void> {
  const s = opts.strings ?? en.accounts;
  await page.getByRole('heading', { name: s.signUp.title }).waitFor();
  if (opts.emailPrefilled) {
    expect(await page.getByLabel(s.fields.email, { exact: true }).inputValue()).toBe(person.email);
  } else {
    await page.getByLabel(s.fields.email, { exact: true }).fill(person.email);
  }
  await page.getByLabel(s.fields.displayName).fill(person.displayName);
  await page.getByLabel(s.fields.password, { exact: true }).fill(person.password);
  await page.getByLabel(s.fields.confirmPassword).fill(person.password);
  await page.getByLabel(s.fields.country).click();
  await page.keyboard.type(person.country);
  await chooseOption(page, person.country);
}

/** Picks an option of the open antd select list by its text. */
export async function chooseOption(page: Page, label: string): Promise<void> {
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

/**
 * Sets an antd select to an option as a person would: open it, click the option, and look
 * that the select shows it. On a busy machine the list can still be opening (or another
 * one closing) under the pointer, and the click chooses nothing: then again.
 */
export async function selectOption(page: Page, select: Locator, label: string): Promise<void> {
  const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`);
  // The select around the given element (`has` would look for it inside each select, where an nth() means another thing).
  const chosen = select.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]').filter({ hasText: label });
  for (let attempt = 1; ; attempt++) {
    if (!(await option.isVisible())) await select.click();
    await option.click();
    try {
      await chosen.waitFor({ timeout: attempt < 3 ? 5_000 : 30_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

export async function signIn(page: Page, person: Pick<Person, 'email' | 'password'>): Promise<void> {
  const s = en.accounts;
  await page.getByRole('heading', { name: s.signIn.title }).waitFor();
  await page.getByLabel(s.fields.email).fill(person.email);
  await page.getByLabel(s.fields.password).fill(person.password);
  await page.getByRole('button', { name: s.signIn.submit }).click();
}

export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: en.accounts.menu.label }).click();
}

export async function signOut(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: en.accounts.menu.signOut }).click();
  await page.getByRole('heading', { name: en.accounts.signIn.title }).waitFor();
  // A plain sign-in page: signing out is not an expired session to come back from.
  expect(page.url()).toMatch(/#\/login$/);
}

export async function switchTeam(page: Page, team: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: en.accounts.menu.switchTeam }).hover();
  await page.getByRole('menuitem', { name: team, exact: true }).click();
  await page.getByText(en.accounts.menu.switched.replace('{{team}}', team)).waitFor();
}

/** The value of a readable cookie of the page. */
export async function cookieOf(context: BrowserContext, name: string): Promise<string> {
  const found = (await context.cookies()).find((c) => c.name === name);
  return found ? decodeURIComponent(found.value) : '';
}

/**
 * Presses a dialog's button until the dialog closes: on a busy machine a click can land
 * while the dialog still zooms in and hit the field behind the button's final place; a
 * person would press again.
 */
export async function pressUntilClosed(dialog: Locator, button: Locator, attempts = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await button.click();
    try {
      await dialog.waitFor({ state: 'hidden', timeout: attempt < attempts ? 8_000 : 30_000 });
      return;
    } catch (err) {
      if (attempt >= attempts || !(await dialog.isVisible())) throw err;
    }
  }
}
