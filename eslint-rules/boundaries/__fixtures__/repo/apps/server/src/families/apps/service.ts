import { versionsSummary } from '../versions/public';

export const appSummary = () => versionsSummary();
