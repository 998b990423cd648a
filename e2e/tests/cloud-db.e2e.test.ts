import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFailed } from 'vitest';
import { createClient, memoryStore, WharfError } from '@wharf/client';
import { getCloudDB } from '@wharf/clouddb';
import appsEn from '../../apps/web/src/features/apps/locales/en.json';
import projectsEn from '../../apps/web/src/features/projects/locales/en.json';
import usersEn from '../../apps/web/src/features/app-users/locales/en.json';
import dbEn from '../../apps/web/src/features/cloud-db/locales/en.json';
import { browserAvailability } from '../support/browser';
import { openPage, screenshot, selectOption, type Person } from '../support/console';
import { fill, journeyEnvironment } from '../support/journey';
import { newDeveloperWithBareApp } from '../support/publishing';

// Cloud DB as a new developer meets it: a zone and an object type with three fields and an
// index, writes for the data creator only; 10,000 books imported from a JSON file in the
// background, browsed and filtered, one fixed in the console. Then two devices (the SDK in
// Node, each an anonymous app user): A writes and reads, B cannot change A's book, and a
// third device's live query sees A's change. Last, the schema file goes to a second project.

const chromium = browserAvailability();

it.runIf(chromium.mustFail)('has Chromium to run the browser tests', () => {
  throw new Error(chromium.missingMessage);
});

const developer: Person = { email: 'libby.shelf@example.com', password: 'library correct horse', displayName: 'Libby Shelf', country: 'Germany' };
const d = dbEn;
const BOOKS = 10_000;

