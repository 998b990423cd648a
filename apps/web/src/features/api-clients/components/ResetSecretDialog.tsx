import { useState } from 'react';
import { Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '@wharf/contract';
import { useUpdateApiClient } from '../api/mutations';
import type { ShownOnce } from './ShownOnceDialog';

type How = 'keep-old-for-a-day' | 'revoke-old-now';

/** A new secret for an API client: the old one kept for a day (jobs move over), or revoked now with its tokens (a leak). */
export function ResetSecretDialog({ client, onClose, onReset }: { client: ApiClient | null; onClose: () => void; onReset: (shown: ShownOnce) => void }) {
  const { t } = useTranslation('api-clients');
  const update = useUpdateApiClient();
  const [how, setHow] = useState<How>('keep-old-for-a-day');
  const confirm = async () => {
    if (!client) return;
    try {
      const answer = await update.mutateAsync({ clientId: client.clientId, resetSecret: how });
      onReset({ clientId: client.clientId, name: client.name, clientSecret: answer.clientSecret });
    } catch {
      // the request layer showed the reason
    }
  };
  return (
    <Modal open={client !== null} title={t('reset.title', { name: client?.name ?? '' })} okText={t('reset.ok')} okButtonProps={{ danger: true, loading: update.isPending }} onOk={() => void confirm()} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>{t('reset.text')}</Typography.Paragraph>
      <Radio.Group value={how} onChange={(e) => setHow(e.target.value as How)} aria-label={t('reset.how')}>
        <Space orientation="vertical">
          <Radio value="keep-old-for-a-day">{t('reset.keep')}</Radio>
          <Radio value="revoke-old-now">{t('reset.revoke')}</Radio>
        </Space>
      </Radio.Group>
    </Modal>
  );
}
