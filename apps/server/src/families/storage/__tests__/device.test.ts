import { deviceSuite } from './device-suite';

deviceSuite('local files', async () => ({ env: {} }));
