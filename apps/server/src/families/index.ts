import type { Family } from '../platform/deps';
import { accountsFamily } from './accounts';
import { consoleFamily } from './console';
import { contentFamily } from './content';
import { projectsFamily } from './projects';
import { appsFamily } from './apps';
import { demoFamily } from './demo';
import { filesFamily } from './files';
import { packagesFamily } from './packages';
import { reportsFamily } from './reports';
import { versionsFamily } from './versions';
import { immersiveFamily } from './immersive';
import { qualificationsFamily } from './qualifications';
import { regionsFamily } from './regions';
import { testingFamily } from './testing';
import { agreementsFamily } from './agreements';
import { appUsersFamily } from './app-users';
import { apiClientsFamily } from './api-clients';
import { publishingFamily } from './publishing';
import { remoteConfigFamily } from './remote-config';
import { abTestingFamily } from './ab-testing';
import { analyticsFamily } from './analytics';
import { cloudDbFamily } from './cloud-db';
import { cloudFunctionsFamily } from './cloud-functions';
import { ratingsFamily } from './ratings';
import { ageRatingFamily } from './age-rating';
import { feedbackFamily } from './feedback';
import { questionnairesFamily } from './questionnaires';
import { supportFamily } from './support';
import { databasesFamily } from './databases';
import { storageFamily } from './storage';
import { hostingFamily } from './hosting';
import { appLinksFamily } from './app-links';
import { appMessagingFamily } from './app-messaging';

/** The list of families: one line each. */
export const FAMILIES: readonly Family[] = [
  accountsFamily,
  consoleFamily,
  reportsFamily,
  contentFamily,
  projectsFamily,
  appsFamily,
  demoFamily,
  filesFamily,
  packagesFamily,
  versionsFamily,
  immersiveFamily,
  qualificationsFamily,
  regionsFamily,
  testingFamily,
  agreementsFamily,
  appUsersFamily,
  apiClientsFamily,
  publishingFamily,
  remoteConfigFamily,
  abTestingFamily,
  analyticsFamily,
  cloudDbFamily,
  cloudFunctionsFamily,
  ratingsFamily,
  ageRatingFamily,
  feedbackFamily,
  questionnairesFamily,
  supportFamily,
  databasesFamily,
  storageFamily,
  hostingFamily,
  appLinksFamily,
  appMessagingFamily,
];
