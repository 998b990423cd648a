import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteParameter, RemoteTemplate } from '@wharf/contract';
import { useDisplay } from '../../projects/public';
import { chipColor } from './ParametersTab';
import { ruleText } from './rule-text';

/** A version's conditions (with their rules, by priority) and parameters, to read. */
export function TemplateView({ template }: { template: RemoteTemplate }) {
  const { t } = useTranslation('remote-config');
  const display = useDisplay();
  const shown = (value: string | null) => (value === null ? <Typography.Text type="secondary">{t('parameter.inApp')}</Typography.Text> : <Typography.Text code>{value === '' ? t('parameter.emptyText') : value}</Typography.Text>);
  return (
    <Flex vertical gap="middle" data-testid="remote-template">
      {template.conditions.map((c, i) => (
        <div key={c.name}>
          {i + 1}. <Tag color={chipColor(template, c.name)}>{c.name}</Tag>
          <Typography.Text type="secondary">{c.rules.map((rule) => ruleText(rule, t, display.language, display.dateTime)).join(t('condition.and'))}</Typography.Text>
        </div>
      ))}
      <Table<RemoteParameter>
        size="small"
        rowKey="key"
        dataSource={template.parameters}
        pagination={template.parameters.length > 20 ? { pageSize: 20 } : false}
        columns={[
          { title: t('parameter.key'), dataIndex: 'key' },
          { title: t('parameter.default'), dataIndex: 'defaultValue', render: shown },
          {
            title: t('parameter.conditional'),
            key: 'values',
            render: (_, p) => (
              <Flex vertical gap={4}>
                {p.conditionalValues.map((v) => (
                  <span key={v.condition}>
                    <Tag color={chipColor(template, v.condition)}>{v.condition}</Tag>
                    {shown(v.value)}
                  </span>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
