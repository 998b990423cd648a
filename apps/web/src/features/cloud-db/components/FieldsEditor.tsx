import { Button, Checkbox, Form, Input, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLOUD_DB_FIELD_TYPES } from '@wharf/rules';
import { emptyField, type FieldForm } from './form';

/** The fields of an object type, one row each; existing fields of a saved type keep their key and encryption. */
export function FieldsEditor({ saved }: { saved: ReadonlySet<string> }) {
  const { t } = useTranslation('cloud-db');
  const form = Form.useFormInstance();
  return (
    <Form.List name="fields">
      {(rows, { add, remove }) => (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={rows}
            columns={[
              { title: t('editor.fieldName'), key: 'name', render: (_, r) => <Form.Item name={[r.name, 'fieldName']} noStyle><Input aria-label={t('editor.fieldName')} maxLength={30} /></Form.Item> },
              {
                title: t('editor.fieldType'),
                key: 'type',
                render: (_, r) => (
                  <Form.Item name={[r.name, 'fieldType']} noStyle>
                    <Select aria-label={t('editor.fieldType')} style={{ width: 170 }} options={CLOUD_DB_FIELD_TYPES.map((v) => ({ value: v, label: v }))} />
                  </Form.Item>
                ),
              },
              { title: t('editor.primaryKey'), key: 'pk', render: (_, r) => <Form.Item name={[r.name, 'belongPrimaryKey']} valuePropName="checked" noStyle><Checkbox aria-label={t('editor.primaryKey')} disabled={saved.has(String(form.getFieldValue(['fields', r.name, 'fieldName']) ?? '').toLowerCase())} /></Form.Item> },
              { title: t('editor.notNull'), key: 'nn', render: (_, r) => <Form.Item name={[r.name, 'notNull']} valuePropName="checked" noStyle><Checkbox aria-label={t('editor.notNull')} /></Form.Item> },
              { title: t('editor.encrypted'), key: 'enc', render: (_, r) => <Form.Item name={[r.name, 'isNeedEncrypt']} valuePropName="checked" noStyle><Checkbox aria-label={t('editor.encrypted')} /></Form.Item> },
              { title: t('editor.defaultValue'), key: 'default', render: (_, r) => <Form.Item name={[r.name, 'defaultValue']} noStyle><Input aria-label={t('editor.defaultValue')} maxLength={200} /></Form.Item> },
              { title: t('editor.maxLength'), key: 'len', render: (_, r) => <Form.Item name={[r.name, 'maxLength']} noStyle><InputNumber aria-label={t('editor.maxLength')} min={1} max={500000} style={{ width: 110 }} /></Form.Item> },
              { title: '', key: 'remove', render: (_, r) => <Button type="link" danger onClick={() => remove(r.name)}>{t('editor.removeField')}</Button> },
            ]}
          />
          <Button style={{ marginTop: 8 }} onClick={() => add(emptyField() satisfies FieldForm)}>
            {t('editor.addField')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
