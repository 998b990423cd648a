import { useState } from 'react';
import { App as AntApp, Button, DatePicker, Empty, Flex, Progress, Select, Table, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '@wharf/contract';
import { formatDate, formatNumber, intlLocaleOf } from '@wharf/rules';
import { localTimeZone, type Language } from '../../../session/language';
import { AUDIT_EXPORT_MAX, exportAuditCsv, useAuditLog, type AuditEvent, type AuditFilter } from '../audit';
import { ShowMore } from '../../../ui/ShowMore';

function download(fileName: string, text: string): void {
  // A byte-order mark, so spreadsheet programs read the UTF-8 names right.
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

/** The name an event gives its object, when it gives one (a project's, a file's). */
function nameOf(e: AuditEvent): string | null {
  for (const key of ['name', 'fileName', 'email'] as const) {
    const value = e.data[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return null;
}

/** Who did what, when, from where in this team; filtered by action and time, exported as CSV. */
export function AuditLogTab() {
  const { t, i18n } = useTranslation('team');
  const language = i18n.language as Language;
  const { message } = AntApp.useApp();
  const [action, setAction] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const filter: AuditFilter = {
    ...(action.trim() ? { action: action.trim() } : {}),
    ...(range?.[0] ? { from: range[0].startOf('day').toISOString() } : {}),
    ...(range?.[1] ? { to: range[1].add(1, 'day').startOf('day').toISOString() } : {}),
  };
  const log = useAuditLog(filter, true);
  const rows = log.data?.pages.flatMap((p) => p.items) ?? [];
  const [exported, setExported] = useState<number | null>(null);

  const when = (at: string) => {
    const d = new Date(at);
    // 24-hour times on every site, as the rest of the console writes them.
    return `${formatDate(d, language, localTimeZone())} ${d.toLocaleTimeString(intlLocaleOf(language), { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone: localTimeZone() })}`;
  };
  // Actions and object types in words; the key stays at hand (tooltip) for those who script against the log.
  const actionWord = (key: string) => t(`audit.action.${key}`, { defaultValue: key });
  const targetWord = (type: string) => t(`audit.target.${type}`, { defaultValue: type });
  const runExport = async () => {
    setExported(0);
    try {
      const header = [t('audit.columns.at'), t('audit.columns.actor'), t('audit.columns.action'), t('audit.columns.targetType'), t('audit.columns.target'), t('audit.columns.ip'), t('audit.columns.details')];
      const result = await exportAuditCsv(filter, header, setExported);
      download(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, result.csv);
      void message.success(t(result.truncated ? 'audit.exportTruncated' : 'audit.exported', { count: result.rows, rows: formatNumber(result.rows, language), max: formatNumber(AUDIT_EXPORT_MAX, language) }));
    } finally {
      setExported(null);
    }
  };

  return (
    <>
      <Flex gap="middle" wrap align="center" style={{ marginBottom: 16 }}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder={t('audit.actionPlaceholder')}
          aria-label={t('audit.columns.action')}
          value={action || undefined}
          onChange={(value?: string) => setAction(value ?? '')}
          style={{ width: 320 }}
          options={AUDIT_ACTIONS.map((key) => ({ value: key, label: actionWord(key) }))}
        />
        <DatePicker.RangePicker aria-label={t('audit.period')} value={range} onChange={(value) => setRange(value as [Dayjs | null, Dayjs | null] | null)} />
        <Button onClick={() => void runExport()} loading={exported !== null} disabled={rows.length === 0}>
          {t('audit.export')}
        </Button>
        {exported !== null && (
          <Flex align="center" gap="small" role="status">
            <Progress type="circle" size={24} percent={Math.min(99, Math.round((exported / AUDIT_EXPORT_MAX) * 100))} showInfo={false} />
            <Typography.Text>{t('audit.exporting', { rows: formatNumber(exported, language) })}</Typography.Text>
          </Flex>
        )}
      </Flex>
      <Table<AuditEvent>
        rowKey="id"
        size="small"
        loading={log.isPending}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description={t('audit.empty')} /> }}
        columns={[
          { key: 'at', title: t('audit.columns.at'), render: (_, e) => when(e.at), width: 200 },
          {
            key: 'actor',
            title: t('audit.columns.actor'),
            render: (_, e) =>
              e.actorName ? (
                <Tooltip title={e.actorEmail}>{e.actorName}</Tooltip>
              ) : e.actorKind === 'api-client' && e.actorId ? (
                <Tooltip title={e.actorId}>{t('audit.actorKind.api-client')}</Tooltip>
              ) : (
                t(`audit.actorKind.${e.actorKind}`, { defaultValue: e.actorKind })
              ),
          },
          {
            key: 'action',
            title: t('audit.columns.action'),
            render: (_, e) => (
              <Tooltip title={e.action}>
                <span>{actionWord(e.action)}</span>
              </Tooltip>
            ),
          },
          {
            key: 'target',
            title: t('audit.columns.target'),
            // The object by the name it had then (the event's data), its id at hand.
            render: (_, e) => (e.targetType ? <Tooltip title={e.targetId}>{`${targetWord(e.targetType)} ${nameOf(e) ?? e.targetId ?? ''}`}</Tooltip> : ''),
          },
          { key: 'ip', title: t('audit.columns.ip'), render: (_, e) => e.ip ?? '—' },
        ]}
      />
      <ShowMore list={log}>{t('audit.more')}</ShowMore>
    </>
  );
}
