import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateDatabase } from '../hooks';

const NAME = /^[a-z][a-z0-9_]*$/;

/** A new database: only its name is asked, the rest is the platform's. */
export function CreateDatabaseDialog({ projectId, open, onClose, onCreated }: { projectId: string; open: boolean; onClose: () => void; onCreated: (databaseId: string) => void }) {
  const { t } = useTranslation('databases');
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateDatabase(projectId);
  return (
    <Modal
      open={open}
      title={t('create.title')}
      okText={t('create.submit')}
      cancelText={t('create.cancel')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => create.mutate(v.name.trim(), { onSuccess: ({ database }) => (form.resetFields(), onCreated(database.databaseId)) })}>
        <Form.Item name="name" label={t('create.name')} extra={t('create.nameHint')} rules={[{ required: true, message: t('create.nameRequired') }, { pattern: NAME, message: t('create.nameInvalid') }, { max: 30 }]}>
          <Input autoFocus placeholder="shop" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
