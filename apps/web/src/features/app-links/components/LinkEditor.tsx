import { Button, DatePicker, Divider, Drawer, Flex, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Link, LinkPrefix } from '@wharf/contract';
import { APP_STORE_ID, IOS_BUNDLE_ID, linkSuffixProblem, linkTargetProblem, UTM_KEYS } from '@wharf/rules';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useApps } from '../../apps/public';
import { useLinkChanges } from '../api/mutations';
import { formOf, newLinkDrafts, targetsOf, type LinkFormValues } from './link-form';

/** Makes a link or changes one: the deep link, each platform's app or fallback, the social preview, the campaign and the expiry. */
export function LinkEditor({ projectId, prefixes, link, onClose, onMade }: { projectId: string; prefixes: LinkPrefix[]; link: Link | null; onClose: () => void; onMade: (l: Link) => void }) {
  const { t } = useTranslation('app-links');
  const changes = useLinkChanges(projectId);
  const apps = useApps({ projectId }, 100);
  const [form] = Form.useForm<LinkFormValues>();
  const [initial] = useState(() => (link ? formOf(link, link.prefixId) : (newLinkDrafts.read(projectId) ?? formOf(null, prefixes[0]!.prefixId))));
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const projectApps = apps.data?.pages.flatMap((p) => p.items) ?? [];
  const appOptions = (platform: string) => projectApps.filter((a) => a.platform === platform).map((a) => ({ value: a.appId, label: `${a.name} (${a.packageName})` }));
  const url = (required = false) => [
    ...(required ? [{ required: true, message: t('editor.deepLinkRequired') }] : []),
    { validator: async (_r: unknown, v: string) => { if (v && v.trim() && linkTargetProblem(v.trim(), []) !== null) throw new Error(t('editor.urlRule')); } },
  ];
  const save = async (v: LinkFormValues) => {
    const targets = targetsOf(v);
    if (link) {
      await changes.update.mutateAsync({ linkId: link.linkId, body: { ...targets, enabled: v.enabled } });
    } else {
      const made = await changes.create.mutateAsync({ ...targets, prefixId: v.prefixId, ...(v.suffix.trim() ? { suffix: v.suffix.trim() } : {}) });
      newLinkDrafts.drop(projectId);
      onMade(made.link);
    }
    setDirty(false);
    onClose();
  };
  return (
    <Drawer open title={t(link ? 'editor.editTitle' : 'editor.newTitle')} width={640} onClose={onClose} destroyOnHidden
      extra={<Button type="primary" onClick={() => form.submit()} loading={changes.create.isPending || changes.update.isPending}>{t(link ? 'actions.save' : 'links.create')}</Button>}>
      {guard}
      <Form<LinkFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={save}
        onValuesChange={(_c, all) => {
          setDirty(true);
          if (!link) newLinkDrafts.keep(projectId, { ...initial, ...all });
        }}
      >
        <Flex gap="middle">
          <Form.Item name="prefixId" label={t('fields.prefixId')} style={{ flex: 1 }}>
            <Select disabled={Boolean(link)} options={prefixes.map((p) => ({ value: p.prefixId, label: p.url }))} />
          </Form.Item>
          <Form.Item name="suffix" label={t('fields.suffix')} extra={link ? undefined : t('editor.suffixHelp')} style={{ flex: 1 }}
            rules={[{ validator: async (_r, v: string) => { if (v && v.trim() && linkSuffixProblem(v.trim()) !== null) throw new Error(t('editor.suffixRule')); } }]}>
            <Input disabled={Boolean(link)} maxLength={64} placeholder="spring-sale" />
          </Form.Item>
        </Flex>
        <Form.Item name="name" label={t('fields.name')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="deepLink" label={t('fields.deepLink')} extra={t('editor.deepLinkHelp')} rules={url(true)}>
          <Input maxLength={2048} placeholder="https://example.com/item/7" />
        </Form.Item>
        <Divider titlePlacement="start">Android</Divider>
        <Form.Item name="androidAppId" label={t('fields.androidAppId')} extra={t('editor.appHelp')}>
          <Select allowClear options={appOptions('android')} notFoundContent={t('editor.noApps')} />
        </Form.Item>
        <Flex gap="middle">
          <Form.Item name="androidMinVersion" label={t('fields.androidMinVersion')} style={{ flex: 1 }}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="androidFallbackUrl" label={t('fields.androidFallbackUrl')} rules={url()} style={{ flex: 2 }}>
            <Input maxLength={2048} />
          </Form.Item>
        </Flex>
        <Divider titlePlacement="start">HarmonyOS</Divider>
        <Flex gap="middle">
          <Form.Item name="harmonyAppId" label={t('fields.harmonyAppId')} style={{ flex: 1 }}>
            <Select allowClear options={appOptions('harmony')} notFoundContent={t('editor.noApps')} />
          </Form.Item>
          <Form.Item name="harmonyFallbackUrl" label={t('fields.harmonyFallbackUrl')} rules={url()} style={{ flex: 1 }}>
            <Input maxLength={2048} />
          </Form.Item>
        </Flex>
        <Divider titlePlacement="start">iOS</Divider>
        <Flex gap="middle">
          <Form.Item name="iosBundleId" label={t('fields.iosBundleId')} rules={[{ pattern: IOS_BUNDLE_ID, message: t('editor.bundleRule') }]} style={{ flex: 1 }}>
            <Input maxLength={155} placeholder="com.example.app" />
          </Form.Item>
          <Form.Item name="iosAppStoreId" label={t('fields.iosAppStoreId')} rules={[{ pattern: APP_STORE_ID, message: t('editor.appStoreRule') }]} style={{ flex: 1 }}>
            <Input maxLength={12} placeholder="1234567890" />
          </Form.Item>
        </Flex>
        <Form.Item name="iosFallbackUrl" label={t('fields.iosFallbackUrl')} rules={url()}>
          <Input maxLength={2048} />
        </Form.Item>
        <Divider titlePlacement="start">{t('editor.desktop')}</Divider>
        <Form.Item name="desktopUrl" label={t('fields.desktopUrl')} extra={t('editor.desktopHelp')} rules={url()}>
          <Input maxLength={2048} />
        </Form.Item>
        <Divider titlePlacement="start">{t('fields.social')}</Divider>
        <Form.Item name="socialTitle" label={t('editor.socialTitle')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="socialDescription" label={t('editor.socialDescription')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Form.Item name="socialImageUrl" label={t('fields.imageUrl')} rules={url()}>
          <Input maxLength={2048} />
        </Form.Item>
        <Divider titlePlacement="start">{t('fields.utm')}</Divider>
        <Flex gap="middle" wrap>
          {UTM_KEYS.map((k) => (
            <Form.Item key={k} name={['utm', k]} label={t(`fields.${k}`)} style={{ width: 180 }}>
              <Input maxLength={200} />
            </Form.Item>
          ))}
        </Flex>
        <Divider />
        <Flex gap="large" align="center">
          <Form.Item name="expiresAt" label={t('editor.expiresAt')} getValueProps={(v: string | null) => ({ value: v ? dayjs(v) : null })} normalize={(d: dayjs.Dayjs | null) => (d ? d.toISOString() : null)}>
            <DatePicker showTime disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
          {link && (
            <Form.Item name="enabled" label={t('editor.enabled')} valuePropName="checked">
              <Switch disabled={link.state === 'takenDown'} />
            </Form.Item>
          )}
        </Flex>
        {link?.state === 'takenDown' && <Typography.Text type="danger">{t('editor.takenDown')}</Typography.Text>}
      </Form>
    </Drawer>
  );
}
