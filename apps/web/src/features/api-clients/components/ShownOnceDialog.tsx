import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServiceAccountKeyFile } from '@wharf/contract';
import { saveFile } from '../../../ui/save-file';

export interface ShownOnce {
  clientId: string;
  name: string;
  clientSecret?: string | undefined;
  keyFile?: ServiceAccountKeyFile | undefined;
}

export const keyFileName = (file: ServiceAccountKeyFile) => `${file.sub_account}-${file.key_id.slice(0, 8)}-private.json`;
export const saveKeyFile = (file: ServiceAccountKeyFile) => saveFile(keyFileName(file), `${JSON.stringify(file, null, 2)}\n`);

/**
 * A new secret or key file: shown (or downloaded) this once, never again. Mounted only while
 * open, so the secret leaves the page when the dialog closes (a closed dialog keeps its content).
 */
export function ShownOnceDialog({ shown, onClose }: { shown: ShownOnce | null; onClose: () => void }) {
  const { t } = useTranslation('api-clients');
  if (!shown) return null;
  return (
    <Modal open title={t('once.title', { name: shown.name })} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>{t('once.done')}</Button>}>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={shown.keyFile ? t('once.keyWarning') : t('once.secretWarning')} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('fields.clientId')}>
          <Typography.Text copyable code>
            {shown.clientId}
          </Typography.Text>
        </Descriptions.Item>
        {shown.clientSecret && (
          <Descriptions.Item label={t('fields.secret')}>
            <Typography.Text copyable code data-testid="client-secret">
              {shown.clientSecret}
            </Typography.Text>
          </Descriptions.Item>
        )}
        {shown.keyFile && (
          <Descriptions.Item label={t('fields.keyFile')}>
            <Button onClick={() => saveKeyFile(shown.keyFile!)}>{t('once.download', { file: keyFileName(shown.keyFile) })}</Button>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {shown.keyFile ? t('once.keyHowTo') : t('once.secretHowTo')}
      </Typography.Paragraph>
    </Modal>
  );
}
