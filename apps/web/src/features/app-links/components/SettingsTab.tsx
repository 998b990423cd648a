import { Alert, Button, Flex, Form, Input, InputNumber, Select, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LinkSettings } from '@wharf/contract';
import { ALLOWED_HOST, APP_LINK_LIMITS, formatNumber } from '@wharf/rules';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useLinkChanges } from '../api/mutations';
import { useLinkSettings } from '../api/queries';

/** The project's guard rails: where links may send people, how many a day, fingerprint matching, the Apple team. */
export function SettingsTab({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t, i18n } = useTranslation('app-links');
  const settings = useLinkSettings(projectId);
  const changes = useLinkChanges(projectId);
  const [form] = Form.useForm<LinkSettings>();
  const dirty = Form.useWatch([], form) !== undefined && form.isFieldsTouched();
  const guard = useUnsavedGuard(dirty);
  if (settings.isPending || !settings.data) return <Skeleton active />;
  const save = async (v: LinkSettings) => {
    await changes.putSettings.mutateAsync({ ...v, appleTeamId: v.appleTeamId?.trim() ? v.appleTeamId.trim() : null });
    form.resetFields();
  };
  return (
    <Form form={form} layout="vertical" initialValues={settings.data.settings} onFinish={save} disabled={!canManage} style={{ maxWidth: 640 }}>
      {guard}
      <Form.Item
        name="allowedHosts"
        label={t('settings.allowedHosts')}
        extra={t('settings.allowedHostsHelp')}
        rules={[{ validator: async (_r, v: string[] = []) => { const bad = v.find((h) => !ALLOWED_HOST.test(h.toLowerCase())); if (bad) throw new Error(t('settings.hostRule', { host: bad })); } }]}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="example.com, *.example.com" maxCount={APP_LINK_LIMITS.allowedHosts} />
      </Form.Item>
      <Form.Item name="perDayLimit" label={t('settings.perDayLimit')} extra={t('settings.createdToday', { n: formatNumber(settings.data.createdToday, i18n.language) })} rules={[{ required: true }]}>
        <InputNumber min={1} max={APP_LINK_LIMITS.perDayMax} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="fingerprintMatching" label={t('settings.fingerprint')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Alert type="info" showIcon style={{ marginBottom: 24 }} message={t('settings.fingerprintHelp')} />
      <Form.Item name="appleTeamId" label={t('settings.appleTeamId')} extra={t('settings.appleTeamIdHelp')} rules={[{ pattern: /^[A-Z0-9]{10}$/, message: t('settings.appleTeamIdRule') }]}>
        <Input maxLength={10} style={{ width: 200 }} />
      </Form.Item>
      {canManage && (
        <Flex gap="small">
          <Button type="primary" htmlType="submit" loading={changes.putSettings.isPending}>
            {t('actions.save')}
          </Button>
          <Typography.Text type="secondary">{changes.putSettings.isSuccess && !dirty ? t('settings.saved') : ''}</Typography.Text>
        </Flex>
      )}
    </Form>
  );
}
