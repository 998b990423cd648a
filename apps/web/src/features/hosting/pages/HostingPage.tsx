import { Button, Empty, Flex, Form, Input, Popconfirm, Select, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { bucketNameProblem } from '@wharf/rules';
import { useSearchState } from '../../../ui/search-state';
import { usePermissions } from '../../team/public';
import { useCreateSite, useSiteChanges } from '../api/mutations';
import { useSites } from '../api/queries';
import { ConfigTab } from '../components/ConfigTab';
import { DomainsTab } from '../components/DomainsTab';
import { VersionsTab } from '../components/VersionsTab';

const TABS = ['versions', 'config', 'domains'] as const;

/** A project's hosted sites: made here, then deployed, released, rolled back, configured and given domains. */
export function HostingPage() {
  const { t } = useTranslation('hosting');
  const { projectId = '' } = useParams();
  const [params, go] = useSearchState();
  const sites = useSites(projectId);
  const create = useCreateSite(projectId);
  const canManage = usePermissions().can('cloud.manage');
  const [form] = Form.useForm<{ name: string }>();
  const list = sites.data?.sites ?? [];
  const site = list.find((s) => s.name === params.get('site')) ?? list[0];
  const changes = useSiteChanges(projectId, site?.name ?? '');
  const tab = TABS.find((x) => x === params.get('tab')) ?? 'versions';
  const add = async ({ name }: { name: string }) => {
    const made = await create.mutateAsync(name.trim());
    form.resetFields();
    go({ site: made.site.name, tab: null });
  };
  if (sites.isPending) return <Skeleton active />;
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('page.intro')}
      </Typography.Paragraph>
      {canManage && (
        <Form form={form} layout="inline" onFinish={add}>
          <Form.Item name="name" label={t('site.name')} rules={[{ required: true, message: t('site.nameRule') }, { validator: async (_r, v: string) => (v && bucketNameProblem(v.trim()) ? Promise.reject(new Error(t('site.nameRule'))) : undefined) }]}>
            <Input maxLength={63} placeholder="my-app-web" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('site.create')}
          </Button>
        </Form>
      )}
      {!site ? (
        <Empty description={t(canManage ? 'page.empty' : 'page.emptyReadOnly')} />
      ) : (
        <>
          <Flex gap="middle" align="center" wrap>
            <Typography.Text>{t('site.label')}</Typography.Text>
            <Select aria-label={t('site.label')} style={{ minWidth: 260 }} value={site.name} onChange={(s) => go({ site: s })} options={list.map((s) => ({ value: s.name, label: s.name }))} />
            <Typography.Text>{site.liveVersion === null ? t('site.nothingLive') : t('site.live', { version: site.liveVersion })}</Typography.Text>
            <Typography.Link href={site.url} target="_blank" rel="noopener noreferrer" copyable={{ text: site.url }}>
              {site.url}
            </Typography.Link>
            {canManage && (
              <Popconfirm title={t('site.deleteConfirm', { name: site.name })} onConfirm={() => changes.remove.mutateAsync().then(() => go({ site: null }))}>
                <Button danger>{t('site.delete')}</Button>
              </Popconfirm>
            )}
          </Flex>
          <Tabs
            activeKey={tab}
            onChange={(key) => go({ tab: key })}
            destroyOnHidden
            items={[
              { key: 'versions', label: t('tabs.versions'), children: <VersionsTab projectId={projectId} site={site} canManage={canManage} /> },
              { key: 'config', label: t('tabs.config'), children: <ConfigTab projectId={projectId} site={site.name} canManage={canManage} /> },
              { key: 'domains', label: t('tabs.domains'), children: <DomainsTab projectId={projectId} site={site.name} canManage={canManage} /> },
            ]}
          />
        </>
      )}
    </Flex>
  );
}
