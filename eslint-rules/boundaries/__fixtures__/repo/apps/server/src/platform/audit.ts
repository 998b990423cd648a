import { testingSummary } from '../families/testing/public';

export const audit = () => testingSummary();
