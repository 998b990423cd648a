import { useEffect } from 'react';
import { App as AntApp, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Project } from '@wharf/contract';
import { useCreateProject, useRenameProject } from '../hooks';
import { useDataLocations } from '../zones';

interface Values {
  name: string;
  dataLocation?: Project['dataLocation'];
}

const NAME_PATTERN = /^[^<>"'&\\]+$/;

/**
 * Creates a project (name and data location) or renames one (name only: the data location
 * is fixed once chosen). Answers the saved project.
 */
export function ProjectFormDialog({ open, project, onClose, onSaved }: { open: boolean; project?: Project | null; onClose: () => void; onSaved?: (project: Project) => void }) {
  const { t } = useTranslation('projects');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const zones = useDataLocations();
  const create = useCreateProject();
  const rename = useRenameProject();
  const renaming = Boolean(project);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(project ? { name: project.name } : { name: '', dataLocation: zones.suggested });
  }, [open, project, form, zones.suggested]);

  const submit = async (values: Values) => {
    try {
      const saved = project
        ? await rename.mutateAsync({ projectId: project.projectId, name: values.name.trim() })
        : await create.mutateAsync({ name: values.name.trim(), ...(values.dataLocation ? { dataLocation: values.dataLocation } : {}) });
      void message.success(project ? t('form.renamed', { name: saved.name }) : t('form.created', { name: saved.name }));
      onSaved?.(saved);
      onClose();
    } catch {
      // the request layer showed the reason
    }
  };

  return (
    <Modal
      open={open}
      title={renaming ? t('form.renameTitle') : t('form.createTitle')}
      okText={renaming ? t('actions.save') : t('actions.create')}
      cancelText={t('actions.cancel')}
      confirmLoading={create.isPending || rename.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            { max: 64, message: t('form.nameTooLong', { max: 64 }) },
            { pattern: NAME_PATTERN, message: t('form.nameCharacters') },
          ]}
        >
          <Input autoFocus maxLength={64} showCount />
        </Form.Item>
        {!renaming && (
          <Form.Item name="dataLocation" label={t('fields.dataLocation')} extra={t('form.dataLocationHint')} rules={[{ required: true, message: t('form.dataLocationRequired') }]}>
            <Select options={zones.options} loading={zones.loading} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