describe.skipIf(!chromium.available)('Cloud DB in the browser (Chromium)', () => {
  const env = journeyEnvironment({ DEMO_SEED: 'off' });

  it('makes a type, imports 10,000 documents, browses and fixes one; devices write under the rights and a live query sees it; the schema moves to another project', async () => {
    const { browser, server } = env;
    const origin = server.address;
    const { page } = await openPage(browser);
    onTestFailed(async () => {
      await screenshot(page, 'cloud-db-failure').catch(() => undefined);
    });

    const { projectId } = await newDeveloperWithBareApp(page, origin, developer, { project: 'Library', name: 'Bookshelf', packageName: 'com.libbyshelf.books' });
    const sdk = page.locator('.ant-card', { hasText: appsEn.client.title });
    const [download] = await Promise.all([page.waitForEvent('download'), sdk.getByRole('button', { name: appsEn.client.download }).click()]);
    const config = await readFile((await download.path())!, 'utf8');

    // Auth Service: devices sign in anonymously.
    await page.goto(`${origin}/en/#/projects/${projectId}/settings`);
    await page.getByRole('menuitem', { name: 'Auth Service' }).click();
    await page.getByRole('switch', { name: usersEn.methods.anonymous.name }).click();
    await page.getByText(fill(usersEn.methods.turnedOn, { method: usersEn.methods.anonymous.name })).waitFor();

    // Cloud DB, from the project's menu: it says what an object type is, and what to do.
    await page.getByRole('menuitem', { name: 'Cloud DB' }).click();
    await page.getByRole('heading', { name: d.page.title }).waitFor();
    await page.getByText(d.types.empty).waitFor();
    await page.getByRole('tab', { name: d.tabs.zones }).click();
    await page.getByRole('textbox', { name: d.zones.name }).fill('main');
    await page.getByRole('button', { name: d.zones.add }).click();
    await page.getByRole('cell', { name: 'main', exact: true }).waitFor();

    // An object type: the key, a title and a rating, an index on the rating; writes for the data creator only (the defaults).
    await page.getByRole('tab', { name: d.tabs.types }).click();
    await page.getByRole('button', { name: d.types.add }).first().click();
    await page.getByLabel(d.editor.name, { exact: true }).fill('Book');
    await page.getByRole('button', { name: d.editor.addField }).click();
    await page.getByRole('button', { name: d.editor.addField }).click();
    const names = page.getByLabel(d.editor.fieldName, { exact: true });
    await names.nth(1).fill('title');
    await names.nth(2).fill('rating');
    await selectOption(page, page.getByLabel(d.editor.fieldType, { exact: true }).nth(2), 'Integer');
    await page.getByRole('button', { name: d.editor.addIndex }).click();
    await page.getByLabel(d.editor.indexName, { exact: true }).fill('byRating');
    await selectOption(page, page.getByLabel(d.editor.indexField, { exact: true }), 'rating');
    // Rights as AppGallery Connect sets them: everyone reads, the data creator writes and deletes.
    await page.getByRole('cell', { name: d.rights.CreatorText }).waitFor();
    await screenshot(page, 'cloud-db-type-editor');
    await page.getByRole('button', { name: d.editor.create }).last().click();
    await page.getByRole('link', { name: 'Book', exact: true }).waitFor();

    // 10,000 books from a JSON file, imported in the background with its progress.
    const file = path.join(os.tmpdir(), `books-${process.pid}.json`);
    await writeFile(file, JSON.stringify(Array.from({ length: BOOKS }, (_, i) => ({ id: i + 1, title: `Book ${i + 1}`, rating: (i % 5) + 1 }))));
    await page.getByRole('tab', { name: d.tabs.data }).click();
    await page.locator('[data-testid="transfers"] input[type=file]').setInputFiles(file);
    const done = fill(d.transfer.count, { done: '10,000', total: '10,000' });
    await page.getByTestId('transfers').getByText(new RegExp(`${d.transfer.state.done} · ${done}`)).waitFor({ timeout: 90_000 });
    await page.reload();
    await page.getByText(fill(d.data.total, { count: '10,000' })).waitFor();

    // Browse with a condition: rating equals 5.
    await page.getByRole('button', { name: d.data.addCondition }).click();
    await page.getByLabel(d.data.field, { exact: true }).click();
    await page.locator('.ant-select-item-option-content', { hasText: /^rating$/ }).last().click();
    await page.getByLabel(d.data.value, { exact: true }).fill('5');
    await page.getByRole('button', { name: d.data.apply }).click();
    await page.getByText(fill(d.data.total, { count: '2,000' })).waitFor();
    await screenshot(page, 'cloud-db-data');

    // Fix one in the console.
    await page.getByRole('button', { name: d.data.edit }).first().click();
    const dialog = page.getByRole('dialog', { name: d.data.editTitle });
    await dialog.getByLabel('title · String').fill('Book 5, second edition');
    await dialog.getByRole('button', { name: d.common.save }).click();
    await page.getByRole('cell', { name: 'Book 5, second edition' }).waitFor();

    // Devices: A writes and reads its book, B cannot change it, C's live query sees A's change.
    const device = async () => {
      const wharf = createClient(config, { store: memoryStore() });
      await wharf.auth.signInAnonymously();
      return getCloudDB(wharf).zone('main');
    };
    const [a, b, c] = [await device(), await device(), await device()];
    await a.upsert('Book', [{ id: 20_001, title: 'A’s notes', rating: 3 }]);
    expect((await a.query('Book').equalTo('id', 20_001).get()).objects).toEqual([{ id: 20_001, title: 'A’s notes', rating: 3 }]);
    const refused = await b.upsert('Book', [{ id: 20_001, title: 'Taken' }]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WharfError);
    expect((refused as WharfError).status).toBe(403);
    const seen: string[] = [];
    const stop = c.query<{ title: string }>('Book').equalTo('id', 20_001).onSnapshot((objects) => seen.push(objects[0]?.title ?? ''));
    try {
      await expect.poll(() => seen).toEqual(['A’s notes']);
      await a.upsert('Book', [{ id: 20_001, title: 'A’s notes, revised', rating: 4 }]);
      await expect.poll(() => seen.at(-1), { timeout: 5000 }).toBe('A’s notes, revised');
    } finally {
      stop();
    }

    // The schema file, exported here and imported into a second project.
    await page.getByRole('tab', { name: d.tabs.types }).click();
    const [schema] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: d.types.exportAll }).click()]);
    const exported = JSON.parse(await readFile((await schema.path())!, 'utf8')) as { objectTypes: { objectTypeName: string; indexes: unknown[] }[] };
    expect(exported.objectTypes).toMatchObject([{ objectTypeName: 'Book', indexes: [{ indexName: 'byRating' }] }]);
    await page.goto(`${origin}/en/#/projects`);
    await page.getByRole('button', { name: projectsEn.list.create }).first().click();
    const create = page.getByRole('dialog', { name: projectsEn.form.createTitle });
    await create.getByLabel(projectsEn.fields.name).fill('Library archive');
    await create.getByRole('button', { name: projectsEn.actions.create }).click();
    await page.getByRole('heading', { name: projectsEn.settings.title }).waitFor();
    await page.getByRole('menuitem', { name: 'Cloud DB' }).click();
    await page.getByText(d.types.empty).waitFor();
    await page.locator('input[type=file]').setInputFiles((await schema.path())!);
    await page.getByRole('dialog', { name: d.types.importTitle }).getByRole('button', { name: d.types.import }).click();
    await page.getByRole('link', { name: 'Book', exact: true }).waitFor();
  });
});
