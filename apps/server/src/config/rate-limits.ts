/**
 * The classes calls of devices and apps are counted in, per minute unless said otherwise:
 * what one device, app or address may ask of every instance together.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<string, { limit: number; windowMs: number }>> = {
  device: { limit: 600, windowMs: 60_000 },
  appClient: { limit: 3000, windowMs: 60_000 },
  apiClient: { limit: 1200, windowMs: 60_000 },
  // Remote configuration fetches per app, all its devices together: each device's own
  // interval is kept in memory by the server that answers it (docs/remote-config.md).
  remoteConfigFetch: { limit: 60_000, windowMs: 60_000 },
  // Analytics batches: per instance (an SDK sends one every few seconds at most), and per
  // app, all its instances together (docs/analytics.md).
  analyticsDevice: { limit: 600, windowMs: 60_000 },
  analyticsApp: { limit: 120_000, windowMs: 60_000 },
  // Cloud DB's document calls per app, all its devices together (docs/cloud-db.md).
  cloudDb: { limit: 300_000, windowMs: 60_000 },
  // ...and the server SDK's, per API client (a project's backend and its cloud functions).
  cloudDbServer: { limit: 300_000, windowMs: 60_000 },
  // Test runs of functions from the console, per team member.
  functionTest: { limit: 120, windowMs: 60_000 },
  // Calls of a function through its HTTP address: per function, all callers together
  // (docs/cloud-functions.md); a function's own concurrency throttles sooner.
  functionHttp: { limit: 600_000, windowMs: 60_000 },
  // Cloud Storage's calls from devices per app, all its devices together, and downloads by
  // signed link per bucket (docs/storage.md).
  storage: { limit: 600_000, windowMs: 60_000 },
  // Hosted sites' pages per site, all visitors together: a brake on floods, far above a busy site.
  hosting: { limit: 6_000_000, windowMs: 60_000 },
  // App links: clicks per link host address (a person clicks a few links a minute, a bot
  // thousands), every link together per prefix, reports from preview pages per address, and
  // the apps' claims and re-opens per app (docs/app-links.md).
  linkClick: { limit: 3000, windowMs: 60_000 },
  linkPrefix: { limit: 3_000_000, windowMs: 60_000 },
  linkReport: { limit: 10, windowMs: 3_600_000 },
  appLinksClient: { limit: 300_000, windowMs: 60_000 },
  // In-app messages fetched per app, all its devices together (each keeps its answer and asks with its ETag).
  appMessagingFetch: { limit: 600_000, windowMs: 60_000 },
  // Access tokens asked for per address: a CI farm behind one address asks once per job.
  apiToken: { limit: 300, windowMs: 60_000 },
  signIn: { limit: 20, windowMs: 60_000 },
  // Reviews written and helpful marks, per device: a person changes a review a few times, not hundreds.
  reviewWrite: { limit: 30, windowMs: 3_600_000 },
  // ...and per app, all its devices together: a flood of fresh installs cannot bury an app.
  reviewWritePerApp: { limit: 20_000, windowMs: 3_600_000 },
  // Feedback and its screenshots, per device: a person reports a few things, not hundreds.
  feedbackWrite: { limit: 30, windowMs: 3_600_000 },
  // ...and per app, all its devices together.
  feedbackPerApp: { limit: 20_000, windowMs: 3_600_000 },
  // Questionnaire answers per device (or address, for the link's page).
  questionnaireAnswer: { limit: 60, windowMs: 3_600_000 },
  // New anonymous app users per address (Firebase allows 100 an hour per address too).
  anonymousSignUp: { limit: 100, windowMs: 3_600_000 },
  // ...and per project, all its apps and addresses together.
  anonymousSignUpPerProject: { limit: 5000, windowMs: 3_600_000 },
  verificationCode: { limit: 5, windowMs: 3_600_000 },
  // Texted codes (SMS pumping): per number, and per project a day, counted by Auth Service.
  smsPerNumber: { limit: 5, windowMs: 3_600_000 },
  smsPerProject: { limit: 1000, windowMs: 86_400_000 },
};
