import { appApi, PAGE_SIZE_MAX } from '@wharf/contract';
import type { Family } from '../../platform/deps';
import { registerEndpoint } from '../../platform/http/register';
import { settings } from '../../platform/settings';
import { projectsRepo } from '../projects/repo';
import { appsRepo } from '../apps/repo';
import { appOut } from '../apps/service';
import { DEMO_SETTING, seedDemo, type DemoRef } from './seed';

/** The demo project visitors browse without an account. */
export const demoFamily: Family = {
  name: 'demo',
  register(app, { db }) {
    registerEndpoint(app, appApi.demoProject, async () => {
      const ref = await settings.get<DemoRef>(db, DEMO_SETTING);
      const project = ref ? await projectsRepo.byId(db, ref.teamId, ref.projectId) : undefined;
      if (!ref || !project) return { available: false, project: null, apps: [] };
      const apps = await appsRepo.page(db, ref.teamId, { projectId: project.id }, PAGE_SIZE_MAX);
      return { available: true, project: { projectId: project.id, name: project.name, dataLocation: project.dataLocation }, apps: apps.map(appOut) };
    });
  },
  async onStart(deps, print) {
    if (!deps.config.demoSeed) return;
    if (await seedDemo(deps)) print('  Demo project seeded: a project with two apps that visitors can browse without an account (versions from DEMO_PACKAGES_DIR when its samples are there).\n');
  },
};
