import { Button, Flex, Form, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { AB_LIMITS } from '@wharf/contract';
import { NumberInput } from '../../../ui/NumberInput';
import { RuleFields } from '../../remote-config/public';
import type { WizardValues } from './form';

/** Who takes part: devices every rule holds for (all, without rules), then a share of them. */
export function TargetingStep({ form }: { form: FormInstance<WizardValues> }) {
  const { t } = useTranslation('ab-testing');
  return (
    <>
      <Typography.Paragraph type="secondary">{t('wizard.targetingText')}</Typography.Paragraph>
      <Form.List name="rules">
        {(fields, { add, remove }) => (
          <Flex vertical gap="small" style={{ marginBottom: 16 }}>
            {fields.map((field, i) => (
              <RuleFields key={field.key} form={form} name={field.name} index={i} onRemove={() => remove(field.name)} />
            ))}
            {fields.length < AB_LIMITS.rules && (
              <Button type="dashed" onClick={() => add({ field: 'country', op: 'in', values: [] })}>
                {t('wizard.addRule')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <Form.Item name="percent" label={t('wizard.percent')} extra={t('wizard.percentHelp')} rules={[{ required: true, message: t('wizard.percentRequired') }]}>
        <NumberInput min={0.01} max={100} step={1} precision={2} addonAfter="%" style={{ width: 180 }} />
      </Form.Item>
    </>
  );
}
