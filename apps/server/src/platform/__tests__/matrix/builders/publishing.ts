import { createHash } from 'node:crypto';
import { RET_CODES } from '@wharf/contract';
import { sampleBytes } from '../../../../harness';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { apiClientHeaders } from './api-clients';
import { parsedPackage } from '../../../../harness/scenarios';
import { testingApi } from '@wharf/contract';

const DAY = 86_400_000;

/** A fresh app of A with a parsed package and a test-user group, for a test version. */
async function testable(s: Seed) {
  const { appId } = await s.fresh.app();
  const { pkgId } = await parsedPackage(s.t, s.a.holder, appId, 20);
  const groupId = (await s.a.holder.call(testingApi.createGroup, { body: { name: `Matrix CI ${Math.random().toString(36).slice(2, 7)}` } })).json().group.groupId as string;
  const now = s.t.clock.now().getTime();
  return { appId, body: { versionName: 'Matrix beta', pkgId, testGroupIds: [groupId], startTime: new Date(now + DAY).toISOString(), endTime: new Date(now + 7 * DAY).toISOString() } };
}

async function testVersionOf(s: Seed) {
  const { appId, body } = await testable(s);
  const made = await s.t.app.inject({ method: 'POST', url: `/api/publish/v2/test/app/version?appId=${appId}`, headers: await headers(s), payload: body });
  return { appId, testVersionId: made.json().testVersion.testVersionId as string };
}

const headers = (s: Seed) => apiClientHeaders(s.t, s.a.holder);

/** An upload through the Connect API's signed URL, for A's app: its objectId. */
async function uploaded(s: Seed, appId: string): Promise<string> {
  const bytes = sampleBytes('zip', 512);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const got = await s.t.app.inject({ url: `/api/publish/v2/upload-url/for-obs?appId=${appId}&fileName=m.apk&contentLength=${bytes.length}&sha256=${sha256}`, headers: await headers(s) });
  const { urlInfo } = got.json() as { urlInfo: { objectId: string; url: string; headers: Record<string, string> } };
  const url = new URL(urlInfo.url);
  await s.t.app.inject({ method: 'PUT', url: `${url.pathname}${url.search}`, headers: urlInfo.headers, payload: bytes });
  return urlInfo.objectId;
}

/** The Connect API's Publishing calls, as A's administrator API client makes them. */
export function publishingBuilders(): Builders {
  return {
    'publishing.appIdList': { build: async (s) => ({ query: { packageName: s.a.app.packageName }, headers: await headers(s) }) },
    'publishing.appInfo': { build: async (s) => ({ query: { appId: s.a.app.appId }, headers: await headers(s) }) },
    'publishing.updateLanguageInfo': {
      build: async (s) => ({ query: { appId: (await s.fresh.app()).appId }, body: { lang: 'en-US', appName: 'Tipsy', newFeatures: s.marker }, headers: await headers(s) }),
    },
    'publishing.deleteLanguageInfo': {
      build: async (s) => {
        const { appId } = await s.fresh.draft();
        const h = await headers(s);
        await s.t.app.inject({ method: 'PUT', url: `/api/publish/v2/app-language-info?appId=${appId}`, headers: h, payload: { lang: 'ru-RU', appName: 'Типси' } });
        return { query: { appId, lang: 'ru-RU' }, headers: h };
      },
    },
    'publishing.uploadUrl': { build: async (s) => ({ query: { appId: s.a.app.appId, fileName: 'm.apk', contentLength: 10 }, headers: await headers(s) }) },
    'publishing.appFileInfo': {
      build: async (s) => {
        const { appId } = await s.fresh.app();
        return { query: { appId }, body: { fileType: 5, files: [{ fileName: 'm.apk', fileDestUrl: await uploaded(s, appId) }] }, headers: await headers(s) };
      },
    },
    'publishing.appPackageInfoV3': {
      build: async (s) => {
        const { appId } = await s.fresh.app();
        return { query: { appId }, body: { fileName: 'm.hap', objectId: await uploaded(s, appId) }, headers: await headers(s) };
      },
    },
    'publishing.submitV3': { build: async (s) => ({ query: { appId: (await s.fresh.draft()).appId }, body: { remark: s.marker }, headers: await headers(s) }) },
    'publishing.compileStatus': { build: async (s) => ({ query: { appId: s.a.app.appId, pkgIds: s.a.pkgId }, headers: await headers(s) }) },
    'publishing.submit': { build: async (s) => ({ query: { appId: (await s.fresh.draft()).appId }, headers: await headers(s) }) },
    'publishing.createTestVersion': {
      build: async (s) => {
        const { appId, body } = await testable(s);
        return { query: { appId }, body, headers: await headers(s) };
      },
    },
    'publishing.updateTestVersion': {
      build: async (s) => {
        const { appId, testVersionId } = await testVersionOf(s);
        return { query: { appId }, body: { testVersionId, installLimit: 100 }, headers: await headers(s) };
      },
    },
    'publishing.submitTestVersion': {
      build: async (s) => {
        const { appId, testVersionId } = await testVersionOf(s);
        return { query: { appId }, body: { testVersionId }, headers: await headers(s) };
      },
    },
    'publishing.phasedRelease': {
      build: async (s) => ({ query: { appId: (await s.fresh.onShelf()).appId }, body: { state: 'SUSPEND' }, headers: await headers(s) }),
      expect: { status: 409, code: RET_CODES.conflict.code, why: 'the fresh app is released in full; pausing a real phased release is the Publishing API test' },
    },
    'publishing.onShelfTime': {
      build: async (s) => ({ query: { appId: (await s.fresh.onShelf()).appId }, body: { changeType: 2, releaseType: 1 }, headers: await headers(s) }),
      expect: { status: 409, code: RET_CODES.conflict.code, why: 'the fresh app has no approved version waiting; moving a real release time is the release-time test' },
    },
    'publishing.projects': { build: async (s) => ({ query: { pageSize: 10 }, headers: await headers(s) }) },
    'publishing.project': { build: async (s) => ({ params: { projectId: s.a.projectId }, query: { queryFlag: '1' }, headers: await headers(s) }) },
  };
}
