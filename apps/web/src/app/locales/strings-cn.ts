import common from './cn.json';
import { gatherStrings } from './strings';

// One chunk per language: a page loads only its own (app/i18n.ts).
export default gatherStrings(common, import.meta.glob<Record<string, unknown>>('../../features/*/locales/cn.json', { eager: true, import: 'default' }));
