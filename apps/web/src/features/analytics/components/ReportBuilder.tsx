import { Button, Card, Checkbox, Flex, Form, Input, Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, REPORT_DIMENSIONS, REPORT_LIMITS, REPORT_METRICS, type ReportMetric } from '@wharf/contract';
import type { DayRange } from '../range';
import type { ReportDraft } from '../report-draft';

interface Props {
  draft: ReportDraft;
  change: (next: Partial<ReportDraft>) => void;
  /** Event names the app sent in the range, offered as columns. */
  eventNames: readonly string[];
  range: DayRange;
  exporting: boolean;
  onExport: () => void;
  onSave: () => void;
  onClear: () => void;
}

/** What a report is: its rows (days or a split), its columns (metrics and events), its file format. */
export function ReportBuilder({ draft, change, eventNames, range, exporting, onExport, onSave, onClear }: Props) {
  const { t } = useTranslation('analytics');
  const empty = draft.metrics.length + draft.events.length === 0;
  const needsProperty = draft.dimension === 'property' && !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(draft.property.trim());
  return (
    <Card title={draft.templateId ? t('reports.editing', { name: draft.name }) : t('reports.builder')}>
      <Form layout="vertical" requiredMark={false} style={{ maxWidth: 760 }}>
        <Form.Item label={t('reports.name')}>
          <Input aria-label={t('reports.name')} value={draft.name} maxLength={64} placeholder={t('reports.namePlaceholder')} onChange={(e) => change({ name: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('reports.rows')} extra={draft.dimension === 'day' ? t('reports.rowsDay') : t('reports.rowsRaw')}>
          <Select
            aria-label={t('reports.rows')}
            value={draft.dimension}
            onChange={(dimension) => change({ dimension })}
            options={REPORT_DIMENSIONS.map((d) => ({ value: d, label: t(`reports.dimension.${d}`) }))}
            style={{ width: 280 }}
          />
        </Form.Item>
        {draft.dimension === 'property' && (
          <Form.Item label={t('reports.property')} validateStatus={needsProperty && draft.property ? 'error' : ''} help={needsProperty && draft.property ? t('reports.propertyRule') : undefined}>
            <Input aria-label={t('reports.property')} value={draft.property} maxLength={40} placeholder="coupon" onChange={(e) => change({ property: e.target.value })} style={{ width: 280 }} />
          </Form.Item>
        )}
        <Form.Item label={t('reports.metrics')} validateStatus={empty ? 'warning' : ''} help={empty ? t('reports.noColumns') : undefined}>
          <Checkbox.Group
            value={draft.metrics}
            onChange={(values) => change({ metrics: REPORT_METRICS.filter((m) => (values as ReportMetric[]).includes(m)) })}
            options={REPORT_METRICS.map((m) => ({ value: m, label: t(`reports.metric.${m}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('reports.events')} extra={t('reports.eventsText', { n: REPORT_LIMITS.eventColumns })}>
          <Select
            mode="tags"
            aria-label={t('reports.events')}
            value={draft.events}
            maxCount={REPORT_LIMITS.eventColumns}
            onChange={(events: string[]) => change({ events: events.filter((e) => /^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(e)) })}
            options={eventNames.map((name) => ({ value: name, label: name }))}
            style={{ maxWidth: 560 }}
          />
        </Form.Item>
        <Form.Item label={t('reports.format')}>
          <Segmented value={draft.format} onChange={(format) => change({ format: format as ReportDraft['format'] })} options={EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))} />
        </Form.Item>
        <Flex gap="small" wrap>
          <Button type="primary" data-testid="report-export" onClick={onExport} loading={exporting} disabled={empty || needsProperty}>
            {t('reports.export', { from: range.from, to: range.to })}
          </Button>
          <Space>
            <Button onClick={onSave} disabled={empty || needsProperty}>
              {draft.templateId ? t('reports.saveChanges') : t('reports.saveTemplate')}
            </Button>
            {(draft.templateId || draft.name) && <Button onClick={onClear}>{t('reports.startOver')}</Button>}
          </Space>
        </Flex>
      </Form>
    </Card>
  );
}
