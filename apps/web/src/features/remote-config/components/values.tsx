import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteParameter, RemoteTemplate } from '@wharf/contract';

const COLORS = ['blue', 'purple', 'cyan', 'magenta', 'gold', 'lime', 'volcano', 'geekblue'];

/** A condition's chip colour: its own, else one by its priority. */
export const chipColor = (t: RemoteTemplate, name: string) => {
  const at = t.conditions.findIndex((c) => c.name === name);
  return t.conditions[at]?.color ?? COLORS[at % COLORS.length];
};

export function ConditionChip({ template, name }: { template: RemoteTemplate; name: string }) {
  return <Tag color={chipColor(template, name)}>{name}</Tag>;
}

/** A value as the app reads it; null is the app's own in-app default. */
export function ValueText({ value }: { value: string | null }) {
  const { t } = useTranslation('remote-config');
  if (value === null) return <Typography.Text type="secondary">{t('parameter.inApp')}</Typography.Text>;
  return <Typography.Text code>{value === '' ? t('parameter.emptyText') : value}</Typography.Text>;
}

/** A parameter's values per condition, each behind its condition's chip. */
export function ConditionalValues({ template, parameter }: { template: RemoteTemplate; parameter: RemoteParameter }) {
  return (
    <Flex vertical gap={4}>
      {parameter.conditionalValues.map((v) => (
        <span key={v.condition}>
          <ConditionChip template={template} name={v.condition} />
          <ValueText value={v.value} />
        </span>
      ))}
    </Flex>
  );
}
