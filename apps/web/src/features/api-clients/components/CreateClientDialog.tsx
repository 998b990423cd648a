import { Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiClientsApi, type ApiClientRole, type ApiClientType, type ResponseOf } from '@wharf/contract';
import { ProjectSelect } from '../../projects/public';
import { useCreateApiClient } from '../api/mutations';

interface Values {
  name: string;
  type: ApiClientType;
  role: ApiClientRole;
  level: 'team' | 'project';
  projectId?: string;
}

export type Created = ResponseOf<typeof apiClientsApi.createApiClient>;

/** A new API client or service account: its name, kind, role, and whether it acts in the whole team or one project. */
export function CreateClientDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (created: Created) => void }) {
  const { t } = useTranslation('api-clients');
  const [form] = Form.useForm<Values>();
  const create = useCreateApiClient();
  const level = Form.useWatch('level', form);
  const submit = async (v: Values) => {
    try {
      const created = await create.mutateAsync({ name: v.name, type: v.type, role: v.role, projectId: v.level === 'project' ? (v.projectId ?? null) : null });
      form.resetFields();
      onCreated(created);
    } catch {
      // The request layer showed the reason; what was typed stays.
    }
  };
  return (
    <Modal open={open} title={t('create.title')} okText={t('create.ok')} confirmLoading={create.isPending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden={false}>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ type: 'service-account', role: 'publishing', level: 'team' }}>
        <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('create.nameRequired') }, { max: 64 }]}>
          <Input maxLength={64} placeholder={t('create.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="type" label={t('fields.type')} extra={t('create.typeHelp')}>
          <Radio.Group
            options={apiClientsApi.API_CLIENT_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item name="role" label={t('fields.role')}>
          <Select
            options={apiClientsApi.API_CLIENT_ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))}
            optionRender={(o) => (
              <div>
                <div>{o.label}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                  {t(`roleHelp.${o.value as ApiClientRole}`)}
                </Typography.Text>
              </div>
            )}
          />
        </Form.Item>
        <Form.Item name="level" label={t('fields.level')}>
          <Radio.Group options={[{ value: 'team', label: t('level.team') }, { value: 'project', label: t('level.project') }]} />
        </Form.Item>
        {level === 'project' && (
          <Form.Item name="projectId" label={t('fields.project')} rules={[{ required: true, message: t('create.projectRequired') }]}>
            <ProjectSelect aria-label={t('fields.project')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
