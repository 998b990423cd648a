import { appApi, PAGE_SIZE_MAX } from '@wharf/contract';
import type { Family } from '../../platform/deps';
import { registerEndpoint } from '../../platform/http/register';
import { settings } from '../../platform/settings';
import { projectFacts } from '../projects/public';
import { DEMO_SETTING, seedDemo, type DemoRef } from './seed';
import { projectApps } from '../apps/public';

/** The demo project visitors browse without an account. */
export const demoFamily: Family = {
  name: 'demo',
  register(app, { db }) {
    registerEndpoint(app, appApi.demoProject, async () => {
      const ref = await settings.get<DemoRef>(db, DEMO_SETTING);
      const project = ref ? await projectFacts(db, ref.teamId, ref.projectId) : null;
      if (!ref || !project) return { available: false, project: null, apps: [] };
      return { available: true, project, apps: await projectApps(db, ref.teamId, project.projectId, PAGE_SIZE_MAX) };
    });
  },
  async onStart(deps, print) {
    if (!deps.config.demoSeed) return;
    if (await seedDemo(deps)) print('  Demo project seeded: a project with two apps that visitors can browse without an account (versions from DEMO_PACKAGES_DIR when its samples are there).\n');
  },
};
