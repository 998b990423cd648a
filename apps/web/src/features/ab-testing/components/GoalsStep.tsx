import { Button, Card, Flex, Form, Input, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { AB_LIMITS, METRIC_KINDS } from '@wharf/contract';
import { NumberInput } from '../../../ui/NumberInput';
import type { WizardValues } from './form';

const EVENT = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** One metric: what it counts, and the event (or the days) it reads. */
function MetricFields({ form, path, label }: { form: FormInstance<WizardValues>; path: Array<string | number>; label: string }) {
  const { t } = useTranslation('ab-testing');
  const name = path.length > 1 ? path.slice(1) : path;
  const kind = Form.useWatch([...path, 'kind'], form) as string | undefined;
  return (
    <Flex gap="middle" wrap>
      <Form.Item name={[...name, 'kind']} label={label} style={{ flex: '0 1 260px' }}>
        <Select options={METRIC_KINDS.map((k) => ({ value: k, label: t(`metric.${k}`) }))} />
      </Form.Item>
      {kind === 'retention' ? (
        <Form.Item name={[...name, 'days']} label={t('wizard.days')} rules={[{ required: true, message: t('wizard.daysRequired') }]}>
          <NumberInput min={1} max={AB_LIMITS.retentionDays} precision={0} style={{ width: 120 }} />
        </Form.Item>
      ) : (
        <Form.Item
          name={[...name, 'event']}
          label={t('wizard.event')}
          extra={kind === 'value' ? t('wizard.valueHelp') : t('wizard.conversionHelp')}
          rules={[{ required: true, message: t('wizard.eventRequired') }, { pattern: EVENT, message: t('wizard.eventFormat') }]}
          style={{ flex: '1 1 260px' }}
        >
          <Input placeholder="purchase" />
        </Form.Item>
      )}
    </Flex>
  );
}

/** What decides the experiment: a primary metric, and up to four more to watch. */
export function GoalsStep({ form }: { form: FormInstance<WizardValues> }) {
  const { t } = useTranslation('ab-testing');
  return (
    <>
      <Typography.Paragraph type="secondary">{t('wizard.goalsText')}</Typography.Paragraph>
      <MetricFields form={form} path={['primary']} label={t('wizard.primary')} />
      <Form.List name="secondary">
        {(fields, { add, remove }) => (
          <Flex vertical gap="small">
            {fields.map((field, i) => (
              <Card key={field.key} size="small" extra={<Button type="link" danger onClick={() => remove(field.name)}>{t('wizard.removeMetric')}</Button>}>
                <MetricFields form={form} path={['secondary', field.name]} label={t('wizard.secondary', { n: i + 1 })} />
              </Card>
            ))}
            {fields.length < AB_LIMITS.secondaryMetrics && (
              <Button type="dashed" onClick={() => add({ kind: 'conversion', event: '' })}>
                {t('wizard.addMetric')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </>
  );
}
