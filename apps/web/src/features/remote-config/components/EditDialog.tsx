import { useState, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnsavedGuard } from '../../../ui/unsaved';

interface Props<V> {
  title: string;
  width: number;
  form: FormInstance<V>;
  initialValues: Partial<V>;
  /** Saves the form's values; a refusal leaves the dialog open with what was typed. */
  onSave: (values: V) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}

/** A parameter's or condition's dialog: a vertical form that asks before unsaved edits are left. */
export function EditDialog<V>({ title, width, form, initialValues, onSave, onCancel, children }: Props<V>) {
  const { t } = useTranslation('remote-config');
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const unsavedGuard = useUnsavedGuard(dirty);

  const submit = async (values: V) => {
    setSaving(true);
    try {
      await onSave(values);
      setDirty(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open width={width} title={title} okText={t('common.save')} cancelText={t('common.cancel')} confirmLoading={saving} onOk={() => form.submit()} onCancel={onCancel}>
      {unsavedGuard}
      <Form<V> form={form} layout="vertical" onValuesChange={() => setDirty(true)} onFinish={(v) => void submit(v)} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
