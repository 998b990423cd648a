import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * Files that start real server processes (crash safety, shutdown, the embedded store's
 * crash, backups) take half a minute or more each, mostly waiting for their children.
 * Started last, as vitest's size order did, one of them ran alone at the end while the
 * other worker idled; started first, the rest of the suite fills in around them.
 */
const SLOW = [/apps\/server\/src\/__tests__\//, /apps\/server\/src\/ops\/__tests__\//];
const isSlow = (spec: TestSpecification) => SLOW.some((re) => re.test(spec.moduleId));

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter(isSlow), ...sorted.filter((f) => !isSlow(f))];
  }
}
