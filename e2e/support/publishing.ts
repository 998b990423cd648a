import type { Page } from 'playwright-core';
import appsEn from '../../apps/web/src/features/apps/locales/en.json';
import packagesEn from '../../apps/web/src/features/packages/locales/en.json';
import projectsEn from '../../apps/web/src/features/projects/locales/en.json';
import reviewEn from '../../apps/web/src/features/review/locales/en.json';
import { en, fillSignUp, type Person } from './console';
import { fill } from './journey';

/**
 * A new developer signs up and creates a project and an app in it, ending on the app's
 * information page, as most journeys begin. Answers the ids, read from the addresses the
 * console went to.
 */
/** A new developer signs up and makes a project; answers its id, on the project's settings page. */
export async function newDeveloperWithProject(page: Page, origin: string, person: Person, project: string): Promise<string> {
  await page.goto(`${origin}/en/#/projects`);
  await page.getByRole('link', { name: en.accounts.signIn.register }).click();
  await fillSignUp(page, person);
  await page.getByRole('button', { name: en.accounts.signUp.submit }).click();
  await page.getByRole('heading', { name: projectsEn.list.title }).waitFor();
  await page.getByRole('button', { name: projectsEn.list.create }).first().click();
  const createProject = page.getByRole('dialog', { name: projectsEn.form.createTitle });
  await createProject.getByLabel(projectsEn.fields.name).fill(project);
  await createProject.getByRole('button', { name: projectsEn.actions.create }).click();
  // On a busy machine a click can land while the dialog still settles and do nothing:
  // like a person, press Create again while the dialog stays open.
  const settings = page.getByRole('heading', { name: projectsEn.settings.title });
  for (let attempt = 1; ; attempt++) {
    try {
      await settings.waitFor({ timeout: attempt < 3 ? 10_000 : 30_000 });
      break;
    } catch (err) {
      if (attempt >= 3 || !(await createProject.isVisible())) throw err;
      await createProject.getByRole('button', { name: projectsEn.actions.create }).click();
    }
  }
  const projectId = /#\/projects\/([\w-]+)\//.exec(page.url())?.[1] ?? '';
  if (!projectId) throw new Error(`no project id in ${page.url()}`);
  return projectId;
}

export async function newDeveloperWithBareApp(
  page: Page,
  origin: string,
  person: Person,
  app: { project: string; name: string; packageName: string },
): Promise<{ projectId: string; appId: string }> {
  const projectId = await newDeveloperWithProject(page, origin, person, app.project);
  await page.getByRole('button', { name: appsEn.projectApps.add }).first().click();
  const createApp = page.getByRole('dialog', { name: appsEn.create.title });
  await createApp.getByLabel(appsEn.fields.name).fill(app.name);
  await createApp.getByLabel(appsEn.fields.packageName).fill(app.packageName);
  await createApp.locator('.ant-form-item-has-success').filter({ has: page.getByLabel(appsEn.fields.packageName) }).waitFor();
  await createApp.getByRole('button', { name: appsEn.actions.create }).click();
  await page.getByRole('heading', { name: appsEn.info.title }).waitFor();
  const appId = /#\/apps\/([\w-]+)\/info/.exec(page.url())?.[1];
  if (!appId || !projectId) throw new Error(`no project or app id in ${page.url()}`);
  return { projectId, appId };
}

/**
 * A new developer with an app (above) uploads the app's package until it is checked, as
 * the journeys of versions and testing begin. Answers the app's id.
 */
export async function newDeveloperWithApp(
  page: Page,
  origin: string,
  person: Person,
  app: { project: string; name: string; packageName: string; packageFile: string },
): Promise<string> {
  const { appId } = await newDeveloperWithBareApp(page, origin, person, app);
  await page.getByRole('menuitem', { name: packagesEn.page.title }).click();
  await page.getByRole('heading', { name: packagesEn.page.title }).waitFor();
  await page.locator('input[type=file]').setInputFiles(app.packageFile);
  await page.getByRole('row', { name: new RegExp(packagesEn.state.parsed) }).waitFor({ timeout: 30_000 });
  return appId;
}

/** The reviewer approves the open task of an app from the review queue, as a person clicks it. */
export async function approveInQueue(reviewer: Page, origin: string, app: string, kind: string): Promise<void> {
  const r = reviewEn;
  await reviewer.goto(`${origin}/en/#/review`);
  await reviewer.getByRole('row', { name: new RegExp(app) }).getByText(kind).waitFor();
  await reviewer.getByRole('link', { name: fill(r.queue.openOf, { app }) }).click();
  await reviewer.getByRole('button', { name: r.decide.approve }).click();
  await reviewer.getByRole('dialog', { name: fill(r.decide.approveTitle, { app }) }).getByRole('button', { name: r.decide.approve }).click();
  await reviewer.getByText(new RegExp(`^${fill(r.task.decided, { state: r.taskState.approved, date: '' })}\\d`)).waitFor();
}
