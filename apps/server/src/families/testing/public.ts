// What other families may use of testing: nothing else of this folder.
export { TestVersionsService, type TestVersionInput } from './test-versions';
