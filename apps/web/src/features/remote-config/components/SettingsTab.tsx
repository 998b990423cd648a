import { useState } from 'react';
import { Button, Card, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../ui/NumberInput';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useAct } from '../../../ui/use-act';
import { useSetSettings } from '../api/mutations';

type Settings = { minimumFetchIntervalSeconds: number; requireReview: boolean };

/** How often one app instance may fetch, and whether publishing needs a second member's approval. */
export function SettingsTab({ appId, settings, canManage }: { appId: string; settings: Settings; canManage: boolean }) {
  const { t } = useTranslation('remote-config');
  const [interval, setInterval] = useState<number | null>(settings.minimumFetchIntervalSeconds);
  const [review, setReview] = useState(settings.requireReview);
  const save = useSetSettings(appId);
  const act = useAct();
  const dirty = interval !== settings.minimumFetchIntervalSeconds || review !== settings.requireReview;
  const unsavedGuard = useUnsavedGuard(dirty);
  return (
    <Card>
      {unsavedGuard}
      <Flex vertical gap="large">
        <div>
          <Typography.Title level={5}>{t('settings.interval')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('settings.intervalText')}</Typography.Paragraph>
          <NumberInput min={0} max={43200} precision={0} value={interval} onChange={setInterval} disabled={!canManage} addonAfter={t('settings.seconds')} aria-label={t('settings.interval')} style={{ width: 220 }} />
        </div>
        <div>
          <Typography.Title level={5}>{t('settings.review')}</Typography.Title>
          <Flex gap="middle" align="center">
            <Switch checked={review} onChange={setReview} disabled={!canManage} aria-label={t('settings.review')} />
            <Typography.Text type="secondary">{t('settings.reviewText')}</Typography.Text>
          </Flex>
        </div>
        {canManage && (
          <Button
            type="primary"
            style={{ alignSelf: 'flex-start' }}
            disabled={!dirty || interval === null}
            loading={save.isPending}
            onClick={() => interval !== null && void act(save.mutateAsync({ minimumFetchIntervalSeconds: interval, requireReview: review }), t('settings.saved'))}
          >
            {t('common.save')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
