import { useState } from 'react';
import { App as AntApp, Checkbox, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgreementState } from '@wharf/contract';
import { useSignAgreement } from '../hooks';
import { AgreementText } from './AgreementText';

/** The agreement's text to read, a box to tick, and the signature. */
export function SignAgreementDialog({ agreement, onClose }: { agreement: AgreementState; onClose: () => void }) {
  const { t } = useTranslation('agreements');
  const { message } = AntApp.useApp();
  const sign = useSignAgreement();
  const [read, setRead] = useState(false);
  const ok = async () => {
    try {
      await sign.mutateAsync({ agreementId: agreement.agreementId, version: agreement.version });
      void message.success(t('sign.done', { name: t(`names.${agreement.agreementId}`) }));
      onClose();
    } catch {
      // Shown by the request layer.
    }
  };
  return (
    <Modal
      open
      title={t(`names.${agreement.agreementId}`)}
      okText={t('sign.ok')}
      cancelText={t('sign.cancel')}
      okButtonProps={{ disabled: !read, loading: sign.isPending }}
      onOk={() => void ok()}
      onCancel={onClose}
      width={640}
    >
      <Typography.Paragraph type="secondary">{t('version', { version: agreement.version })}</Typography.Paragraph>
      <div style={{ maxHeight: 320, overflowY: 'auto', border: '1px solid #f0f0f0', padding: 12, marginBottom: 12 }} tabIndex={0} aria-label={t('sign.textLabel')}>
        <AgreementText id={agreement.agreementId} />
      </div>
      <Checkbox checked={read} onChange={(e) => setRead(e.target.checked)}>
        {t('sign.read')}
      </Checkbox>
    </Modal>
  );
}
