import { useState } from 'react';
import { Form, Modal, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_RANGES, REPORT_SCHEDULES, type ReportSchedule, type ReportTemplate } from '@wharf/contract';

export interface TemplateSettings {
  rangeDays: ReportTemplate['rangeDays'];
  schedule: ReportSchedule;
  shared: boolean;
}

interface Props {
  /** The template being changed, or null for a new one. */
  editing: ReportTemplate | null;
  saving: boolean;
  onSave: (settings: TemplateSettings) => void;
  onCancel: () => void;
}

/** The rest of a template: the days it covers, whether it is mailed, and whether the team sees it. */
export function SaveTemplate({ editing, saving, onSave, onCancel }: Props) {
  const { t } = useTranslation('analytics');
  const [settings, setSettings] = useState<TemplateSettings>(editing ? { rangeDays: editing.rangeDays, schedule: editing.schedule, shared: editing.shared } : { rangeDays: 7, schedule: 'off', shared: false });
  return (
    <Modal open title={editing ? t('reports.saveChanges') : t('reports.saveTemplate')} okText={t('reports.save')} confirmLoading={saving} onOk={() => onSave(settings)} onCancel={onCancel}>
      <Form layout="vertical">
        <Form.Item label={t('reports.rangeDays')}>
          <Select
            aria-label={t('reports.rangeDays')}
            value={settings.rangeDays}
            onChange={(rangeDays) => setSettings({ ...settings, rangeDays })}
            options={REPORT_RANGES.map((n) => ({ value: n, label: t('range.last', { count: n }) }))}
          />
        </Form.Item>
        <Form.Item label={t('reports.schedule')} extra={t('reports.scheduleText')}>
          <Select
            aria-label={t('reports.schedule')}
            value={settings.schedule}
            onChange={(schedule) => setSettings({ ...settings, schedule })}
            options={REPORT_SCHEDULES.map((s) => ({ value: s, label: t(`reports.schedules.${s}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('reports.shared')}>
          <Switch checked={settings.shared} onChange={(shared) => setSettings({ ...settings, shared })} aria-label={t('reports.shared')} />
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            {t('reports.sharedText')}
          </Typography.Text>
        </Form.Item>
      </Form>
    </Modal>
  );
}
