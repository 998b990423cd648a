import { Button, Empty, Flex, Form, Input, Popconfirm, Radio, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkPrefix } from '@wharf/contract';
import { HOST_NAME, linkPrefixProblem } from '@wharf/rules';
import { useLinkChanges } from '../api/mutations';

/** Where a project's links live: a name on this deployment's link host, or a host of its own proven by a TXT record. */
export function PrefixesTab({ projectId, prefixes, canManage }: { projectId: string; prefixes: LinkPrefix[]; canManage: boolean }) {
  const { t } = useTranslation('app-links');
  const changes = useLinkChanges(projectId);
  const [kind, setKind] = useState<'path' | 'host'>('path');
  const [form] = Form.useForm<{ value: string }>();
  const add = async ({ value }: { value: string }) => {
    const v = value.trim().toLowerCase();
    await changes.addPrefix.mutateAsync(kind === 'path' ? { kind, name: v } : { kind, host: v });
    form.resetFields();
  };
  return (
    <Flex vertical gap="middle">
      {canManage && (
        <Flex vertical gap="small">
          <Radio.Group value={kind} onChange={(e) => setKind(e.target.value as 'path' | 'host')} optionType="button" options={[{ value: 'path', label: t('prefix.kindPath') }, { value: 'host', label: t('prefix.kindHost') }]} />
          <Typography.Text type="secondary">{t(kind === 'path' ? 'prefix.pathHelp' : 'prefix.hostHelp')}</Typography.Text>
          <Form form={form} layout="inline" onFinish={add}>
            <Form.Item
              name="value"
              label={t(kind === 'path' ? 'prefix.name' : 'prefix.host')}
              rules={[
                { required: true, message: t(kind === 'path' ? 'prefix.nameRule' : 'prefix.hostRule') },
                {
                  validator: async (_r, v: string) => {
                    if (!v) return;
                    const bad = kind === 'path' ? linkPrefixProblem(v.trim().toLowerCase()) !== null : !HOST_NAME.test(v.trim());
                    if (bad) throw new Error(t(kind === 'path' ? 'prefix.nameRule' : 'prefix.hostRule'));
                  },
                },
              ]}
            >
              <Input maxLength={kind === 'path' ? 32 : 253} placeholder={kind === 'path' ? 'my-game' : 'go.example.com'} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={changes.addPrefix.isPending}>
              {t('prefix.add')}
            </Button>
          </Form>
        </Flex>
      )}
      {prefixes.length === 0 ? (
        <Empty description={t(canManage ? 'prefix.empty' : 'prefix.emptyReadOnly')} />
      ) : (
        <Table<LinkPrefix>
          rowKey="prefixId"
          pagination={false}
          dataSource={prefixes}
          columns={[
            { title: t('prefix.url'), dataIndex: 'url', render: (url: string) => <Typography.Text copyable>{url}</Typography.Text> },
            { title: t('prefix.kind'), dataIndex: 'kind', render: (k: LinkPrefix['kind']) => t(k === 'path' ? 'prefix.kindPath' : 'prefix.kindHost') },
            {
              title: t('prefix.state'),
              render: (_: unknown, p) =>
                p.state === 'verified' ? (
                  <Tag color="green">{t('prefix.verified')}</Tag>
                ) : (
                  <Flex vertical gap={4}>
                    <Tag color="orange">{t('prefix.pending')}</Tag>
                    <Typography.Text type="secondary">{t('prefix.txt')}</Typography.Text>
                    <Typography.Text code copyable>{p.txtName}</Typography.Text>
                    <Typography.Text code copyable>{p.txtValue}</Typography.Text>
                  </Flex>
                ),
            },
            { title: t('prefix.links'), dataIndex: 'links' },
            ...(canManage
              ? [
                  {
                    title: t('actions.title'),
                    render: (_: unknown, p: LinkPrefix) => (
                      <Popconfirm title={t('prefix.deleteConfirm', { url: p.url })} onConfirm={() => changes.deletePrefix.mutateAsync(p.prefixId)}>
                        <Button danger size="small" disabled={p.links > 0} title={p.links > 0 ? t('prefix.deleteHasLinks') : undefined}>
                          {t('actions.delete')}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Flex>
  );
}
