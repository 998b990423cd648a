// What other families' tests may use of packages: builds made in the test, so a test can
// publish a real, parseable package without the shared fixtures.
export { buildApk, buildHap, stageModuleJson, makeSigner } from '@wharf/parsers/test-kit';
