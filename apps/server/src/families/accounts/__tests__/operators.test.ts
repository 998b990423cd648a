import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, operatorApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { accountsFamily } from '..';

let t: TestApp;
const printed: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { WHARF_OPERATOR_EMAIL: 'ops@example.com', WHARF_OPERATOR_PASSWORD: 'operator password' } });
  await accountsFamily.onStart!(t.deps, (s) => printed.push(s));
});
afterAll(() => t.close());

describe('platform operators', () => {
  it('creates the administrator on first start only', async () => {
    expect(printed.join('')).toContain('ops@example.com');
    expect(printed.join('')).not.toContain('operator password');
    await accountsFamily.onStart!(t.deps, (s) => printed.push(s));
    expect(printed).toHaveLength(1);
  });

  it('prints generated one-time credentials when none are configured', async () => {
    const other = await createTestApp();
    const out: string[] = [];
    await accountsFamily.onStart!(other.deps, (s) => out.push(s));
    const m = /Platform operator created: (\S+) \/ (\S+)/.exec(out.join(''));
    expect(m).not.toBeNull();
    const op = new TestUser(other, m![1]!, m![2]!);
    expect((await op.login()).statusCode).toBe(200);
    expect((await op.call(authApi.userInfo)).json().operatorRoles).toEqual(['admin']);
    await other.close();
  });

  it('lets the administrator grant the reviewer role, and nobody else', async () => {
    const op = new TestUser(t, 'ops@example.com', 'operator password');
    expect((await op.login()).statusCode).toBe(200);
    const dev = await TestUser.register(t);
    expect((await dev.call(operatorApi.grantOperatorRole, { body: { email: dev.email, role: 'reviewer' } })).statusCode).toBe(403);
    const granted = await op.call(operatorApi.grantOperatorRole, { body: { email: dev.email, role: 'reviewer' } });
    expect(granted.statusCode).toBe(200);
    expect((await dev.call(authApi.userInfo)).json().operatorRoles).toEqual(['reviewer']);
    const list = (await op.call(operatorApi.operatorList)).json().items;
    expect(list.map((o: { email: string }) => o.email).sort()).toEqual([dev.email, 'ops@example.com'].sort());
    expect((await dev.call(operatorApi.operatorList)).statusCode).toBe(403);
    expect((await op.call(operatorApi.revokeOperatorRole, { params: { userId: dev.userId, role: 'reviewer' } })).statusCode).toBe(200);
    const opId = await op.whoAmI();
    expect((await op.call(operatorApi.revokeOperatorRole, { params: { userId: opId, role: 'admin' } })).statusCode).toBe(409);
  });

  it('shows no team data to an operator without a team', async () => {
    const op = new TestUser(t, 'ops@example.com', 'operator password');
    await op.login();
    expect(op.teamId).toBe('');
    const me = (await op.call(authApi.userInfo)).json();
    expect(me.teams).toEqual([]);
  });
});
