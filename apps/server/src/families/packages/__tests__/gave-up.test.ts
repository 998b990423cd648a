import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageApi } from '@wharf/contract';
import { Jobs } from '../../../platform/jobs';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { AppsService } from '../../apps/public';
import { FilesService } from '../../files/public';
import { buildApk } from '@wharf/parsers/test-kit';
import { PackagesService } from '../service';
import { newApp, newProject, uploadFile } from './helpers';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
});
afterAll(() => t.close());

describe('work that never finishes', () => {
  it('hands a job that failed on every attempt to its give-up handler, once', async () => {
    const jobs = new Jobs(t.deps.database, t.deps.log, true);
    let attempts = 0;
    const gaveUp: unknown[] = [];
    let resolve: () => void = () => undefined;
    const given = new Promise<void>((r) => (resolve = r));
    jobs.work<{ pkgId: string }>(
      'test-never',
      async () => {
        attempts += 1;
        throw new Error('the worker fails every time');
      },
      async (data) => {
        gaveUp.push(data);
        resolve();
      },
    );
    await jobs.start();
    await jobs.send('test-never', { pkgId: 'p1' }, { retryLimit: 2, retryDelay: 0, retryBackoff: false });
    await given;
    expect(attempts).toBe(3);
    expect(gaveUp).toEqual([{ pkgId: 'p1' }]);
    await jobs.stop();
  }, 60_000);

  it('fails a package whose parse ran out of attempts with a reason, and leaves a settled one alone', async () => {
    const app = await newApp(u, await newProject(u), 'android', 'com.wharf.gaveup');
    const objectId = await uploadFile(u, buildApk({ manifest: { packageName: 'com.wharf.gaveup', versionCode: 1 } }), 'gaveup.apk');
    const added = await u.call(packageApi.addPackage, { body: { appId: app.appId, objectId } });
    const pkgId = added.json().package.pkgId as string;
    // Workers are off here: the package waits in "parsing", as one whose every attempt died would.
    const s = new PackagesService(t.deps, new AppsService(t.deps), new FilesService(t.deps));
    await s.gaveUp(pkgId);
    const pkg = (await u.call(packageApi.getPackage, { query: { appId: app.appId, pkgId } })).json().package;
    expect(pkg).toMatchObject({ parseState: 2, failureCode: 9001 });
    expect(pkg.failureReason).toMatch(/did not finish after several attempts/);
    await s.gaveUp(pkgId);
    const { rows } = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 and action = 'package.rejected'`, [pkgId]);
    expect(rows).toHaveLength(1);
  });
});
