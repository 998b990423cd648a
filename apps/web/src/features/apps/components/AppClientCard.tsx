import { useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Card, Descriptions, Flex, Form, Modal, Radio, Select, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { App, AppClient } from '@wharf/contract';
import { saveFile } from '../../../ui/save-file';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useAppClient, useFetchAppConfigFile, useRestrictAppKey, useRotateAppKey } from '../hooks';
import { useDisplay } from '../../../session/display';

const GRACE_HOURS = [0, 1, 24, 168] as const;
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * What an app's SDK needs: the client ID and API key, the configuration file that carries
 * them, the key's restrictions, and its rotation.
 */
export function AppClientCard({ app, canManage }: { app: App; canManage: boolean }) {
  const { t } = useTranslation('apps');
  const client = useAppClient(app.appId);
  return (
    <Card title={t('client.title')}>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('client.text')}
      </Typography.Paragraph>
      {client.data ? <ClientDetails app={app} client={client.data} canManage={canManage} /> : <Skeleton active paragraph={{ rows: 3 }} />}
    </Card>
  );
}

function ClientDetails({ app, client, canManage }: { app: App; client: AppClient; canManage: boolean }) {
  const { t } = useTranslation('apps');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const fetchFile = useFetchAppConfigFile();
  const [shown, setShown] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [rotating, setRotating] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const file = await fetchFile(app.appId);
      saveFile(file.fileName, `${JSON.stringify(file.content, null, 2)}\n`);
      void message.success(t('client.downloaded', { fileName: file.fileName }));
    } catch {
      // the request layer showed the reason
    } finally {
      setDownloading(false);
    }
  };

  const masked = `${'•'.repeat(12)}${client.apiKey.slice(-4)}`;
  return (
    <Flex vertical gap="middle">
      {client.previousKeyExpiresAt && <Alert type="warning" showIcon title={t('client.previousKeyUntil', { time: display.dateTime(client.previousKeyExpiresAt) })} />}
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('client.clientId')}>
          <Typography.Text copyable code>
            {client.clientId}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('client.apiKey')}>
          <Space wrap>
            <Typography.Text code copyable={{ text: client.apiKey, tooltips: [t('client.copyKey'), t('client.copied')] }} aria-label={t('client.apiKey')}>
              {shown ? client.apiKey : masked}
            </Typography.Text>
            <Button size="small" onClick={() => setShown((s) => !s)}>
              {shown ? t('client.hideKey') : t('client.showKey')}
            </Button>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('client.keyDate')}>{display.dateTime(client.keyRotatedAt ?? client.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Flex gap="small" wrap>
        <Button type="primary" onClick={() => void download()} loading={downloading}>
          {t('client.download')}
        </Button>
        {canManage && (
          <Button danger onClick={() => setRotating(true)}>
            {t('client.rotate')}
          </Button>
        )}
      </Flex>
      <Restrictions app={app} client={client} canManage={canManage} />
      <RotateDialog open={rotating} appId={app.appId} onClose={() => setRotating(false)} />
    </Flex>
  );
}

function Restrictions({ app, client, canManage }: { app: App; client: AppClient; canManage: boolean }) {
  const { t } = useTranslation('apps');
  const { message } = AntApp.useApp();
  const restrict = useRestrictAppKey();
  const [packageNames, setPackageNames] = useState<string[]>(client.packageNames);
  const [webOrigins, setWebOrigins] = useState<string[]>(client.webOrigins);
  useEffect(() => {
    setPackageNames(client.packageNames);
    setWebOrigins(client.webOrigins);
  }, [client.packageNames, client.webOrigins]);
  const dirty = !sameList(packageNames, client.packageNames) || !sameList(webOrigins, client.webOrigins);
  const unsavedGuard = useUnsavedGuard(dirty);

  const save = async () => {
    try {
      await restrict.mutateAsync({ appId: app.appId, packageNames, webOrigins });
      void message.success(t('client.restrictionsSaved'));
    } catch {
      // the request layer showed the reason, field by field
    }
  };

  const unrestricted = packageNames.length === 0 && webOrigins.length === 0;
  return (
    <Form layout="vertical" disabled={!canManage} onFinish={() => void save()} style={{ maxWidth: 640 }}>
      {unsavedGuard}
      <Typography.Title level={5}>{t('client.restrictions')}</Typography.Title>
      <Alert type={unrestricted ? 'info' : 'success'} showIcon title={unrestricted ? t('client.unrestricted') : t('client.restricted')} style={{ marginBottom: 16 }} />
      <Form.Item label={t('client.packageNames')} extra={t('client.packageNamesHint', { packageName: app.packageName })} htmlFor="client-package-names">
        <Select id="client-package-names" mode="tags" value={packageNames} onChange={setPackageNames} tokenSeparators={[',', ' ']} open={false} suffixIcon={null} placeholder={app.packageName} />
      </Form.Item>
      <Form.Item label={t('client.webOrigins')} extra={t('client.webOriginsHint')} htmlFor="client-web-origins">
        <Select id="client-web-origins" mode="tags" value={webOrigins} onChange={setWebOrigins} tokenSeparators={[',', ' ']} open={false} suffixIcon={null} placeholder="https://example.com" />
      </Form.Item>
      {canManage && (
        <Space>
          <Button htmlType="submit" type="primary" loading={restrict.isPending} disabled={!dirty}>
            {t('client.saveRestrictions')}
          </Button>
          {!packageNames.includes(app.packageName) && (
            <Button onClick={() => setPackageNames((list) => [...list, app.packageName])}>{t('client.addOwnPackage')}</Button>
          )}
        </Space>
      )}
    </Form>
  );
}

function RotateDialog({ open, appId, onClose }: { open: boolean; appId: string; onClose: () => void }) {
  const { t } = useTranslation('apps');
  const { message } = AntApp.useApp();
  const rotate = useRotateAppKey();
  const [graceHours, setGraceHours] = useState<number>(24);
  const confirm = async () => {
    try {
      await rotate.mutateAsync({ appId, graceHours });
      void message.success(t('client.rotated'));
      onClose();
    } catch {
      // the request layer showed the reason
    }
  };
  return (
    <Modal open={open} title={t('client.rotateTitle')} okText={t('client.rotate')} okButtonProps={{ danger: true, loading: rotate.isPending }} cancelText={t('actions.cancel')} onOk={() => void confirm()} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>{t('client.rotateText')}</Typography.Paragraph>
      <Radio.Group value={graceHours} onChange={(e) => setGraceHours(e.target.value as number)} aria-label={t('client.grace')}>
        <Space orientation="vertical">
          {GRACE_HOURS.map((h) => (
            <Radio key={h} value={h}>
              {t(`client.graceOption.h${h}`)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
