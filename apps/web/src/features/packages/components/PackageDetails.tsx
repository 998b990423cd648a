import { Alert, Avatar, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PackageInfo } from '@wharf/contract';
import { useIconUrl } from '../hooks';
import { parseStateName, reasonKey } from '../reasons';
import { useDisplay } from '../../../session/display';

/** The package's icon (from the parse), or its kind in a square while there is none. */
export function PackageIcon({ pkg, size = 48 }: { pkg: PackageInfo; size?: number }) {
  const { t } = useTranslation('packages');
  const url = useIconUrl(pkg.iconObjectId);
  if (url.data) return <Avatar shape="square" size={size} src={url.data} alt={t('details.iconOf', { name: pkg.label ?? pkg.fileName })} />;
  return (
    <Avatar shape="square" size={size} style={{ background: '#e6f4ff', color: '#1677ff', fontSize: size / 4 }}>
      {(pkg.kind ?? '?').toUpperCase()}
    </Avatar>
  );
}

/** Parse state as a tag: parsing / parsed / failed. */
export function ParseStateTag({ pkg }: { pkg: PackageInfo }) {
  const { t } = useTranslation('packages');
  const state = parseStateName(pkg.parseState);
  const color = state === 'parsed' ? 'success' : state === 'parsing' ? 'processing' : 'error';
  return <Tag color={color}>{t(`state.${state}`)}</Tag>;
}

/** Why the package was refused, in the display language, with the server's details. */
export function FailureReason({ code, detail }: { code: number | null; detail: string | null }) {
  const { t } = useTranslation('packages');
  const key = reasonKey(code);
  const title = key ? t(`reasons.${key}`) : (detail ?? t('reasons.unknown'));
  return (
    <Alert
      type="error"
      showIcon
      title={code !== null ? t('details.failedWithCode', { reason: title, code }) : title}
      description={key && detail ? t('details.serverSays', { detail }) : undefined}
    />
  );
}

/** The facts parsed from a package (and the reason it was refused, when it was). */
export function PackageDetails({ pkg }: { pkg: PackageInfo }) {
  const { t } = useTranslation('packages');
  const display = useDisplay();
  const state = parseStateName(pkg.parseState);
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  // versionCode and API levels are identifiers: shown as they are, without group separators.
  const value = (v: string | number | null) => (v === null || v === '' ? dash : String(v));
  return (
    <Flex vertical gap="middle" style={{ padding: '8px 0' }}>
      {state === 'failed' && <FailureReason code={pkg.failureCode} detail={pkg.failureReason} />}
      {state === 'failed' && <Typography.Text type="secondary">{t('details.failedRemovedLater')}</Typography.Text>}
      {state === 'parsing' && <Alert type="info" showIcon title={t('details.parsing')} />}
      {pkg.signatureChanged && <Alert type="warning" showIcon title={t('details.signatureChanged')} />}
      <Flex gap="large" align="start">
        <PackageIcon pkg={pkg} size={72} />
        <Descriptions column={{ xs: 1, lg: 2 }} size="small" bordered style={{ flex: 1 }}>
          <Descriptions.Item label={t('details.label')}>{value(pkg.label)}</Descriptions.Item>
          <Descriptions.Item label={t('details.packageName')}>{pkg.packageName ? <Typography.Text code>{pkg.packageName}</Typography.Text> : dash}</Descriptions.Item>
          <Descriptions.Item label={t('details.versionCode')}>{value(pkg.versionCode)}</Descriptions.Item>
          <Descriptions.Item label={t('details.versionName')}>{value(pkg.versionName)}</Descriptions.Item>
          <Descriptions.Item label={t('details.minSdk')}>{value(pkg.minSdk)}</Descriptions.Item>
          <Descriptions.Item label={t('details.targetSdk')}>{value(pkg.targetSdk)}</Descriptions.Item>
          <Descriptions.Item label={t('details.kind')}>{pkg.kind ? pkg.kind.toUpperCase() : dash}</Descriptions.Item>
          <Descriptions.Item label={t('details.size')}>{display.size(pkg.size)}</Descriptions.Item>
          <Descriptions.Item label={t('details.debuggable')}>{pkg.debuggable ? <Tag color="orange">{t('details.yes')}</Tag> : t('details.no')}</Descriptions.Item>
          <Descriptions.Item label={t('details.signingSchemes')}>{pkg.signingSchemes.length ? pkg.signingSchemes.join(', ') : dash}</Descriptions.Item>
          <Descriptions.Item label={t('details.certificate')} span={2}>
            {pkg.certificates.length ? (
              <Space orientation="vertical" size={0}>
                {pkg.certificates.map((c) => (
                  <Typography.Text key={c} code copyable style={{ wordBreak: 'break-all' }}>
                    {c.toUpperCase().match(/.{2}/g)?.join(':') ?? c}
                  </Typography.Text>
                ))}
              </Space>
            ) : (
              dash
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('details.sha256')} span={2}>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {pkg.sha256}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('details.permissions', { count: pkg.permissions.length })} span={2}>
            {pkg.permissions.length ? (
              <Space size={[4, 4]} wrap>
                {pkg.permissions.map((p) => (
                  <Tag key={p}>{p}</Tag>
                ))}
              </Space>
            ) : (
              dash
            )}
          </Descriptions.Item>
        </Descriptions>
      </Flex>
    </Flex>
  );
}
