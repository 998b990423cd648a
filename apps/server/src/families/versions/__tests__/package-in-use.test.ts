import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageApi, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, newApp, parsedPackage } from '../../../harness/scenarios';

let t: TestApp;
beforeAll(async () => {
  ({ t } = await appWithOperator());
});
afterAll(() => t.close());

describe('a package a version uses', () => {
  it('cannot be deleted, with the version named; an unused one can', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const used = await parsedPackage(t, u, app.appId, 10);
    const spare = await parsedPackage(t, u, app.appId, 11);
    const version = (await u.call(versionApi.createVersion, { body: { appId: app.appId } })).json().version as { versionId: string };
    expect((await u.call(versionApi.updateVersion, { body: { appId: app.appId, versionId: version.versionId, pkgId: used.pkgId } })).statusCode).toBe(200);

    const refused = await u.call(packageApi.deletePackage, { query: { appId: app.appId, pkgId: used.pkgId } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret.msg).toBe('Version 1.0.10 uses this package, so it cannot be deleted');
    expect((await u.call(packageApi.getPackage, { query: { appId: app.appId, pkgId: used.pkgId } })).statusCode).toBe(200);

    expect((await u.call(packageApi.packageList, { query: { appId: app.appId, withTotal: 'true' } })).json().total).toBe(2);
    expect((await u.call(packageApi.deletePackage, { query: { appId: app.appId, pkgId: spare.pkgId } })).statusCode).toBe(200);
    const after = (await u.call(packageApi.packageList, { query: { appId: app.appId, withTotal: 'true' } })).json();
    expect(after.total).toBe(1);
    expect((await u.call(packageApi.packageList, { query: { appId: app.appId } })).json().total).toBeUndefined();
  });
});
