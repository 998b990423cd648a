import { App as AntApp, Button, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPERATOR_ROLES } from '@wharf/contract';
import { useGrantOperator, useOperators, useRevokeOperator } from '../hooks';

type Role = (typeof OPERATOR_ROLES)[number];

/** The platform's reviewers, support agents and administrators: grant a role to an account, take it back. */
export function OperatorsTab() {
  const { t } = useTranslation('platform');
  const { message } = AntApp.useApp();
  const operators = useOperators();
  const grant = useGrantOperator();
  const revoke = useRevokeOperator();
  const [form] = Form.useForm<{ email: string; role: Role }>();
  return (
    <>
      <Form
        form={form}
        layout="inline"
        initialValues={{ role: 'reviewer' }}
        onFinish={(values) =>
          grant.mutate(values, {
            onSuccess: () => {
              void message.success(t('operators.granted', { email: values.email }));
              form.resetFields(['email']);
            },
          })
        }
        style={{ marginBottom: 16 }}
      >
        <Form.Item name="email" label={t('operators.email')} rules={[{ required: true, type: 'email', message: t('operators.emailInvalid') }]}>
          <Input style={{ width: 280 }} />
        </Form.Item>
        <Form.Item name="role" label={t('operators.role')}>
          <Select style={{ width: 180 }} options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`operators.roles.${r}`) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={grant.isPending}>
          {t('operators.grant')}
        </Button>
      </Form>
      <Table
        rowKey="userId"
        loading={operators.isPending}
        dataSource={operators.data ?? []}
        pagination={false}
        columns={[
          { key: 'name', title: t('operators.name'), render: (_, op) => op.displayName },
          { key: 'email', title: t('operators.email'), dataIndex: 'email' },
          {
            key: 'roles',
            title: t('operators.role'),
            render: (_, op) => (
              <Space wrap>
                {op.roles.map((role) => (
                  <Popconfirm key={role} title={t('operators.confirmRevoke', { role: t(`operators.roles.${role}`) })} onConfirm={() => revoke.mutateAsync({ userId: op.userId, role })}>
                    <Tag color={role === 'admin' ? 'gold' : role === 'support' ? 'green' : 'blue'} style={{ cursor: 'pointer' }} aria-label={t('operators.revoke', { role: t(`operators.roles.${role}`) })}>
                      {t(`operators.roles.${role}`)} ×
                    </Tag>
                  </Popconfirm>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
