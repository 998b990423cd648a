import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AGREEMENT_IDS, AGREEMENTS, PARSE_STATE } from '@wharf/contract';
import { listingImageProblem, NO_CONTENT } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { settings } from '../../platform/settings';
import { screenshotPng } from './png';
import { simulateDemoUsage } from './usage';
import { appByPackage } from '../apps/public';
import { SYSTEM, VersionsService, countDownloadsAt, reviewTasks, versionNameOf } from '../versions/public';
import { packagesOf } from '../packages/public';
import { filesOf, teamImages } from '../files/public';
import { agreementsOf } from '../agreements/public';
import { AgeRatingService } from '../age-rating/public';

export const DEMO_RELEASES_SETTING = 'demo.releases';

/** The shared samples the seed releases (see shared/fixtures/packages/README.md). */
export const DEMO_PACKAGES = { tipsy: 'tipsy-release.aab', calculator: 'arktscalc-debug-signed.hap' } as const;

const DAY_MS = 24 * 3600_000;

const TIPSY_LISTINGS = [
  { language: 'enUS', name: 'Tipsy', brief: 'Split the bill and the tip in seconds', description: 'Tipsy works out the tip and splits the bill between friends.\n\nChoose a tip percentage, the number of people, and round up if you like.', newFeatures: 'First release.' },
  { language: 'zhCN', name: '小费计算器', brief: '几秒钟算好小费和分账', description: 'Tipsy 帮你计算小费，并在朋友之间分摊账单。\n\n选择小费比例和人数，也可以向上取整。', newFeatures: '首次发布。' },
  { language: 'ruRU', name: 'Чаевые', brief: 'Чаевые и счёт на всех за секунды', description: 'Tipsy считает чаевые и делит счёт между друзьями.\n\nВыберите процент чаевых, число людей и при желании округлите.', newFeatures: 'Первый выпуск.' },
] as const;

const SCREEN_COLOURS: ReadonlyArray<readonly [readonly [number, number, number], readonly [number, number, number]]> = [
  [[22, 119, 255], [9, 45, 120]],
  [[82, 196, 26], [20, 80, 10]],
  [[250, 140, 22], [120, 50, 0]],
];

/**
 * Gives the demo apps versions in several states, through the same services the API uses
 * and with the real package samples parsed by the packages family:
 * Tipsy — 1.0 fully on shelf (what the store shows) with listings in three languages and
 * two weeks of downloads, the next build in a phased release, and a third one under review
 * after a rejection with a reason; ArkTS Calculator — its debug build refused by the
 * package checks, and a draft waiting for a release build. Without the samples nothing
 * happens (answers false); once done it is not done again.
 */
