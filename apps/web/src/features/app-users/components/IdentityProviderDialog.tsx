import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IdentityProvider } from '@wharf/contract';
import type { IdentityProviderDraft } from '../api/mutations';

type Draft = IdentityProviderDraft & { providerId: string };

/** Adds a provider (`provider` null) or changes one; an empty secret keeps the saved one. */
export function IdentityProviderDialog({ provider, onClose, onSave, saving }: { provider: IdentityProvider | null; onClose: () => void; onSave: (draft: Draft) => void; saving: boolean }) {
  const { t } = useTranslation('app-users');
  const [form] = Form.useForm<Draft>();
  const title = provider ? t('providers.editTitle', { name: provider.name }) : t('providers.addTitle');
  return (
    <Modal
      open
      title={title}
      okText={t('providers.save')}
      cancelText={t('users.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Draft>
        form={form}
        layout="vertical"
        aria-label={title}
        initialValues={provider ? { ...provider, clientSecret: '' } : { scopes: 'openid email profile', enabled: true }}
        onFinish={(v) => onSave({ ...v, providerId: provider?.providerId ?? v.providerId, enabled: provider?.enabled ?? true, ...(v.clientSecret ? {} : { clientSecret: undefined }) })}
      >
        <Form.Item name="providerId" label={t('providers.providerId')} extra={t('providers.providerIdHint')} rules={[{ required: !provider, pattern: /^[a-z][a-z0-9-]{1,31}$/, message: t('providers.providerIdRule') }]}>
          <Input disabled={Boolean(provider)} placeholder="company-sso" autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('providers.name')} rules={[{ required: true, max: 64 }]}>
          <Input placeholder="Company SSO" />
        </Form.Item>
        <Form.Item name="issuer" label={t('providers.issuer')} extra={t('providers.issuerHint')} rules={[{ required: true, type: 'url' }]}>
          <Input placeholder="https://sso.example.com/realms/main" autoComplete="off" />
        </Form.Item>
        <Form.Item name="clientId" label={t('providers.clientId')} rules={[{ required: true, max: 256 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="clientSecret" label={t('providers.clientSecret')} extra={provider ? t('providers.secretKeep', { hint: provider.secretHint || '••••' }) : undefined} rules={[{ required: !provider }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="scopes" label={t('providers.scopes')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
