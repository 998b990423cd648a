import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionApi, versionApi } from '@wharf/contract';
import { COUNTRIES } from '@wharf/rules';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, completeVersion, newApp, released } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());

const anonymous = (lang?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: regionApi.regionNames.fullPath, query: lang ? { lang } : {}, headers });

describe('region names (v1)', () => {
  it('names the eight regions and all their countries in the language asked for, sorted for it', async () => {
    const ru = (await anonymous('ru')).json();
    expect(ru.lang).toBe('ru');
    expect(ru.regions.map((r: { name: string }) => r.name)).toEqual(['Китай', 'Европа', 'Африка', 'Ближний Восток', 'Северная Америка', 'Центральная Азия', 'Азиатско-Тихоокеанский регион', 'Латинская Америка и Карибский бассейн']);
    const europe = ru.regions.find((r: { id: string }) => r.id === 'europe');
    expect(europe.countries.find((c: { id: string }) => c.id === 'DE')).toEqual({ id: 'DE', name: 'Германия', contentRating: 'USK' });
    const names = europe.countries.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru')));
    expect(ru.regions.flatMap((r: { countries: unknown[] }) => r.countries)).toHaveLength(COUNTRIES.length);
  });

  it('takes the language from the header without a lang, and refuses an unknown one', async () => {
    expect((await anonymous(undefined, { 'x-lang': 'zh' })).json().regions[0]).toMatchObject({ id: 'china', name: '中国', countries: [{ id: 'CN', contentRating: 'HWAR' }] });
    expect((await anonymous()).json().lang).toBe('en');
    const bad = await anonymous('de');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toContain('lang');
  });
});

describe('region names of an app (v2)', () => {
  it('marks the countries of the on-shelf version and of the one being prepared', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const none = (await u.call(regionApi.regionNamesV2, { query: { appId } })).json();
    expect(none.regions.every((r: { onShelfCount: number }) => r.onShelfCount === 0)).toBe(true);
    await released(t, u, op, appId);
    const next = (await u.call(versionApi.createVersion, { body: { appId } })).json().version.versionId as string;
    await u.call(versionApi.updateVersion, { body: { appId, versionId: next, countries: ['CN', 'FR'] } });
    const res = await u.call(regionApi.regionNamesV2, { query: { appId } });
    expect(res.statusCode, res.body).toBe(200);
    const regions = res.json().regions as Array<{ id: string; names: Record<string, string>; onShelfCount: number; countries: Array<{ id: string; onShelf: boolean; preparing: boolean }> }>;
    const europe = regions.find((r) => r.id === 'europe')!;
    expect(europe.names).toEqual({ cn: '欧洲', en: 'Europe', ru: 'Европа' });
    expect(europe.onShelfCount).toBe(1);
    expect(europe.countries.find((c) => c.id === 'DE')).toMatchObject({ onShelf: true, preparing: false });
    expect(europe.countries.find((c) => c.id === 'FR')).toMatchObject({ onShelf: false, preparing: true });
    expect(regions.find((r) => r.id === 'china')!.countries[0]).toMatchObject({ id: 'CN', onShelf: true, preparing: true });
  });

  it('answers 404 for another team’s app, 400 for a bad id and 401 without a session', async () => {
    const { holder, member } = await teamWithMember(t, ['customerService']);
    const { appId } = await newApp(holder);
    await completeVersion(t, holder, appId);
    expect((await member.call(regionApi.regionNamesV2, { query: { appId } })).statusCode).toBe(200);
    const other = await TestUser.register(t);
    expect((await other.call(regionApi.regionNamesV2, { query: { appId } })).statusCode).toBe(404);
    expect((await holder.call(regionApi.regionNamesV2, { query: { appId: 'x' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: regionApi.regionNamesV2.fullPath, query: { appId } })).statusCode).toBe(401);
  });
});
