import { useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../ui/NumberInput';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useAct } from '../../../ui/use-act';
import { useSetFetchInterval } from '../api/mutations';

/** How often one app instance may fetch: earlier fetches of the same version are answered 429. */
export function SettingsTab({ appId, settings, canManage }: { appId: string; settings: { minimumFetchIntervalSeconds: number }; canManage: boolean }) {
  const { t } = useTranslation('remote-config');
  const [value, setValue] = useState<number | null>(settings.minimumFetchIntervalSeconds);
  const save = useSetFetchInterval(appId);
  const act = useAct();
  const dirty = value !== settings.minimumFetchIntervalSeconds;
  useUnsavedGuard(dirty);
  return (
    <Card title={t('settings.interval')}>
      <Typography.Paragraph type="secondary">{t('settings.intervalText')}</Typography.Paragraph>
      <Flex gap="small" align="center">
        <NumberInput min={0} max={43200} precision={0} value={value} onChange={setValue} disabled={!canManage} addonAfter={t('settings.seconds')} aria-label={t('settings.interval')} style={{ width: 220 }} />
        {canManage && (
          <Button type="primary" disabled={!dirty || value === null} loading={save.isPending} onClick={() => value !== null && void act(save.mutateAsync(value), t('settings.saved'))}>
            {t('common.save')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
