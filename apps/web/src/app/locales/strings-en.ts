import common from './en.json';
import { gatherStrings } from './strings';

// One chunk per language: a page loads only its own (app/i18n.ts).
export default gatherStrings(common, import.meta.glob<Record<string, unknown>>('../../features/*/locales/en.json', { eager: true, import: 'default' }));
