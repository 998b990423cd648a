import type { GroupsService } from '../groups';
import type { OpenTestService } from '../open';
import type { TestVersionsService } from '../test-versions';

/** The family's services, handed to every route file. */
export interface TestingServices {
  groups: GroupsService;
  tests: TestVersionsService;
  open: OpenTestService;
}
