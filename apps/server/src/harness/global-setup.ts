import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { bundleDirOf, buildServerBundle } from './server-bundle';
import { createTemplate, dropTemplate } from './template';

export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = await createTemplate(runId);
  project.provide('dbTemplate', JSON.stringify(template));
  // The server as one file, for the tests that start it as a process (server-bundle.ts);
  // workers are started after this and inherit the variable.
  const bundle = bundleDirOf(runId);
  await buildServerBundle(bundle);
  process.env.WHARF_TEST_SERVER_BUNDLE = bundle;
  return async () => {
    await dropTemplate(template);
    await fs.rm(bundle, { recursive: true, force: true });
  };
}