export async function seedDemoReleases(deps: Deps, caller: Caller, teamId: string): Promise<boolean> {
  const { db, clock } = deps;
  if (await settings.get(db, DEMO_RELEASES_SETTING)) return false;
  const dir = deps.config.demoPackagesDir;
  const aab = path.join(dir, DEMO_PACKAGES.tipsy);
  const hap = path.join(dir, DEMO_PACKAGES.calculator);
  if (!fs.existsSync(aab) || !fs.existsSync(hap)) return false;
  const tipsy = await appByPackage(db, 'android', 'com.dhruv.tipsy');
  const calculator = await appByPackage(db, 'harmony', 'com.samples.arktscalc');
  if (tipsy?.teamId !== teamId || calculator?.teamId !== teamId) return false;

  const files = filesOf(deps);
  const packages = packagesOf(deps);
  const versions = new VersionsService(deps);
  const upload = async (bytes: Buffer | Readable, fileName: string, contentType: string) =>
    (await files.upload(caller, bytes instanceof Readable ? bytes : Readable.from([bytes]), { fileName, contentType })).objectId;
  const decide = (versionId: string, d: { decision: 'approve' | 'reject'; reasons: string[]; comment?: string }) =>
    db.transaction(async (tx) => {
      const task = await reviewTasks.openOf(tx, versionId);
      if (!task) throw new Error(`demo seed: no open review task for ${versionId}`);
      // The platform decides the demo's reviews itself.
      await versions.decideInTx(tx, task.id, d, SYSTEM);
    });

  // Tipsy: the real Android App Bundle, stored and parsed.
  const pkg = await packages.addAndParse(caller, { appId: tipsy.id, objectId: await upload(fs.createReadStream(aab) as Readable, DEMO_PACKAGES.tipsy, 'application/octet-stream'), remark: 'Release build 1.0' });
  if (pkg.parseState !== PARSE_STATE.parsed) throw new Error(`demo seed: ${DEMO_PACKAGES.tipsy} was not accepted: ${pkg.failureReason}`);
  // The package's own icon when it fits the store's rules (a launcher icon rarely does: 192 pixels), else one drawn.
  const [packageIcon] = pkg.iconFileId ? await teamImages(deps, teamId, [pkg.iconFileId]) : [];
  const iconId = packageIcon && !listingImageProblem('icon', packageIcon) ? packageIcon.id : await upload(screenshotPng(216, 216, [22, 119, 255], [9, 45, 120]), 'icon.png', 'image/png');
  const media = await Promise.all(
    TIPSY_LISTINGS.map(async (l) => ({
      language: l.language,
      iconObjectId: iconId,
      screenshotObjectIds: await Promise.all(SCREEN_COLOURS.map(([top, bottom], i) => upload(screenshotPng(450, 800, top, bottom), `${l.language}-${i + 1}.png`, 'image/png'))),
    })),
  );
  const listings = TIPSY_LISTINGS.map((l, i) => ({ ...l, ...media[i]! }));

  // The demo team signed what publishing needs, as its account holder would have.
  const agreements = agreementsOf(deps);
  for (const id of AGREEMENT_IDS) await agreements.sign(caller, id, AGREEMENTS[id].version);

  // A tip calculator shows nothing of the questionnaire's: 3+, PEGI 3, ESRB E, before its first release.
  await new AgeRatingService(deps).save(caller, tipsy.id, NO_CONTENT);
  const v1 = (await versions.create(caller, tipsy.id, 'en')).version.versionId;
  // Later builds start from 1.0's settings, its age rating too.
  await versions.update(caller, tipsy.id, v1, { pkgId: pkg.id, listings, countries: ['CN', 'DE', 'RU', 'US'], ageRating: '3+' }, 'en');
  await versions.submit(caller, tipsy.id, v1, 'en');
  await decide(v1, { decision: 'approve', reasons: [] });

  // The next build goes out in phases: 1.0 stays what everyone else (and the store) gets.
  const now = clock.now();
  const v2 = (await versions.create(caller, tipsy.id, 'en')).version.versionId;
  await versions.update(caller, tipsy.id, v2, { pkgId: pkg.id, releaseType: 'phased', listings: listings.map((l) => ({ language: l.language, newFeatures: l.language === 'zhCN' ? '更快的分账。' : l.language === 'ruRU' ? 'Быстрее делит счёт.' : 'Faster bill splitting.' })) }, 'en');
  await versions.phased.change(caller, tipsy.id, v2, { state: 'UPDATE', percent: 20, startAt: now.toISOString(), endAt: new Date(now.getTime() + 14 * DAY_MS).toISOString(), description: 'A fifth of the users first' });
  await versions.submit(caller, tipsy.id, v2, 'en');
  await decide(v2, { decision: 'approve', reasons: [] });

  // A third build: rejected with a reason, fixed and sent again, now waiting for a reviewer.
  const v3 = (await versions.create(caller, tipsy.id, 'en')).version.versionId;
  await versions.update(caller, tipsy.id, v3, { pkgId: pkg.id, reviewNotes: 'Adds a dark theme.' }, 'en');
  await versions.submit(caller, tipsy.id, v3, 'en');
  await decide(v3, { decision: 'reject', reasons: ['weakBrief'], comment: 'Say in the brief that the app splits bills.' });
  await versions.update(caller, tipsy.id, v3, { listings: [{ language: 'enUS', brief: 'Split any bill and tip with friends' }] }, 'en');
  await versions.submit(caller, tipsy.id, v3, 'en');

  // Two weeks of use of 1.0, lived by simulated devices through App Analytics' ingestion;
  // each install is a download of 1.0 in the store's counts.
  const versionName = (await versionNameOf(db, v1)) ?? '1.0';
  const usage = await simulateDemoUsage(deps, { appId: tipsy.id, teamId: tipsy.teamId, projectId: tipsy.projectId, versionName });
  for (const d of usage.downloads) await countDownloadsAt(deps, new Date(`${d.day}T06:00:00Z`), [{ appId: tipsy.id, versionId: v1, versionName, country: d.country, platform: 'android', count: d.count }]);

  // ArkTS Calculator: the sample is a debug build, which the package checks refuse; its version waits as a draft.
  await packages.addAndParse(caller, { appId: calculator.id, objectId: await upload(fs.createReadStream(hap) as Readable, DEMO_PACKAGES.calculator, 'application/octet-stream'), remark: 'Debug build' });
  const draft = (await versions.create(caller, calculator.id, 'en')).version.versionId;
  await versions.update(caller, calculator.id, draft, { listings: [{ language: 'zhCN', name: 'ArkTS 计算器', brief: '简洁的鸿蒙计算器', description: '支持四则运算和历史记录。' }], countries: ['CN'], ageRating: '3+' }, 'en');

  await settings.set(db, DEMO_RELEASES_SETTING, { at: clock.now().toISOString() }, clock.now());
  return true;
}

