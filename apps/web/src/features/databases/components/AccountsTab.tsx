import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { databasesApi, type DbAccount } from '@wharf/contract';
import { useAccounts, useCreateAccount, useDeleteAccount, useResetPassword } from '../hooks';

const COLORS: Record<DbAccount['privilege'], string> = { readOnly: 'blue', readWrite: 'green', owner: 'gold' };

/** A password shown once, with the connection string it completes. */
function PasswordOnce({ shown, onClose }: { shown: { account: DbAccount; password: string } | null; onClose: () => void }) {
  const { t } = useTranslation('databases');
  const full = shown ? shown.account.connectionString.replace(`://${shown.account.username}@`, `://${shown.account.username}:${encodeURIComponent(shown.password)}@`) : '';
  return (
    <Modal open={shown !== null} title={t('accounts.onceTitle')} onCancel={onClose} onOk={onClose} okText={t('accounts.onceDone')} cancelButtonProps={{ style: { display: 'none' } }}>
      <Alert type="warning" showIcon message={t('accounts.once')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph>
        {t('accounts.password')}: <Typography.Text code copyable data-testid="account-password">{shown?.password}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t('accounts.connectionString')}: <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>{full}</Typography.Text>
      </Typography.Paragraph>
    </Modal>
  );
}

/** A database's accounts for the team's own backends: made with a privilege on a schema, password reset, revoked. */
export function AccountsTab({ projectId, databaseId, canManage }: { projectId: string; databaseId: string; canManage: boolean }) {
  const { t } = useTranslation('databases');
  const accounts = useAccounts(projectId, databaseId);
  const create = useCreateAccount(projectId, databaseId);
  const reset = useResetPassword(projectId, databaseId);
  const revoke = useDeleteAccount(projectId, databaseId);
  const [form] = Form.useForm<{ name: string; privilege: DbAccount['privilege']; schema: string }>();
  const [shown, setShown] = useState<{ account: DbAccount; password: string } | null>(null);
  return (
    <>
      {canManage && (
        <Form form={form} layout="inline" initialValues={{ privilege: 'readOnly', schema: 'public' }} style={{ marginBottom: 16, rowGap: 8 }} onFinish={(v) => create.mutate(v, { onSuccess: (answer) => (form.resetFields(['name']), setShown(answer)) })}>
          <Form.Item name="name" label={t('accounts.name')} rules={[{ required: true, message: t('create.nameRequired') }, { pattern: /^[a-z][a-z0-9_]*$/, message: t('create.nameInvalid') }, { max: 30 }]}>
            <Input style={{ width: 160 }} placeholder="reports" />
          </Form.Item>
          <Form.Item name="privilege" label={t('accounts.privilege')}>
            <Select style={{ width: 160 }} options={databasesApi.DB_PRIVILEGES.map((p) => ({ value: p, label: t(`privilege.${p}`) }))} />
          </Form.Item>
          <Form.Item name="schema" label={t('accounts.schema')} rules={[{ pattern: /^[a-z_][a-z0-9_]*$/, message: t('create.nameInvalid') }]}>
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('accounts.create')}
          </Button>
        </Form>
      )}
      <Table<DbAccount>
        rowKey="accountId"
        loading={accounts.isPending}
        dataSource={accounts.data?.accounts ?? []}
        pagination={false}
        locale={{ emptyText: t('accounts.empty') }}
        columns={[
          { key: 'username', title: t('accounts.username'), render: (_, a) => <Typography.Text code>{a.username}</Typography.Text> },
          { key: 'privilege', title: t('accounts.privilege'), render: (_, a) => <Tag color={COLORS[a.privilege]}>{t(`privilege.${a.privilege}`)}</Tag> },
          { key: 'schema', title: t('accounts.schema'), dataIndex: 'schema' },
          { key: 'connection', title: t('accounts.connectionString'), render: (_, a) => <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>{a.connectionString}</Typography.Text> },
          {
            key: 'actions',
            title: '',
            render: (_, a) =>
              canManage && (
                <Space>
                  <Popconfirm title={t('accounts.resetConfirm', { name: a.username })} onConfirm={() => reset.mutateAsync(a.accountId).then(setShown)}>
                    <Button size="small">{t('accounts.reset')}</Button>
                  </Popconfirm>
                  <Popconfirm title={t('accounts.revokeConfirm', { name: a.username })} onConfirm={() => revoke.mutateAsync(a.accountId)}>
                    <Button size="small" danger>
                      {t('accounts.revoke')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <PasswordOnce shown={shown} onClose={() => setShown(null)} />
    </>
  );
}
