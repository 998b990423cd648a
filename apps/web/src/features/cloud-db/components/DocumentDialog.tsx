import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ObjectType } from '@wharf/contract';
import { textOfValue, valueOfText } from './values';

interface Props {
  type: ObjectType;
  /** The document to change (its key cannot change), or null for a new one. */
  document: Record<string, unknown> | null;
  saving: boolean;
  onSave: (document: Record<string, unknown>) => void;
  onClose: () => void;
}

/** One document's fields, typed as text; the server reads them by type and names what it refuses. */
export function DocumentDialog({ type, document, saving, onSave, onClose }: Props) {
  const { t } = useTranslation('cloud-db');
  const [form] = Form.useForm<Record<string, string>>();
  const initial = Object.fromEntries(type.fields.map((f) => [f.fieldName, textOfValue(document?.[f.fieldName])]));
  const submit = async () => {
    const v = await form.validateFields();
    const out: Record<string, unknown> = {};
    for (const f of type.fields) {
      const value = valueOfText(f, v[f.fieldName]);
      // A new document's auto-increment key left empty takes the next number.
      if (value === null && !document && f.fieldType.endsWith('AutoIncrement')) continue;
      out[f.fieldName] = value;
    }
    onSave(out);
  };
  return (
    <Modal open title={document ? t('data.editTitle') : t('data.addTitle')} okText={t('common.save')} cancelText={t('common.cancel')} confirmLoading={saving} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial}>
        {type.fields.map((f) => (
          <Form.Item key={f.fieldName} name={f.fieldName} label={`${f.fieldName} · ${f.fieldType}${f.belongPrimaryKey ? ` · ${t('editor.primaryKey')}` : ''}`}>
            {f.fieldType === 'Boolean' ? (
              <Select allowClear options={[{ value: 'true', label: 'true' }, { value: 'false', label: 'false' }]} />
            ) : f.fieldType === 'Text' ? (
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
            ) : (
              <Input disabled={Boolean(document) && f.belongPrimaryKey} placeholder={f.fieldType === 'Date' ? '2026-11-28T10:00:00Z' : f.fieldType === 'ByteArray' ? 'base64' : undefined} />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
