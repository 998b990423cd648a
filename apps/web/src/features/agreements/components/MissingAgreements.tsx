import { useState } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AgreementState } from '@wharf/contract';
import { SignAgreementDialog } from './SignAgreementDialog';

/** In the submit dialog: what the team has not signed yet, with the way to sign it or whom to ask. */
export function MissingAgreements({ missing, canSign }: { missing: AgreementState[]; canSign: boolean }) {
  const { t } = useTranslation('agreements');
  const [signing, setSigning] = useState<AgreementState | null>(null);
  if (!missing.length) return null;
  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('missing.title', { count: missing.length })}
        description={
          <Space orientation="vertical" size={4}>
            {missing.map((a) => (
              <Space key={a.agreementId} wrap>
                <Typography.Text strong>{t(`names.${a.agreementId}`)}</Typography.Text>
                {a.signedVersion && <Typography.Text type="secondary">{t('missing.updated', { version: a.signedVersion })}</Typography.Text>}
                {canSign && (
                  <Button size="small" type="primary" onClick={() => setSigning(a)}>
                    {t('missing.sign')}
                  </Button>
                )}
              </Space>
            ))}
            {!canSign && (
              <Typography.Text>
                {t('missing.ask')} <Link to="/team/agreements">{t('page.title')}</Link>
              </Typography.Text>
            )}
          </Space>
        }
      />
      {signing && <SignAgreementDialog agreement={signing} onClose={() => setSigning(null)} />}
    </>
  );
}
