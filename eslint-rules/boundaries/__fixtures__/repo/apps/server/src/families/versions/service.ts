import { testers } from '../testing/repo';

export const releaseFor = () => testers();
