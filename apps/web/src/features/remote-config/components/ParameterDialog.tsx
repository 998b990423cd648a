import { Button, Checkbox, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PARAMETER_TYPES, type ParameterType, type RemoteParameter, type RemoteTemplate } from '@wharf/contract';
import { valueFitsType } from '@wharf/rules';
import { EditDialog } from './EditDialog';

interface Values {
  key: string;
  type: ParameterType;
  description: string;
  group: string;
  inApp: boolean;
  defaultValue: string;
  conditionalValues: Array<{ condition: string; value: string }>;
}

interface Props {
  template: RemoteTemplate;
  parameter: RemoteParameter | null;
  onSave: (p: RemoteParameter) => Promise<void>;
  onCancel: () => void;
  onConditions: () => void;
}

/** Adds or edits one parameter: its key and type, a default (or the app's own) and a value per condition. */
export function ParameterDialog({ template, parameter, onSave, onCancel, onConditions }: Props) {
  const { t } = useTranslation('remote-config');
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? parameter?.type ?? 'string';
  const inApp = Form.useWatch('inApp', form) ?? parameter?.defaultValue === null;

  // Read at validation time: the type may have changed since this render.
  const fits = (_: unknown, value: string | undefined) => {
    const now: ParameterType = form.getFieldValue('type') ?? 'string';
    return value === undefined || valueFitsType(now, value) ? Promise.resolve() : Promise.reject(new Error(t(`type.mustBe.${now}`)));
  };
  const valueInput = type === 'boolean' ? <Select options={[{ value: 'true' }, { value: 'false' }]} /> : type === 'json' ? <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} /> : <Input />;

  const save = (v: Values) =>
    onSave({
      key: v.key.trim(),
      type: v.type,
      defaultValue: v.inApp ? null : (v.defaultValue ?? ''),
      conditionalValues: (v.conditionalValues ?? []).map((c) => ({ condition: c.condition, value: c.value ?? '' })),
      ...(v.description?.trim() ? { description: v.description.trim() } : {}),
      ...(v.group?.trim() ? { group: v.group.trim() } : {}),
    });

  return (
    <EditDialog<Values>
      width={640}
      title={parameter ? t('parameter.editTitle', { key: parameter.key }) : t('parameter.addTitle')}
      form={form}
      onSave={save}
      onCancel={onCancel}
      initialValues={{
        key: parameter?.key ?? '',
        type: parameter?.type ?? 'string',
        description: parameter?.description ?? '',
        group: parameter?.group ?? '',
        inApp: parameter?.defaultValue === null,
        defaultValue: parameter?.defaultValue ?? '',
        conditionalValues: parameter?.conditionalValues ?? [],
      }}
    >
      <Form.Item
        name="key"
        label={t('parameter.key')}
        extra={t('parameter.keyHint')}
        rules={[
          { required: true, message: t('parameter.keyRequired') },
          { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: t('parameter.keyFormat') },
          { validator: (_, key: string) => (key && key !== parameter?.key && template.parameters.some((p) => p.key === key.trim()) ? Promise.reject(new Error(t('parameter.keyTaken'))) : Promise.resolve()) },
        ]}
        >
        <Input maxLength={256} />
      </Form.Item>
      <Form.Item name="type" label={t('parameter.type')}>
        <Select options={PARAMETER_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))} />
      </Form.Item>
      <Form.Item name="inApp" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>{t('parameter.useInApp')}</Checkbox>
      </Form.Item>
      {!inApp && (
        <Form.Item name="defaultValue" label={t('parameter.default')} rules={[{ validator: fits }]}>
          {valueInput}
        </Form.Item>
      )}
      <Typography.Text strong>{t('parameter.conditional')}</Typography.Text>
      {template.conditions.length === 0 ? (
        <Typography.Paragraph type="secondary">
          {t('parameter.noConditions')}{' '}
          <Button type="link" size="small" onClick={onConditions} style={{ padding: 0 }}>
            {t('parameter.toConditions')}
          </Button>
        </Typography.Paragraph>
      ) : (
        <Form.List name="conditionalValues">
          {(fields, { add, remove }) => (
            <Flex vertical gap="small" style={{ margin: '8px 0 16px' }}>
              {fields.map((field) => (
                <Flex key={field.key} gap="small" align="start">
                  <Form.Item name={[field.name, 'condition']} rules={[{ required: true, message: t('parameter.pickCondition') }]} style={{ width: 200, marginBottom: 0 }}>
                    <Select aria-label={t('parameter.condition')} options={template.conditions.map((c) => ({ value: c.name, label: c.name }))} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} rules={[{ validator: fits }]} style={{ flex: 1, marginBottom: 0 }}>
                    {valueInput}
                  </Form.Item>
                  <Button onClick={() => remove(field.name)} aria-label={t('parameter.removeValue')}>
                    ×
                  </Button>
                </Flex>
              ))}
              {fields.length < template.conditions.length && (
                <Button type="dashed" onClick={() => add({ condition: template.conditions.find((c) => !form.getFieldValue('conditionalValues')?.some((v: { condition: string }) => v?.condition === c.name))?.name, value: '' })}>
                  {t('parameter.addValue')}
                </Button>
              )}
            </Flex>
          )}
        </Form.List>
      )}
      <Form.Item name="description" label={t('parameter.description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="group" label={t('parameter.group')} extra={t('parameter.groupHint')}>
        <Input maxLength={100} />
      </Form.Item>
    </EditDialog>
  );
}
