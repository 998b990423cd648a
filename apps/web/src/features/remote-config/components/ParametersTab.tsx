import { useState } from 'react';
import { Button, Empty, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RemoteParameter, RemoteTemplate } from '@wharf/contract';
import { dropParameter, putParameter } from './template-edit';
import { ParameterDialog } from './ParameterDialog';
import type { RemoteConfigState } from './DraftBar';
import { ConditionalValues, ValueText } from './values';

interface Props {
  config: RemoteConfigState;
  canManage: boolean;
  onChange: (template: RemoteTemplate) => Promise<boolean>;
  onConditions: () => void;
}

/** The draft's parameters: key, type, default and the value per condition, with their chips. */
export function ParametersTab({ config, canManage, onChange, onConditions }: Props) {
  const { t } = useTranslation('remote-config');
  const template = config.draft.template;
  const [editing, setEditing] = useState<RemoteParameter | 'new' | null>(null);

  const add = canManage && (
    <Button type="primary" onClick={() => setEditing('new')} data-report-click="remoteConfig.addParameter">
      {t('parameter.add')}
    </Button>
  );
  return (
    <>
      {template.parameters.length === 0 ? (
        <Empty description={t('parameter.empty')}>{add}</Empty>
      ) : (
        <>
          <Flex justify="flex-end" style={{ marginBottom: 16 }}>
            {add}
          </Flex>
          <Table<RemoteParameter>
            rowKey="key"
            dataSource={template.parameters}
            pagination={template.parameters.length > 50 ? { pageSize: 50 } : false}
            scroll={{ x: true }}
            columns={[
              {
                title: t('parameter.key'),
                dataIndex: 'key',
                render: (key: string, p) => (
                  <Flex vertical>
                    <Typography.Text strong>{key}</Typography.Text>
                    {p.description && <Typography.Text type="secondary">{p.description}</Typography.Text>}
                    {p.group && <Tag style={{ width: 'fit-content' }}>{p.group}</Tag>}
                  </Flex>
                ),
              },
              { title: t('parameter.type'), dataIndex: 'type', render: (type: string) => t(`type.${type}`) },
              { title: t('parameter.default'), dataIndex: 'defaultValue', render: (value: string | null) => <ValueText value={value} /> },
              {
                title: t('parameter.conditional'),
                key: 'conditional',
                render: (_, p) => <ConditionalValues template={template} parameter={p} />,
              },
              ...(canManage
                ? [
                    {
                      title: t('common.actions'),
                      key: 'actions',
                      render: (_: unknown, p: RemoteParameter) => (
                        <Space>
                          <Button type="link" onClick={() => setEditing(p)} aria-label={t('parameter.editNamed', { key: p.key })}>
                            {t('common.edit')}
                          </Button>
                          <Popconfirm title={t('parameter.deleteConfirm', { key: p.key })} onConfirm={() => void onChange(dropParameter(template, p.key))}>
                            <Tooltip title={t('parameter.deleteHint')}>
                              <Button type="link" danger aria-label={t('parameter.deleteNamed', { key: p.key })}>
                                {t('common.delete')}
                              </Button>
                            </Tooltip>
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
        <ParameterDialog
          template={template}
          parameter={editing === 'new' ? null : editing}
          onConditions={onConditions}
          onCancel={() => setEditing(null)}
          onSave={async (p) => {
            if (await onChange(putParameter(template, p, editing === 'new' ? null : editing.key))) setEditing(null);
          }}
        />
      )}
    </>
  );
}
