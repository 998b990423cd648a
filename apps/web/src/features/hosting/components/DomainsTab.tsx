import { Button, Empty, Flex, Form, Input, Popconfirm, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HostingDomain } from '@wharf/contract';
import { HOST_NAME } from '@wharf/rules';
import { useDisplay } from '../../../session/display';
import { useSiteChanges } from '../api/mutations';
import { useDomains } from '../api/queries';


/** Custom domains: the TXT record to create, and whether it has been found. */
export function DomainsTab({ projectId, site, canManage }: { projectId: string; site: string; canManage: boolean }) {
  const { t } = useTranslation('hosting');
  const display = useDisplay();
  const domains = useDomains(projectId, site);
  const changes = useSiteChanges(projectId, site);
  const [form] = Form.useForm<{ domain: string }>();
  if (domains.isPending) return <Skeleton active />;
  const list = domains.data?.domains ?? [];
  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('domains.intro')}
      </Typography.Paragraph>
      {canManage && (
        <Form form={form} layout="inline" onFinish={(v) => changes.addDomain.mutateAsync(v.domain.trim().toLowerCase()).then(() => form.resetFields())}>
          <Form.Item name="domain" label={t('domains.domain')} rules={[{ required: true, pattern: HOST_NAME, message: t('domains.domainRule') }]}>
            <Input placeholder="www.example.com" style={{ width: 260 }} />
          </Form.Item>
          <Button htmlType="submit" loading={changes.addDomain.isPending}>
            {t('domains.add')}
          </Button>
        </Form>
      )}
      {list.length === 0 ? (
        <Empty description={t('domains.empty')} />
      ) : (
        <Table<HostingDomain>
          rowKey="domain"
          dataSource={list}
          pagination={false}
          columns={[
            { title: t('domains.domain'), dataIndex: 'domain' },
            { title: t('domains.state'), dataIndex: 'state', render: (s: HostingDomain['state']) => <Tag color={s === 'verified' ? 'green' : 'orange'}>{t(`domains.states.${s}`)}</Tag> },
            {
              title: t('domains.record'),
              render: (_v, d) =>
                d.state === 'verified' ? (
                  t('domains.verifiedAt', { at: display.dateTime(d.verifiedAt) })
                ) : (
                  <Flex vertical>
                    <Typography.Text code copyable>
                      {d.txtName}
                    </Typography.Text>
                    <Typography.Text code copyable>
                      {d.txtValue}
                    </Typography.Text>
                  </Flex>
                ),
            },
            {
              title: '',
              render: (_v, d) =>
                canManage && (
                  <Popconfirm title={t('domains.deleteConfirm', { domain: d.domain })} onConfirm={() => changes.deleteDomain.mutateAsync(d.domain)}>
                    <Button size="small" danger>
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
