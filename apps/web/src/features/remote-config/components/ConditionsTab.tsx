import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteCondition, RemoteTemplate } from '@wharf/contract';
import { useAudienceChoices } from '../../analytics/public';
import { useRouteAppId } from '../../console/public';
import { ConditionDialog } from './ConditionDialog';
import { chipColor } from './values';
import { ruleText } from './rule-text';
import { dropCondition, moveCondition, putCondition, usesOf } from './template-edit';
import { useDisplay } from '../../../session/display';

interface Props {
  template: RemoteTemplate;
  canManage: boolean;
  onChange: (template: RemoteTemplate) => Promise<boolean>;
}

/** The draft's conditions in priority order: the first that holds for a device gives its value. */
export function ConditionsTab({ template, canManage, onChange }: Props) {
  const { t } = useTranslation('remote-config');
  const display = useDisplay();
  const audiences = useAudienceChoices(useRouteAppId());
  const [editing, setEditing] = useState<RemoteCondition | 'new' | null>(null);
  const add = canManage && (
    <Button type="primary" onClick={() => setEditing('new')} data-report-click="remoteConfig.addCondition">
      {t('condition.add')}
    </Button>
  );
  const last = template.conditions.length - 1;
  return (
    <>
      {template.conditions.length === 0 ? (
        <Empty description={t('condition.empty')}>{add}</Empty>
      ) : (
        <>
          <Flex justify="space-between" align="center" gap="middle" wrap style={{ marginBottom: 16 }}>
            <Typography.Text type="secondary">{t('condition.lead')}</Typography.Text>
            {add}
          </Flex>
          <Table<RemoteCondition>
            rowKey="name"
            dataSource={template.conditions}
            pagination={false}
            scroll={{ x: true }}
            columns={[
              { title: t('condition.priority'), key: 'priority', width: 90, render: (_, _c, i) => i + 1 },
              {
                title: t('condition.name'),
                dataIndex: 'name',
                render: (name: string, c) => (
                  <Flex vertical>
                    <Tag color={chipColor(template, name)} style={{ width: 'fit-content' }}>
                      {name}
                    </Tag>
                    {c.description && <Typography.Text type="secondary">{c.description}</Typography.Text>}
                  </Flex>
                ),
              },
              { title: t('condition.rules'), key: 'rules', render: (_, c) => c.rules.map((r) => ruleText(r, t, display.language, display.dateTime, audiences.nameOf)).join(t('condition.and')) },
              { title: t('condition.used'), key: 'used', render: (_, c) => t('condition.usedBy', { count: usesOf(template, c.name) }) },
              ...(canManage
                ? [
                    {
                      title: t('common.actions'),
                      key: 'actions',
                      render: (_: unknown, c: RemoteCondition, i: number) => (
                        <Space wrap>
                          <Button size="small" disabled={i === 0} onClick={() => void onChange(moveCondition(template, c.name, -1))} aria-label={t('condition.up', { name: c.name })}>
                            ↑
                          </Button>
                          <Button size="small" disabled={i === last} onClick={() => void onChange(moveCondition(template, c.name, 1))} aria-label={t('condition.down', { name: c.name })}>
                            ↓
                          </Button>
                          <Button type="link" onClick={() => setEditing(c)} aria-label={t('condition.editNamed', { name: c.name })}>
                            {t('common.edit')}
                          </Button>
                          <Popconfirm title={t('condition.deleteConfirm', { name: c.name, count: usesOf(template, c.name) })} onConfirm={() => void onChange(dropCondition(template, c.name))}>
                            <Button type="link" danger aria-label={t('condition.deleteNamed', { name: c.name })}>
                              {t('common.delete')}
                            </Button>
                          </Popconfirm>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      {editing !== null && (
        <ConditionDialog
          template={template}
          condition={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSave={async (c) => {
            if (await onChange(putCondition(template, c, editing === 'new' ? null : editing.name))) setEditing(null);
          }}
        />
      )}
    </>
  );
}
