import type { Builders } from '../types';

const tag = () => `${process.pid}${Math.random().toString(36).slice(2, 8)}`;

/** Projects and apps. */
export function projectsAppsBuilders(): Builders {
  return {
    'project.create': { build: () => ({ body: { name: `Matrix project ${tag()}` } }) },
    'project.delete': { build: async (s) => ({ params: { projectId: await s.fresh.project() } }) },
    'project.get': { build: (s) => ({ params: { projectId: s.a.projectId } }) },
    'project.configFile': { build: (s) => ({ params: { projectId: s.a.projectId } }) },
    'project.list': { build: () => ({ query: { withTotal: 'true', pageSize: 100 } }) },
    'project.members': { build: (s) => ({ params: { projectId: s.a.projectId } }) },
    'project.region': { build: (s) => ({ params: { projectId: s.a.projectId } }) },
    'project.rename': { build: (s) => ({ params: { projectId: s.a.projectId }, body: { name: 'Matrix project' } }) },

    'app.kinds': { build: () => ({ body: {} }) },
    'app.list': { build: () => ({ query: { withTotal: 'true', pageSize: 100 } }) },
    'app.listByProject': { build: (s) => ({ query: { projectId: s.a.projectId } }) },
    'app.location': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'app.get': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'app.changePackageName': { build: async (s) => ({ body: { appId: (await s.fresh.app()).appId, packageName: `com.matrix.renamed${tag()}` } }) },
    // The app being renamed is left out of the check: only an app of the caller's team may be.
    'app.checkName': { build: (s) => ({ body: { name: 'Tipsy', platform: 'android', appId: s.a.app.appId } }) },
    'app.checkPackageName': { build: (s) => ({ body: { platform: 'android', packageName: 'com.dhruv.tipsy', appId: s.a.app.appId } }) },
    'app.create': { build: (s) => ({ body: { projectId: s.a.projectId, platform: 'android', name: `Tipsy ${tag()}`, packageName: `com.matrix.created${tag()}`, category: 'app', defaultLanguage: 'enUS' } }) },
    'app.delete': { build: async (s) => ({ query: { appId: (await s.fresh.app()).appId } }) },
    'app.demoProject': { build: () => ({}) },
    'app.manageListQuery': { build: () => ({ body: { pageSize: 100 } }) },
    'app.move': { build: async (s) => ({ body: { appId: (await s.fresh.app()).appId, targetTeamId: s.a.moveTeamId, targetProjectId: s.a.moveProjectId } }) },
    'app.moveCheck': { build: (s) => ({ body: { appId: s.a.app.appId, targetTeamId: s.a.moveTeamId, targetProjectId: s.a.moveProjectId } }) },
    'app.relationList': { build: (s) => ({ body: { appId: s.a.app.appId } }) },
    'app.seriesSelectableList': { build: (s) => ({ body: { appId: s.a.app.appId } }) },
    'app.setDevelopStatus': { build: (s) => ({ body: { appId: s.a.app.appId, developStatus: 'released' } }) },
    'app.setSeries': { build: (s) => ({ body: { appId: s.a.app.appId, memberAppIds: [] } }) },
    'app.client': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'app.clientRestrict': { build: (s) => ({ body: { appId: s.a.app.appId, packageNames: [], webOrigins: [] } }) },
    'app.clientRotate': { build: (s) => ({ body: { appId: s.a.app.appId, graceHours: 0 } }) },
    'app.configFile': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'app.update': { build: (s) => ({ body: { appId: s.a.app.appId, developerWebsite: `https://${s.marker.toLowerCase()}.example.com/` } }) },
  };
}
