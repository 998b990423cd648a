import { Alert, Button, Card, Flex, Form, Input, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AB_LIMITS, type RemoteParameter } from '@wharf/contract';
import { valueFitsType } from '@wharf/rules';
import { NumberInput } from '../../../ui/NumberInput';
import type { WizardValues } from './form';

interface Props {
  appId: string;
  form: FormInstance<WizardValues>;
  /** The parameters of the published Remote Configuration version. */
  parameters: readonly RemoteParameter[];
}

const LETTERS = 'ABCDE';

/** The parameters the experiment varies, and each variant's share and values (the first is the baseline). */
export function VariantsStep({ appId, form, parameters }: Props) {
  const { t } = useTranslation('ab-testing');
  const chosen = (Form.useWatch('parameters', form) as string[] | undefined) ?? [];
  const variants = (Form.useWatch('variants', form) as WizardValues['variants'] | undefined) ?? [];
  const total = variants.reduce((sum, v) => sum + (Number(v?.weight) || 0), 0);
  const byKey = new Map(parameters.map((p) => [p.key, p]));

  if (!parameters.length) {
    return (
      <Alert
        type="warning"
        showIcon
        message={t('wizard.noParameters')}
        description={<Link to={`/apps/${appId}/remote-config`}>{t('wizard.toRemoteConfig')}</Link>}
      />
    );
  }
  return (
    <>
      <Form.Item name="parameters" label={t('wizard.parameters')} extra={t('wizard.parametersHelp')} rules={[{ required: true, type: 'array', min: 1, message: t('wizard.parametersRequired') }]}>
        <Select mode="multiple" maxCount={AB_LIMITS.parameters} options={parameters.map((p) => ({ value: p.key, label: `${p.key} (${t(`type.${p.type}`)})` }))} />
      </Form.Item>
      <Form.List name="variants">
        {(fields, { add, remove }) => (
          <Flex vertical gap="middle">
            {fields.map((field, i) => (
              <Card
                key={field.key}
                size="small"
                title={i === 0 ? t('wizard.baselineTitle') : t('wizard.variantTitle', { letter: LETTERS[i] })}
                extra={i > 1 || (i === 1 && fields.length > 2) ? <Button type="link" danger onClick={() => remove(field.name)}>{t('wizard.removeVariant')}</Button> : null}
                data-testid={`variant-${i}`}
              >
                <Flex gap="middle" wrap>
                  <Form.Item name={[field.name, 'name']} label={t('wizard.variantName')} rules={[{ required: true, whitespace: true, message: t('wizard.variantNameRequired') }]} style={{ flex: '1 1 240px' }}>
                    <Input maxLength={60} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'weight']} label={t('wizard.weight')} rules={[{ required: true, message: t('wizard.weightRequired') }]} extra={total ? t('wizard.share', { share: Math.round(((Number(variants[i]?.weight) || 0) / total) * 1000) / 10 }) : null}>
                    <NumberInput min={1} max={100} precision={0} style={{ width: 120 }} />
                  </Form.Item>
                </Flex>
                {chosen.map((key) => {
                  const p = byKey.get(key);
                  const current = p?.defaultValue ?? '';
                  return (
                    <Form.Item
                      key={key}
                      name={[field.name, 'values', key]}
                      label={key}
                      rules={[{ validator: (_, v?: string) => (!v || !p || valueFitsType(p.type, v) ? Promise.resolve() : Promise.reject(new Error(t(`wizard.mustBe.${p.type}`)))) }]}
                    >
                      <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} placeholder={t('wizard.keepValue', { value: current })} />
                    </Form.Item>
                  );
                })}
              </Card>
            ))}
            {fields.length < AB_LIMITS.maxVariants && (
              <Button type="dashed" onClick={() => add({ name: t('wizard.variantTitle', { letter: LETTERS[fields.length] }), weight: 50, values: {} })}>
                {t('wizard.addVariant')}
              </Button>
            )}
            <Typography.Text type="secondary">{t('wizard.variantsHelp')}</Typography.Text>
          </Flex>
        )}
      </Form.List>
    </>
  );
}
