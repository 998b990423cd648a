import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import accountsRu from '../../apps/web/src/features/accounts/locales/ru.json';
import projectsRu from '../../apps/web/src/features/projects/locales/ru.json';
import teamRu from '../../apps/web/src/features/team/locales/ru.json';
import { browserAvailability, launchBrowser } from '../support/browser';
import commonRu from '../../apps/web/src/app/locales/ru.json';
import { fillSignUp, openPage, screenshot, type Person } from '../support/console';
import { untranslatedOn } from '../support/locale-check';
import { SCREENSHOTS_DIR } from '../support/paths';
import { startE2eServer, type E2eServer } from '../support/server';

// The Russian site as a Russian-speaking developer uses it, with a browser set to English:
// the server's refusals come in Russian (the site's Accept-Language), and the audit log
// names actions and times in Russian, 24-hour, with no raw keys.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const person: Person = { email: 'ivan@example.com', password: 'ivan correct horse', displayName: 'Иван Петров', country: 'Германия' };

describe.skipIf(!chromium.available)('the Russian site (Chromium)', () => {
  let browser: Browser | undefined;
  let server: E2eServer | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startE2eServer();
    fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function createProject(page: Page, name: string) {
    await page.getByRole('button', { name: projectsRu.list.create }).first().click();
    const dialog = page.getByRole('dialog', { name: projectsRu.form.createTitle });
    await dialog.getByLabel(projectsRu.fields.name).fill(name);
    await dialog.getByRole('button', { name: projectsRu.actions.create }).click();
    return dialog;
  }

  it('signs up, is refused by the server in Russian, and reads the audit log in Russian', async () => {
    if (!browser || !server) throw new Error('setup did not finish');
    const { page, problems } = await openPage(browser);

    await page.goto(`${server.address}/ru/#/projects`);
    await page.getByRole('heading', { name: accountsRu.signIn.title }).waitFor();
    await page.getByRole('link', { name: accountsRu.signIn.register }).click();
    // Countries are in the order of their Russian names, not of their codes.
    await page.getByRole('heading', { name: accountsRu.signUp.title }).waitFor();
    await page.getByLabel(accountsRu.fields.country).click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    const shown = await options.allTextContents();
    expect(shown.length).toBeGreaterThan(5);
    expect(shown).toEqual([...shown].sort(new Intl.Collator('ru').compare));
    await page.keyboard.press('Escape');
    await fillSignUp(page, person, { strings: accountsRu });
    await page.getByRole('button', { name: accountsRu.signUp.submit }).click();
    await page.getByRole('heading', { name: projectsRu.list.title }).waitFor();
    // Every page read here is Russian: no Latin word outside the glossary's kept terms, no key.
    const readsRussian = async (where: string) => expect({ where, ...(await untranslatedOn(page)) }).toEqual({ where, latin: [], keys: [] });
    await readsRussian('projects, empty');
    // An address that is not the console's: its friendly not-found page, in Russian, with 404.
    const missing = await page.goto(`${server.address}/ru/nope`);
    expect(missing?.status()).toBe(404);
    await page.getByText(commonRu.notFound.title).waitFor();
    await readsRussian('not found');
    await page.goto(`${server.address}/ru/#/projects`);
    await page.getByRole('heading', { name: projectsRu.list.title }).waitFor();

    // A project, then a second one of the same name: the server's own reason, in Russian.
    await createProject(page, 'Альфа');
    await page.getByRole('heading', { name: projectsRu.settings.title }).waitFor();
    await readsRussian('project settings');
    await page.goto(`${server.address}/ru/#/`);
    await page.getByRole('heading', { name: commonRu.home.welcome }).waitFor();
    await readsRussian('home');
    await page.goto(`${server.address}/ru/#/projects`);
    await page.getByRole('heading', { name: projectsRu.list.title }).waitFor();
    const dialog = await createProject(page, 'Альфа');
    await page.getByText('У команды уже есть проект с таким названием').first().waitFor();
    await screenshot(page, 'russian-refusal');
    await dialog.getByRole('button', { name: projectsRu.actions.cancel }).click();

    // The audit log: actions in words, dates and 24-hour times as Russian writes them.
    await page.goto(`${server.address}/ru/#/team/users`);
    await page.getByRole('heading', { name: teamRu.page.title }).waitFor();
    await page.getByRole('cell', { name: new RegExp(person.email) }).waitFor();
    await readsRussian('users and permissions');
    await page.getByRole('tab', { name: teamRu.tabs.audit }).click();
    const table = page.getByRole('tabpanel', { name: teamRu.tabs.audit }).locator('.ant-table-tbody');
    await table.getByText(teamRu.audit.action.project.create).first().waitFor();
    await table.getByText(teamRu.audit.action.auth.register).first().waitFor();
    // The object by its name, not its id.
    await table.getByText('Проект Альфа').first().waitFor();
    // Addresses aside (example.com is no key).
    const text = (await table.innerText()).replace(/\S+@\S+/g, '');
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
    expect(text).not.toMatch(/\b(AM|PM)\b/);
    // No action key (`project.create`) and no English word where a Russian one belongs.
    expect(text).not.toMatch(/\b[a-z]+\.[a-z][A-Za-z]+\b/);
    await readsRussian('audit log');
    await screenshot(page, 'russian-audit-log');
    expect(problems).toEqual([]);
  });
});
