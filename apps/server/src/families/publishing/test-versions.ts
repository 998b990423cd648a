import type { MessageLanguage } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { TestVersionsService, type TestVersionInput } from '../testing/public';
import type { Reach } from './reach';

interface Fields {
  versionName?: string | undefined;
  pkgId?: string | undefined;
  testGroupIds?: string[] | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  testType?: 'open' | 'invited' | undefined;
  installLimit?: number | undefined;
}

const inputOf = (f: Fields): TestVersionInput => ({
  name: f.versionName,
  pkgId: f.pkgId,
  groupIds: f.testGroupIds,
  startAt: f.startTime,
  endAt: f.endTime,
  kind: f.testType,
  installCap: f.installLimit,
});

/** The Connect API's test versions: the console's App testing, with the Publishing API's field names. */
export class ConnectTestVersions {
  private readonly tests: TestVersionsService;

  constructor(
    deps: Deps,
    private readonly reach: Reach,
  ) {
    this.tests = new TestVersionsService(deps);
  }

  async save(caller: Caller, appId: string, fields: Fields & { testVersionId?: string | undefined }, lang: MessageLanguage) {
    await this.reach.app(caller, appId);
    return this.tests.save(caller, appId, { ...inputOf(fields), ...(fields.testVersionId ? { testVersionId: fields.testVersionId } : {}) }, lang);
  }

  async submit(caller: Caller, appId: string, testVersionId: string, lang: MessageLanguage) {
    await this.reach.app(caller, appId);
    return this.tests.release(caller, appId, testVersionId, 'submit', lang);
  }
}
