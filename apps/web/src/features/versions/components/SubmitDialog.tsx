import { useState } from 'react';
import { Alert, App as AntApp, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseOf, Version, versionApi } from '@wharf/contract';
import type { Language } from '@wharf/rules';
import { MissingAgreements, useAgreementCheck } from '../../agreements/public';
import { useSubmitVersion } from '../hooks';
import { languageName } from '../../apps/public';
import { useDisplay } from '../../../session/display';

type Completeness = ResponseOf<typeof versionApi.getVersion>['completeness'];

/** Submit for review: what the server's completeness check still misses, else the version number to confirm. */
export function SubmitDialog({ version, completeness, onClose }: { version: Version; completeness: Completeness; onClose: () => void }) {
  const { t, i18n } = useTranslation('versions');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const submit = useSubmitVersion({ appId: version.appId, versionId: version.versionId });
  const [busy, setBusy] = useState(false);
  const agreements = useAgreementCheck(version.appId);
  const missing = completeness.missing;
  const signed = agreements.data?.signed === true;
  const ok = async () => {
    setBusy(true);
    try {
      await submit.mutateAsync();
      void message.success(t('submit.done'));
      onClose();
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('submit.title')}
      okText={t('submit.ok')}
      cancelText={t('actions.back')}
      okButtonProps={{ disabled: !completeness.complete || !signed, loading: busy }}
      onOk={() => void ok()}
      onCancel={onClose}
    >
      {agreements.data && <MissingAgreements missing={agreements.data.missing} canSign={agreements.data.canSign} />}
      {missing.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('submit.missingTitle', { count: missing.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {missing.map((m, i) => (
                <li key={`${m.field}-${m.language ?? ''}-${i}`}>{t(`missing.${m.field}`, { language: m.language ? languageName(m.language, i18n.language as Language) : '' })}</li>
              ))}
            </ul>
          }
        />
      ) : (
        <Typography.Paragraph>
          {t('submit.confirm', { versionName: version.versionName ?? '—', versionCode: display.number(version.versionCode) })}
        </Typography.Paragraph>
      )}
      {completeness.versionCodeWarning && <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('package.sameCode')} />}
      {completeness.complete && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {version.releaseAt ? t('submit.releaseAt', { date: display.dateTime(version.releaseAt) }) : t('submit.releaseOnApproval')}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
