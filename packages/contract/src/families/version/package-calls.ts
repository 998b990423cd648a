import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { completeness, version, versionRef } from './schemas';

/** As the specification spells it. */
const PREFIX = 'cds/app-distirbution/v1/all';
const answer = okResponse({ version, completeness });
const bind = versionRef.extend({ pkgId: z.uuid() });

export const packageApk = defineEndpoint({
  id: 'distribution.packageApk',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/package/apk',
  access: 'app:version.manage',
  summary: "An Android app version's package: a parsed APK or AAB of the app; an AAB drops the version's expansion files",
  body: bind,
  response: answer,
});

export const packageRpk = defineEndpoint({
  id: 'distribution.packageRpk',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/package/rpk',
  access: 'app:version.manage',
  summary: "A quick app version's package: a parsed RPK of the app",
  body: bind,
  response: answer,
});

export const packageWpk = defineEndpoint({
  id: 'distribution.packageWpk',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/package/wpk',
  access: 'app:version.manage',
  summary: "A watch app version's package: a parsed WPK of the app",
  body: bind,
  response: answer,
});

export const packageExe = defineEndpoint({
  id: 'distribution.packageExe',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/package/exe',
  access: 'app:version.manage',
  summary: "A PC app version's installer: a parsed EXE of the app with the versionCode the developer gives it (an EXE carries none); the versionName defaults to the file's product version",
  body: bind.extend({ versionCode: z.number().int().min(1).max(2_147_483_647), versionName: z.string().trim().min(1).max(64).optional() }),
  response: answer,
});

export const packageObb = defineEndpoint({
  id: 'distribution.packageObb',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/package/obb',
  access: 'app:version.manage',
  summary: "An APK version's expansion files: a main and a patch OBB of the app (null removes one); devices get them with the update",
  body: versionRef.extend({ main: z.uuid().nullable(), patch: z.uuid().nullable() }),
  response: answer,
});

export const packageNone = defineEndpoint({
  id: 'distribution.packageNone',
  method: 'PUT',
  prefix: PREFIX,
  path: '/version/package/no-apk',
  access: 'app:version.manage',
  summary: "A first release without a package (a pre-registration page on the store: no download, no update); false asks for a package again",
  body: versionRef.extend({ noPackage: z.boolean() }),
  response: answer,
});
