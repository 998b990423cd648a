import { Button, DatePicker, Flex, Form, Input, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONDITION_FIELDS, DEVICE_OSES } from '@wharf/contract';
import { COUNTRIES, sortByCountryName } from '@wharf/rules';
import { NumberInput } from '../../../ui/NumberInput';
import { useAudienceChoices } from '../../analytics/public';
import { useRouteAppId } from '../../console/public';
import { newSeed, OPS, type RuleValues } from './rule-form';
import { useDisplay } from '../../../session/display';

interface Props {
  form: FormInstance;
  name: number;
  index: number;
  onRemove?: () => void;
}

const VERSION = /^\d+(\.\d+){0,3}([-+.][0-9A-Za-z.-]+)?$/;

/** One rule of a condition: what it tests, how, and against what. */
export function RuleFields({ form, name, index, onRemove }: Props) {
  const { t } = useTranslation('remote-config');
  const display = useDisplay();
  const audiences = useAudienceChoices(useRouteAppId());
  const field = (Form.useWatch(['rules', name, 'field'], form) as RuleValues['field'] | undefined) ?? 'country';
  const required = { required: true, message: t('rule.required') };
  const label = (what: string) => t('rule.label', { n: index + 1, what });

  const changeField = (next: RuleValues['field']) => {
    const fresh: RuleValues = { field: next, ...(OPS[next][0] ? { op: OPS[next][0] } : {}), ...(next === 'percentile' ? { seed: newSeed(), from: 0, to: 10 } : {}) };
    form.setFieldValue(['rules', name], fresh);
  };

  const values = () => {
    switch (field) {
      case 'appVersion':
      case 'osVersion':
        return (
          <Form.Item name={[name, 'value']} rules={[required, { pattern: VERSION, message: t('rule.versionFormat') }]} style={{ flex: 1, marginBottom: 0 }}>
            <Input placeholder="2.0" aria-label={label(t('rule.value'))} />
          </Form.Item>
        );
      case 'os':
        return <ValuesSelect name={name} label={label(t('rule.value'))} options={DEVICE_OSES.map((o) => ({ value: o, label: t(`os.${o}`) }))} />;
      case 'country':
        return (
          <ValuesSelect
            name={name}
            label={label(t('rule.value'))}
            options={sortByCountryName(COUNTRIES.map((c) => c.id), display.language).map((id) => ({ value: id, label: COUNTRIES.find((c) => c.id === id)!.names[display.language] }))}
          />
        );
      case 'userProperty':
        return (
          <>
            <Form.Item name={[name, 'name']} rules={[required, { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: t('rule.propertyFormat') }]} style={{ width: 140, marginBottom: 0 }}>
              <Input placeholder={t('rule.property')} aria-label={label(t('rule.property'))} />
            </Form.Item>
            <ValuesSelect name={name} label={label(t('rule.value'))} />
          </>
        );
      case 'audience':
        return <ValuesSelect name={name} label={label(t('rule.value'))} options={audiences.options} placeholder={audiences.options.length || audiences.loading ? undefined : t('rule.noAudiences')} />;
      case 'percentile':
        return (
          <Flex gap="small" align="center" style={{ flex: 1 }}>
            <Form.Item name={[name, 'from']} rules={[required]} style={{ marginBottom: 0 }}>
              <NumberInput min={0} max={100} step={1} precision={2} addonAfter="%" aria-label={label(t('rule.from'))} />
            </Form.Item>
            –
            <Form.Item name={[name, 'to']} rules={[required]} style={{ marginBottom: 0 }}>
              <NumberInput min={0} max={100} step={1} precision={2} addonAfter="%" aria-label={label(t('rule.to'))} />
            </Form.Item>
            <Form.Item name={[name, 'seed']} hidden>
              <Input />
            </Form.Item>
          </Flex>
        );
      case 'dateTime':
        return (
          <Form.Item name={[name, 'at']} rules={[required]} style={{ flex: 1, marginBottom: 0 }}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label={label(t('rule.value'))} />
          </Form.Item>
        );
      default:
        return <ValuesSelect name={name} label={label(t('rule.value'))} />;
    }
  };

  return (
    <Flex gap="small" align="start" wrap data-testid={`rule-${index}`}>
      <Form.Item name={[name, 'field']} style={{ width: 170, marginBottom: 0 }}>
        <Select aria-label={label(t('rule.field'))} options={CONDITION_FIELDS.map((f) => ({ value: f, label: t(`field.${f}`) }))} onChange={changeField} />
      </Form.Item>
      {OPS[field].length > 0 && (
        <Form.Item name={[name, 'op']} style={{ width: 130, marginBottom: 0 }}>
          <Select aria-label={label(t('rule.op'))} options={OPS[field].map((op) => ({ value: op, label: t(`op.${op}`) }))} />
        </Form.Item>
      )}
      {values()}
      {onRemove && (
        <Button onClick={onRemove} aria-label={t('rule.remove', { n: index + 1 })}>
          ×
        </Button>
      )}
    </Flex>
  );
}

/** A list of values, chosen from options or typed (a tag per value). */
function ValuesSelect({ name, label, options, placeholder }: { name: number; label: string; options?: Array<{ value: string; label: string }>; placeholder?: string | undefined }) {
  const { t } = useTranslation('remote-config');
  return (
    <Form.Item name={[name, 'values']} rules={[{ required: true, type: 'array', min: 1, message: t('rule.required') }]} style={{ flex: 1, minWidth: 200, marginBottom: 0 }}>
      <Select mode={options ? 'multiple' : 'tags'} options={options} placeholder={placeholder} optionFilterProp="label" tokenSeparators={options ? undefined : [',']} aria-label={label} open={options ? undefined : false} />
    </Form.Item>
  );
}
