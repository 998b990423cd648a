import { Button, Empty, Flex, Form, Input, Modal, Popconfirm, Progress, Select, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { bucketNameProblem } from '@wharf/rules';
import { useDisplay } from '../../../session/display';
import { useSearchState } from '../../../ui/search-state';
import { usePermissions } from '../../team/public';
import { useBucketChanges, useCreateBucket, useEnableStorage } from '../api/mutations';
import { useStorageService } from '../api/queries';
import { CorsTab } from '../components/CorsTab';
import { FilesTab } from '../components/FilesTab';
import { RulesTab } from '../components/RulesTab';
import { UsageTab } from '../components/UsageTab';

const TABS = ['files', 'rules', 'cors', 'usage'] as const;

/** A project's Cloud Storage: switched on here, then its buckets' files, rules, CORS and usage. */
export function StoragePage() {
  const { t } = useTranslation('storage');
  const display = useDisplay();
  const { projectId = '' } = useParams();
  const [params, go] = useSearchState();
  const service = useStorageService(projectId);
  const enable = useEnableStorage(projectId);
  const create = useCreateBucket(projectId);
  const canManage = usePermissions().can('cloud.manage');
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const buckets = service.data?.buckets ?? [];
  const bucket = buckets.find((b) => b.name === params.get('bucket'))?.name ?? buckets[0]?.name ?? '';
  const changes = useBucketChanges(projectId, bucket);
  const tab = TABS.find((x) => x === params.get('tab')) ?? 'files';

  if (service.isPending) return <Skeleton active />;
  const title = (
    <Typography.Title level={2} style={{ margin: 0 }}>
      {t('page.title')}
    </Typography.Title>
  );
  if (!service.data?.enabled) {
    return (
      <Flex vertical gap="middle">
        {title}
        <Empty description={t(canManage ? 'off.text' : 'off.askAdmin')}>
          {canManage && (
            <Button type="primary" loading={enable.isPending} onClick={() => enable.mutate()}>
              {t('off.enable')}
            </Button>
          )}
        </Empty>
      </Flex>
    );
  }
  const { usedBytes, quotaBytes } = service.data;
  const current = buckets.find((b) => b.name === bucket);
  const add = async ({ name }: { name: string }) => {
    const made = await create.mutateAsync(name.trim());
    setCreating(false);
    form.resetFields();
    go({ bucket: made.bucket.name, prefix: null });
  };
  return (
    <Flex vertical gap="middle">
      {title}
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('page.intro')}
      </Typography.Paragraph>
      <Flex gap="middle" align="center" wrap>
        <Typography.Text>{t('bucket.label')}</Typography.Text>
        <Select aria-label={t('bucket.label')} style={{ minWidth: 280 }} value={bucket} onChange={(b) => go({ bucket: b, prefix: null })} options={buckets.map((b) => ({ value: b.name, label: b.isDefault ? t('bucket.default', { name: b.name }) : b.name }))} />
        {canManage && <Button onClick={() => setCreating(true)}>{t('bucket.new')}</Button>}
        {canManage && current && !current.isDefault && (
          <Popconfirm title={t('bucket.deleteConfirm', { name: bucket })} onConfirm={() => changes.remove.mutateAsync().then(() => go({ bucket: null, prefix: null }))}>
            <Button danger>{t('bucket.delete')}</Button>
          </Popconfirm>
        )}
        <Flex vertical style={{ minWidth: 240 }}>
          <Typography.Text type="secondary">{t('quota.used', { used: display.size(usedBytes), quota: display.size(quotaBytes) })}</Typography.Text>
          <Progress percent={Math.min(100, Math.round((usedBytes / quotaBytes) * 1000) / 10)} size="small" status={usedBytes >= quotaBytes ? 'exception' : 'normal'} aria-label={t('quota.label')} />
        </Flex>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => go({ tab: key })}
        destroyOnHidden
        items={[
          { key: 'files', label: t('tabs.files'), children: <FilesTab projectId={projectId} bucket={bucket} prefix={params.get('prefix') ?? ''} onPrefix={(prefix) => go({ prefix: prefix || null })} canManage={canManage} /> },
          { key: 'rules', label: t('tabs.rules'), children: <RulesTab projectId={projectId} bucket={bucket} canManage={canManage} /> },
          { key: 'cors', label: t('tabs.cors'), children: <CorsTab projectId={projectId} bucket={bucket} canManage={canManage} /> },
          { key: 'usage', label: t('tabs.usage'), children: <UsageTab projectId={projectId} bucket={bucket} /> },
        ]}
      />
      <Modal title={t('bucket.new')} open={creating} onCancel={() => setCreating(false)} onOk={() => form.submit()} confirmLoading={create.isPending} okText={t('bucket.create')}>
        <Typography.Paragraph type="secondary">{t('bucket.newHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={add}>
          <Form.Item name="name" label={t('bucket.name')} rules={[{ required: true, message: t('bucket.nameRule') }, { validator: async (_r, v: string) => (v && bucketNameProblem(v.trim()) ? Promise.reject(new Error(t('bucket.nameRule'))) : undefined) }]}>
            <Input maxLength={63} placeholder="my-app-photos" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
