import type { FastifyInstance } from 'fastify';
import { analyticsApi } from '@wharf/contract';
import type { Deps } from '../../../platform/deps';
import { registerEndpoint } from '../../../platform/http/register';
import { eventList, funnel, retention } from '../cohorts';
import { distribution } from '../distribution';
import { explore } from '../explore';
import { industry } from '../industry';
import { overview } from '../overview';
import { portrait } from '../portrait';
import { deleteUserData } from '../privacy';
import type { AnalyticsServices } from './context';

/** The console's calls: settings and dashboards of an app. */
export function consoleRoutes(app: FastifyInstance, deps: Deps, { settings }: AnalyticsServices): void {
  registerEndpoint(app, analyticsApi.getAnalyticsSettings, async ({ caller, query }) => ({ settings: await settings.get(caller, query.appId) }));
  registerEndpoint(app, analyticsApi.saveAnalyticsSettings, async ({ caller, query, body }) => ({ settings: await settings.save(caller, query.appId, body) }));
  registerEndpoint(app, analyticsApi.analyticsOverview, ({ caller, query }) => overview(deps, settings, caller, query));
  registerEndpoint(app, analyticsApi.analyticsDistribution, ({ caller, query }) => distribution(deps, settings, caller, query));
  registerEndpoint(app, analyticsApi.analyticsRetention, ({ caller, query }) => retention(deps, settings, caller, query));
  registerEndpoint(app, analyticsApi.analyticsFunnel, ({ caller, query }) => funnel(deps, caller, query));
  registerEndpoint(app, analyticsApi.analyticsEventList, ({ caller, query }) => eventList(deps, caller, query));
  registerEndpoint(app, analyticsApi.analyticsPortrait, ({ caller, query }) => portrait(deps, caller, query));
  registerEndpoint(app, analyticsApi.exploreAnalyticsEvent, ({ caller, query }) => explore(deps, caller, query));
  registerEndpoint(app, analyticsApi.analyticsIndustry, ({ caller, query }) => industry(deps, caller, query));
  registerEndpoint(app, analyticsApi.deleteAnalyticsUserData, ({ caller, query, body }) => deleteUserData(deps, caller, query.appId, body));
}
