import { useState } from 'react';
import { App as AntApp, Button, Card, Flex, Input, Popconfirm, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@wharf/rules';
import { useDeleteUserData } from '../api/mutations';

/** A person asks to be forgotten: everything analytics keeps of their instance, or of every instance of their account, goes. */
export function DeleteUserData({ appId }: { appId: string }) {
  const { t, i18n } = useTranslation('analytics');
  const { message } = AntApp.useApp();
  const [by, setBy] = useState<'instanceId' | 'userId'>('instanceId');
  const [id, setId] = useState('');
  const remove = useDeleteUserData(appId);
  const run = async () => {
    try {
      const done = await remove.mutateAsync(by === 'instanceId' ? { instanceId: id.trim() } : { userId: id.trim() });
      void message.success(t('privacy.done', { events: formatNumber(done.deletedEvents, i18n.language), instances: formatNumber(done.deletedInstances, i18n.language) }));
      setId('');
    } catch {
      // the request layer showed the reason
    }
  };
  return (
    <Card title={t('privacy.title')}>
      <Typography.Paragraph type="secondary">{t('privacy.text')}</Typography.Paragraph>
      <Flex gap="small" wrap align="center">
        <Segmented
          value={by}
          onChange={(v) => setBy(v as 'instanceId' | 'userId')}
          options={[
            { value: 'instanceId', label: t('privacy.byInstance') },
            { value: 'userId', label: t('privacy.byUser') },
          ]}
        />
        <Input value={id} onChange={(e) => setId(e.target.value)} maxLength={128} aria-label={by === 'instanceId' ? t('privacy.byInstance') : t('privacy.byUser')} style={{ width: 320 }} />
        <Popconfirm title={t('privacy.confirm', { id: id.trim() })} okText={t('privacy.delete')} okButtonProps={{ danger: true }} onConfirm={run}>
          <Button danger disabled={!id.trim()} loading={remove.isPending}>
            {t('privacy.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}
