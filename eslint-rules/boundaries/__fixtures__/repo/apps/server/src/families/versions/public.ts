import { testingSummary } from '../testing/public';

export const versionsSummary = () => testingSummary();
