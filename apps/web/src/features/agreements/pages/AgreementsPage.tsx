import { useState } from 'react';
import { Button, Card, Collapse, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgreementState } from '@wharf/contract';
import { usePermissions } from '../../team/public';
import { useAgreements } from '../hooks';
import { AgreementText } from '../components/AgreementText';
import { SignAgreementDialog } from '../components/SignAgreementDialog';
import { StatusResult } from '../../../ui/StatusResult';
import { useDisplay } from '../../../session/display';

/** The platform's agreements, whether the team signed each (and who, when), and signing. */
export function AgreementsPage() {
  const { t } = useTranslation('agreements');
  const permissions = usePermissions();
  const list = useAgreements();
  const display = useDisplay();
  const [signing, setSigning] = useState<AgreementState | null>(null);
  if (list.isPending || permissions.loading) return <Skeleton active />;
  if (!list.data) return <StatusResult status="403" title={t('page.noAccess')} />;
  const canSign = permissions.can('agreement.sign');
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.subtitle')}</Typography.Paragraph>
      <Flex vertical gap="middle">
        {list.data.map((a) => (
          <Card
            key={a.agreementId}
            title={t(`names.${a.agreementId}`)}
            extra={a.signed ? <Tag color="green">{t('state.signed')}</Tag> : <Tag color="orange">{a.signedVersion ? t('state.resign') : t('state.unsigned')}</Tag>}
          >
            <Typography.Paragraph>{t(`purpose.${a.agreementId}`)}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">
              {t('version', { version: a.version })}
              {a.signedAt && ` · ${t('signedBy', { name: a.signedByName ?? t('someone'), date: display.dateTime(a.signedAt), version: a.signedVersion })}`}
            </Typography.Paragraph>
            <Collapse size="small" items={[{ key: 'text', label: t('readText'), children: <AgreementText id={a.agreementId} /> }]} />
            {!a.signed && (
              <Flex style={{ marginTop: 12 }} gap="small" align="center" wrap>
                {canSign ? (
                  <Button type="primary" onClick={() => setSigning(a)}>
                    {t('sign.open')}
                  </Button>
                ) : (
                  <Typography.Text type="secondary">{t('sign.notAllowed')}</Typography.Text>
                )}
              </Flex>
            )}
          </Card>
        ))}
      </Flex>
      {signing && <SignAgreementDialog agreement={signing} onClose={() => setSigning(null)} />}
    </>
  );
}
