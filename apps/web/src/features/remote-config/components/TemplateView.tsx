import { Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteParameter, RemoteTemplate } from '@wharf/contract';
import { useAudienceChoices } from '../../analytics/public';
import { useRouteAppId } from '../../console/public';
import { ConditionalValues, ConditionChip, ValueText } from './values';
import { ruleText } from './rule-text';
import { useDisplay } from '../../../session/display';

/** A version's conditions (with their rules, by priority) and parameters, to read. */
export function TemplateView({ template }: { template: RemoteTemplate }) {
  const { t } = useTranslation('remote-config');
  const display = useDisplay();
  const audiences = useAudienceChoices(useRouteAppId());
  return (
    <Flex vertical gap="middle" data-testid="remote-template">
      {template.conditions.map((c, i) => (
        <div key={c.name}>
          {i + 1}. <ConditionChip template={template} name={c.name} />
          <Typography.Text type="secondary">{c.rules.map((rule) => ruleText(rule, t, display.language, display.dateTime, audiences.nameOf)).join(t('condition.and'))}</Typography.Text>
        </div>
      ))}
      <Table<RemoteParameter>
        size="small"
        rowKey="key"
        dataSource={template.parameters}
        pagination={template.parameters.length > 20 ? { pageSize: 20 } : false}
        columns={[
          { title: t('parameter.key'), dataIndex: 'key' },
          { title: t('parameter.default'), dataIndex: 'defaultValue', render: (value: string | null) => <ValueText value={value} /> },
          {
            title: t('parameter.conditional'),
            key: 'values',
            render: (_, p) => <ConditionalValues template={template} parameter={p} />,
          },
        ]}
      />
    </Flex>
  );
}
