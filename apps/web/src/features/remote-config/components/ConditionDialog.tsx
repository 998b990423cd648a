import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REMOTE_CONFIG_LIMITS, type RemoteCondition, type RemoteTemplate } from '@wharf/contract';
import { formToRule, ruleToForm, type RuleValues } from './rule-form';
import { EditDialog } from './EditDialog';
import { RuleFields } from './RuleFields';

interface Values {
  name: string;
  description: string;
  rules: RuleValues[];
}

interface Props {
  template: RemoteTemplate;
  condition: RemoteCondition | null;
  onSave: (c: RemoteCondition) => Promise<void>;
  onCancel: () => void;
}

/** Adds or edits a condition: a name and rules that must all hold. */
export function ConditionDialog({ template, condition, onSave, onCancel }: Props) {
  const { t } = useTranslation('remote-config');
  const [form] = Form.useForm<Values>();
  const save = (v: Values) =>
    onSave({
      name: v.name.trim(),
      rules: v.rules.map(formToRule),
      ...(v.description?.trim() ? { description: v.description.trim() } : {}),
      ...(condition?.color ? { color: condition.color } : {}),
    });

  return (
    <EditDialog<Values>
      width={720}
      title={condition ? t('condition.editTitle', { name: condition.name }) : t('condition.addTitle')}
      form={form}
      onSave={save}
      onCancel={onCancel}
      initialValues={{ name: condition?.name ?? '', description: condition?.description ?? '', rules: condition ? condition.rules.map(ruleToForm) : [{ field: 'country', op: 'in', values: [] }] }}
    >
      <Form.Item
        name="name"
        label={t('condition.name')}
        rules={[
          { required: true, whitespace: true, message: t('condition.nameRequired') },
          { validator: (_, name: string) => (name && name.trim() !== condition?.name && template.conditions.some((c) => c.name === name.trim()) ? Promise.reject(new Error(t('condition.nameTaken'))) : Promise.resolve()) },
        ]}
        >
        <Input maxLength={100} />
      </Form.Item>
      <Typography.Text strong>{t('condition.rulesAll')}</Typography.Text>
      <Form.List name="rules">
        {(fields, { add, remove }) => (
          <Flex vertical gap="small" style={{ margin: '8px 0 16px' }}>
            {fields.map((field, i) => (
              <RuleFields key={field.key} form={form} name={field.name} index={i} onRemove={fields.length > 1 ? () => remove(field.name) : undefined} />
            ))}
            {fields.length < REMOTE_CONFIG_LIMITS.rulesPerCondition && (
              <Button type="dashed" onClick={() => add({ field: 'appVersion', op: 'gte', value: '' })}>
                {t('condition.addRule')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <Form.Item name="description" label={t('condition.description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
    </EditDialog>
  );
}
