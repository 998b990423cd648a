import { REPORT_DIMENSIONS, REPORT_METRICS, type ExportFormat, type ReportDefinition, type ReportDimension, type ReportMetric, type ReportTemplate } from '@wharf/contract';
import { usePageState } from './use-range';

/** The report being put together, kept in the page's address (a reload or a move away loses nothing). */
export interface ReportDraft {
  name: string;
  dimension: ReportDimension;
  property: string;
  metrics: ReportMetric[];
  events: string[];
  format: ExportFormat;
  /** The template being edited, if one is. */
  templateId: string;
}

const DEFAULT_METRICS: ReportMetric[] = ['newUsers', 'activeUsers', 'sessions', 'events'];
const list = (v: string) => v.split(',').filter(Boolean);

/** The address's keys each part of the draft is kept in (the rows also decide whether a property is kept). */
const PARAMS_OF = {
  name: ['rname'], dimension: ['rdim', 'rprop'], property: ['rprop'], metrics: ['rmetrics'], events: ['revents'], format: ['rfmt'], templateId: ['rtpl'],
} as const satisfies Record<keyof ReportDraft, readonly string[]>;

/** The draft as the address holds it, read through `get`. */
function draftOf(get: (key: string) => string): ReportDraft {
  const dimension = get('rdim');
  const metrics = get('rmetrics');
  return {
    name: get('rname'),
    dimension: (REPORT_DIMENSIONS as readonly string[]).includes(dimension) ? (dimension as ReportDimension) : 'day',
    property: get('rprop'),
    // `-` is "none picked" (an empty value would mean "the defaults").
    metrics: metrics === '-' ? [] : metrics ? list(metrics).filter((m): m is ReportMetric => (REPORT_METRICS as readonly string[]).includes(m)) : DEFAULT_METRICS,
    events: list(get('revents')),
    format: get('rfmt') === 'xlsx' ? 'xlsx' : 'csv',
    templateId: get('rtpl'),
  };
}

export function useReportDraft() {
  const { get, read, set } = usePageState();
  const draft = draftOf(get);
  // Writes only what changed: two changes before the next render (a select's change, then
  // another box) must not put back what the first one wrote from this render's copy.
  const change = (next: Partial<ReportDraft>) => {
    const d = { ...draft, ...next };
    const params = { rname: d.name, rdim: d.dimension === 'day' ? '' : d.dimension, rprop: d.dimension === 'property' ? d.property : '', rmetrics: d.metrics.length ? d.metrics.join(',') : '-', revents: d.events.join(','), rfmt: d.format === 'csv' ? '' : d.format, rtpl: d.templateId };
    const written = (Object.keys(next) as (keyof ReportDraft)[]).flatMap((k) => PARAMS_OF[k]);
    set(Object.fromEntries(written.map((k) => [k, params[k]])));
  };
  // `current()` for what a click sends: the render's `draft` may be one change behind.
  return { draft, current: () => draftOf(read), change, clear: () => set({ rname: '', rdim: '', rprop: '', rmetrics: '', revents: '', rfmt: '', rtpl: '' }) };
}

export function definitionOf(d: ReportDraft): ReportDefinition {
  return { dimension: d.dimension, ...(d.dimension === 'property' ? { property: d.property.trim() } : {}), metrics: d.metrics, events: d.events };
}

export function draftOfTemplate(t: ReportTemplate): ReportDraft {
  return { name: t.name, dimension: t.definition.dimension, property: t.definition.property ?? '', metrics: t.definition.metrics, events: t.definition.events, format: t.format, templateId: t.templateId };
}
