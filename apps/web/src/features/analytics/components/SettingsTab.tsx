import { useMemo, useState } from 'react';
import { Button, Card, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RETENTION_DAYS, type AnalyticsSettings } from '@wharf/contract';
import { formatNumber } from '@wharf/rules';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useAct } from '../../../ui/use-act';
import { useSaveAnalyticsSettings } from '../api/mutations';
import { DeleteUserData } from './DeleteUserData';

/** Every IANA zone the browser knows (the server checks it again). */
function timeZones(current: string): string[] {
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return known.includes(current) ? known : [current, ...known];
}

/** The reporting time zone and how long raw events are kept. */
export function SettingsTab({ appId, settings, canManage }: { appId: string; settings: AnalyticsSettings; canManage: boolean }) {
  const { t, i18n } = useTranslation('analytics');
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [retention, setRetention] = useState(settings.retentionDays);
  const save = useSaveAnalyticsSettings(appId);
  const act = useAct();
  const zones = useMemo(() => timeZones(settings.timeZone).map((z) => ({ value: z, label: z })), [settings.timeZone]);
  const dirty = timeZone !== settings.timeZone || retention !== settings.retentionDays;
  const unsavedGuard = useUnsavedGuard(dirty);
  return (
    <Flex vertical gap="middle">
      {unsavedGuard}
      <Card>
        <Flex vertical gap="large">
          <div>
            <Typography.Title level={5}>{t('settings.timeZone')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('settings.timeZoneText')}</Typography.Paragraph>
            <Select showSearch value={timeZone} onChange={setTimeZone} options={zones} disabled={!canManage} aria-label={t('settings.timeZone')} style={{ width: 320 }} />
          </div>
          <div>
            <Typography.Title level={5}>{t('settings.retention')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('settings.retentionText')}</Typography.Paragraph>
            <Select
              value={retention}
              onChange={setRetention}
              disabled={!canManage}
              aria-label={t('settings.retention')}
              style={{ width: 220 }}
              options={RETENTION_DAYS.map((d) => ({ value: d, label: t('settings.days', { count: d, n: formatNumber(d, i18n.language) }) }))}
            />
          </div>
          {canManage && (
            <Button type="primary" style={{ alignSelf: 'flex-start' }} disabled={!dirty} loading={save.isPending} onClick={() => void act(save.mutateAsync({ timeZone, retentionDays: retention }), t('settings.saved'))}>
              {t('common.save')}
            </Button>
          )}
        </Flex>
      </Card>
      {canManage && <DeleteUserData appId={appId} />}
    </Flex>
  );
}
