import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { PACKAGE_FAILURES, PARSE_STATE } from '@wharf/contract';
import { auditWith } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { AppError, invalidInput } from '../../platform/http/errors';
import { supportedDevices } from './devices/supported';
import { packagesRepo, type PackageRow } from './repo';
import type { PackagesService } from './service';
import { type AppRow, type AppsService, lockPackageName } from '../apps/public';
import { type FilesService } from '../files/public';

export interface H5Input {
  appId: string;
  url: string;
  versionName: string;
  versionCode: number;
  minPlatformVersion: number;
  deviceTypes: string[];
  remark?: string | undefined;
}

function assertQuickApp(app: AppRow): void {
  if (app.platform !== 'quickapp') {
    throw invalidInput({ zh: `该应用的平台是 ${app.platform}，只有快应用才能添加此类软件包`, en: `This app's platform is ${app.platform}; only quick apps take this kind of package`, ru: `Платформа приложения — ${app.platform}; такие пакеты принимают только быстрые приложения` });
  }
}

/** Quick-app packages beyond a single RPK (H5 versions, RPKS bundles) and device fit. */
export class QuickAppPackages {
  constructor(
    private readonly deps: Deps,
    private readonly apps: AppsService,
    private readonly files: FilesService,
    private readonly packages: PackagesService,
  ) {}

  /**
   * An H5 quick app has no RPK: its version is a web address plus the facts an RPK manifest
   * would carry. They are kept as a small JSON descriptor file, so the package has a file
   * like every other one and devices can be served it the same way.
   */
  async registerH5(caller: Caller, input: H5Input): Promise<PackageRow> {
    const { db, clock } = this.deps;
    const app = await this.apps.get(caller, input.appId);
    assertQuickApp(app);
    const highest = await packagesRepo.highestVersionCode(db, app.id);
    if (highest !== null && input.versionCode < highest) {
      throw new AppError('conflict', {
        zh: `版本号 ${input.versionCode} 低于该应用已有软件包的版本号 ${highest}`,
        en: `versionCode ${input.versionCode} is lower than ${highest} of a package the app already has (reason ${PACKAGE_FAILURES.versionCodeTooLow})`, ru: `versionCode ${input.versionCode} меньше, чем ${highest} у уже загруженного пакета приложения (причина ${PACKAGE_FAILURES.versionCodeTooLow})`,
      });
    }
    const descriptor = {
      type: 'h5',
      package: app.packageName,
      name: app.name,
      versionName: input.versionName,
      versionCode: input.versionCode,
      minPlatformVersion: input.minPlatformVersion,
      deviceTypeList: input.deviceTypes,
      url: input.url,
    };
    const file = await this.files.upload(caller, Readable.from([Buffer.from(JSON.stringify(descriptor, null, 2))]), {
      fileName: `${app.packageName}-${input.versionCode}.h5.json`,
      contentType: 'application/json',
      bizTag: 'file',
    });
    return db.transaction(async (tx) => {
      const now = clock.now();
      const id = randomUUID();
      const audit = { action: 'package.addH5' as const, teamId: caller.teamId, actorId: caller.userId, ip: caller.ip, targetType: 'package', targetId: id, data: { appId: app.id, url: input.url, versionCode: input.versionCode } };
      const created = await packagesRepo.insert(tx, {
        id,
        teamId: caller.teamId!,
        appId: app.id,
        fileId: file.objectId,
        fileName: file.fileName,
        size: file.size,
        sha256: file.sha256,
        kind: 'rpk',
        parseState: PARSE_STATE.parsed,
        packageName: app.packageName,
        versionCode: input.versionCode,
        versionName: input.versionName,
        minSdk: input.minPlatformVersion,
        label: app.name,
        extra: { h5: { url: input.url }, deviceTypeList: input.deviceTypes, features: [] },
        remark: input.remark ?? null,
        createdBy: caller.userId!,
        createdAt: now,
        parsedAt: now,
      }, (changed) => auditWith(tx, clock, audit, changed));
      await lockPackageName(this.deps, tx, app, now);
      return created;
    });
  }

  async registerRpks(caller: Caller, input: { appId: string; objectId: string; remark?: string | undefined }): Promise<PackageRow> {
    assertQuickApp(await this.apps.get(caller, input.appId));
    const file = await this.files.get(caller, input.objectId);
    if (!/\.rpks$/i.test(file.fileName)) {
      throw invalidInput({ zh: `${file.fileName} 不是 RPKS 文件（.rpks）`, en: `${file.fileName} is not an RPKS file (.rpks)`, ru: `${file.fileName} — не файл RPKS (.rpks)` });
    }
    return this.packages.add(caller, input, 'rpks');
  }

  async devices(caller: Caller, appId: string, pkgId: string, deviceType?: string) {
    const row = await this.packages.get(caller, appId, pkgId);
    if (row.parseState !== PARSE_STATE.parsed) {
      const state = row.parseState === PARSE_STATE.parsing ? { zh: '解析中', en: 'is still being parsed', ru: 'ещё разбирается' } : { zh: '解析失败', en: 'failed to parse', ru: 'не удалось разобрать' };
      throw new AppError('conflict', { zh: `软件包${state.zh}，无法判断适配机型`, en: `The package ${state.en}; its devices cannot be told`, ru: `Пакет ${state.ru}; устройства нельзя уведомить` });
    }
    const { requirements, items } = supportedDevices(row);
    const shown = deviceType ? items.filter((d) => d.deviceType === deviceType) : items;
    return {
      items: shown.map((d) => ({ model: d.model, name: d.name, brand: d.brand, deviceType: d.deviceType, releaseYear: d.releaseYear })),
      total: shown.length,
      requirements,
    };
  }
}
