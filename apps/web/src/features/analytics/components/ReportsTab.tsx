import { useState } from 'react';
import { App as AntApp, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportTemplate } from '@wharf/contract';
import { useEventList } from '../api/queries';
import { useDeleteTemplate, useExports, useReportTemplates, useSaveTemplate, useStartExport } from '../api/reports';
import { addDays, lastDays } from '../range';
import { definitionOf, draftOfTemplate, useReportDraft, type ReportDraft } from '../report-draft';
import { useRange } from '../use-range';
import { RangeBar } from './RangeBar';
import { ReportBuilder } from './ReportBuilder';
import { ExportList, TemplateList } from './ReportLists';
import { SaveTemplate, type TemplateSettings } from './SaveTemplate';

/** Reports: put one together, export it as CSV or XLSX, save it as a template, have it mailed. */
export function ReportsTab({ appId, timeZone, canManage }: { appId: string; timeZone: string; canManage: boolean }) {
  const { t } = useTranslation('analytics');
  const { message } = AntApp.useApp();
  const { today, range, compare, change: changeRange } = useRange(timeZone);
  const { draft, current, change, clear } = useReportDraft();
  const events = useEventList(appId, range);
  const templates = useReportTemplates(appId);
  const exports = useExports(appId);
  const save = useSaveTemplate(appId);
  const remove = useDeleteTemplate(appId);
  const start = useStartExport(appId);
  const [saving, setSaving] = useState(false);
  const editing = templates.data?.templates.find((x) => x.templateId === draft.templateId) ?? null;
  const nameOf = (d: ReportDraft) => d.name.trim() || t('reports.namePlaceholder');

  const started = () => void message.success(t('reports.started'));
  const exportDraft = () => {
    const d = current();
    return start.mutateAsync({ name: nameOf(d), definition: definitionOf(d), from: range.from, to: range.to, format: d.format }).then(started, () => undefined);
  };
  // A template runs over its own days, ending yesterday, as its schedule would.
  const run = (x: ReportTemplate) => {
    const { from, to } = lastDays(x.rangeDays, addDays(today, -1));
    return start.mutateAsync({ templateId: x.templateId, from, to, format: x.format }).then(started, () => undefined);
  };
  const saveTemplate = async (settings: TemplateSettings) => {
    try {
      const d = current();
      const { template } = await save.mutateAsync({ templateId: editing?.templateId, input: { name: nameOf(d), definition: definitionOf(d), format: d.format, ...settings } });
      setSaving(false);
      change({ ...draftOfTemplate(template) });
      void message.success(t('reports.saved', { name: template.name }));
    } catch {
      // the request layer showed the reason
    }
  };
  const deleteTemplate = async (x: ReportTemplate) => {
    try {
      await remove.mutateAsync(x.templateId);
      if (draft.templateId === x.templateId) clear();
    } catch {
      // the request layer showed the reason
    }
  };

  return (
    <Flex vertical gap="middle">
      <RangeBar range={range} today={today} compare={compare} timeZone={timeZone} onChange={changeRange} comparable={false} />
      <Typography.Text type="secondary">{t('reports.text')}</Typography.Text>
      <ReportBuilder
        draft={draft}
        change={change}
        eventNames={(events.data?.events ?? []).map((e) => e.name)}
        range={range}
        exporting={start.isPending}
        onExport={() => void exportDraft()}
        onSave={() => setSaving(true)}
        onClear={clear}
      />
      {!exports.data ? <Skeleton active paragraph={{ rows: 2 }} /> : <ExportList appId={appId} exports={exports.data.exports} />}
      {!templates.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <TemplateList templates={templates.data.templates} canManage={canManage} busy={start.isPending} onRun={(x) => void run(x)} onEdit={(x) => change(draftOfTemplate(x))} onDelete={(x) => void deleteTemplate(x)} />
      )}
      {saving && <SaveTemplate editing={editing} saving={save.isPending} onSave={(s) => void saveTemplate(s)} onCancel={() => setSaving(false)} />}
    </Flex>
  );
}

