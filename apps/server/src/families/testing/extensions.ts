import { extend } from '../../platform/extensions';
import { downloadCount, REVIEW_SUBJECTS, TESTER_OFFERS } from '../versions/public';
import { OpenTestService } from './open';
import { testVersionOut } from './present';
import { testingRepo } from './repo';
import { decideTestTask } from './test-versions';

/** What testing answers of versions' questions: testers' offers at the update check, and test versions' review tasks. */
export const testingExtensions = [
  extend(TESTER_OFFERS, (deps) => new OpenTestService(deps)),
  extend(REVIEW_SUBJECTS, (deps) => ({
    kind: 'testVersion',
    naming: (db, testVersionId) => testingRepo.testVersionAnyApp(db, testVersionId),
    async detail(db, testVersionId, lang) {
      const row = await testingRepo.testVersionAnyApp(db, testVersionId);
      return row && { packageId: row.packageId, shown: { testVersion: testVersionOut(row, lang, await downloadCount(db, row.id)) } };
    },
    decide: (tx, task, d, actor) => decideTestTask(deps, tx, task, d, actor),
  })),
];
