import { useEffect } from 'react';
import { App as AntApp, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { App } from '@wharf/contract';
import { useChangePackageName, useLiveChecks } from '../hooks';
import { LIVE_CHECK_DEBOUNCE_MS, liveCheckRule } from './live-checks';

/** Changes the package name (possible until the first package is uploaded), checked live. */
export function PackageNameDialog({ app, open, onClose }: { app: App; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('apps');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ packageName: string }>();
  const checks = useLiveChecks();
  const change = useChangePackageName();

  useEffect(() => {
    if (open) form.setFieldsValue({ packageName: app.packageName });
  }, [open, app.packageName, form]);

  const submit = async ({ packageName }: { packageName: string }) => {
    try {
      const saved = await change.mutateAsync({ appId: app.appId, packageName: packageName.trim() });
      void message.success(t('info.packageNameChanged', { packageName: saved.packageName }));
      onClose();
    } catch {
      // the request layer showed the reason
    }
  };

  return (
    <Modal
      open={open}
      title={t('info.changePackageName')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item
          name="packageName"
          label={t('fields.packageName')}
          extra={t('info.packageNameChangeHint')}
          hasFeedback
          validateDebounce={LIVE_CHECK_DEBOUNCE_MS}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('create.packageNameRequired') },
            liveCheckRule('packageName', (platform, value) => checks.packageName(platform, value, app.appId), () => app.platform, t),
          ]}
        >
          <Input maxLength={128} spellCheck={false} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
