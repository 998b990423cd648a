import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate } from './template';

export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = await createTemplate(runId);
  project.provide('dbTemplate', JSON.stringify(template));
  return async () => {
    await dropTemplate(template);
  };
}
