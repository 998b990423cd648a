import type { versionsSummary } from '../versions/public';

export type Summary = ReturnType<typeof versionsSummary>;
export const testingSummary = () => 0;
