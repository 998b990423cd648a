import type { LocalizedNames } from '../language';
import { freezeDeep } from './freeze';

export interface ServiceCategory {
  readonly id: number;
  readonly label: string;
  readonly names: LocalizedNames;
}

/**
 * The service categories of the console's service menu, in menu order (distribute comes
 * first although its id is 8). Labels are the identifiers the specification gives.
 */
export const SERVICE_CATEGORIES = freezeDeep([
  { id: 8, label: 'distribute', names: { cn: '分发', en: 'Distribute', ru: 'Распространение' } },
  { id: 1, label: 'build', names: { cn: '构建', en: 'Build', ru: 'Разработка' } },
  { id: 2, label: 'quality', names: { cn: '质量', en: 'Quality', ru: 'Качество' } },
  { id: 3, label: 'increase', names: { cn: '增长', en: 'Grow', ru: 'Рост' } },
  { id: 4, label: 'gain', names: { cn: '盈利', en: 'Earn', ru: 'Монетизация' } },
  { id: 5, label: 'analysis', names: { cn: '分析', en: 'Analytics', ru: 'Аналитика' } },
  { id: 6, label: 'cloudApp', names: { cn: '云应用', en: 'Cloud apps', ru: 'Облачные приложения' } },
  { id: 7, label: 'tools', names: { cn: '工具', en: 'Tools', ru: 'Инструменты' } },
  { id: 9, label: 'capability', names: { cn: '能力', en: 'Capabilities', ru: 'Возможности' } },
  { id: 10, label: 'business', names: { cn: '商务', en: 'Business', ru: 'Бизнес' } },
  { id: 11, label: 'serverless', names: { cn: 'Serverless', en: 'Serverless', ru: 'Бессерверные сервисы' } },
] as const satisfies readonly ServiceCategory[]);

export type ServiceCategoryId = (typeof SERVICE_CATEGORIES)[number]['id'];
export type ServiceCategoryLabel = (typeof SERVICE_CATEGORIES)[number]['label'];

/** The category of an id (number or decimal string) or a label, or null when unknown. */
export function serviceCategoryOf(idOrLabel: number | string | null | undefined): ServiceCategory | null {
  if (idOrLabel === null || idOrLabel === undefined) return null;
  const text = String(idOrLabel).trim();
  return SERVICE_CATEGORIES.find((c) => c.label === text || String(c.id) === text) ?? null;
}
