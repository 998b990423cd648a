import { Button, Empty, Flex, Form, Input, Select, Skeleton, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CloudFunction } from '@wharf/contract';
import { FUNCTION_LIMITS } from '@wharf/rules';
import { usePermissions } from '../../team/public';
import { useCreateFunction } from '../api/mutations';
import { useFunctions } from '../api/queries';
import { useDisplay } from '../../../session/display';
import { LayersPanel } from '../components/LayersPanel';

interface NewFunction {
  name: string;
  memoryMb: number;
  timeoutSeconds: number;
}

/** The project's functions and the layers they share. */
export function FunctionsPage() {
  const { t } = useTranslation('cloud-functions');
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const canManage = usePermissions().can('cloud.manage');
  const tab = params.get('tab') === 'layers' ? 'layers' : 'functions';
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('page.intro')}
      </Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'layers' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'functions', label: t('tabs.functions'), children: <FunctionList projectId={projectId} canManage={canManage} /> },
          { key: 'layers', label: t('tabs.layers'), children: <LayersPanel projectId={projectId} canManage={canManage} /> },
        ]}
      />
    </Flex>
  );
}

/** The project's functions, and a new one made from the handler template. */
function FunctionList({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const navigate = useNavigate();
  const list = useFunctions(projectId);
  const create = useCreateFunction(projectId);
  const [form] = Form.useForm<NewFunction>();
  const add = async (v: NewFunction) => {
    const made = await create.mutateAsync({ name: v.name.trim(), memoryMb: v.memoryMb, timeoutSeconds: v.timeoutSeconds });
    void navigate(`/projects/${projectId}/cloud-functions/${made.function.functionId}`);
  };
  return (
    <Flex vertical gap="middle">
      {canManage && (
        <Form form={form} layout="inline" onFinish={add} initialValues={{ memoryMb: 256, timeoutSeconds: 5 }}>
          <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, message: t('fields.nameRequired') }, { pattern: /^[a-z][a-z0-9-]{0,62}[a-z0-9]$/, message: t('fields.nameRule') }]}>
            <Input maxLength={64} placeholder="my-function" />
          </Form.Item>
          <Form.Item name="memoryMb" label={t('fields.memory')}>
            <Select style={{ width: 110 }} options={FUNCTION_LIMITS.memoryMb.map((m) => ({ value: m, label: `${m} MB` }))} />
          </Form.Item>
          <Form.Item name="timeoutSeconds" label={t('fields.timeout')}>
            <Select style={{ width: 90 }} options={[1, 3, 5, 10, 30, 60].map((s) => ({ value: s, label: t('fields.seconds', { count: s }) }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('actions.create')}
          </Button>
        </Form>
      )}
      {list.isPending ? (
        <Skeleton active />
      ) : !list.data?.items.length ? (
        <Empty description={t(canManage ? 'empty' : 'emptyReadOnly')} />
      ) : (
        <Table<CloudFunction>
          rowKey="functionId"
          dataSource={list.data.items}
          pagination={false}
          columns={[
            { title: t('fields.name'), dataIndex: 'name', render: (name: string, row) => <Link to={`/projects/${projectId}/cloud-functions/${row.functionId}`}>{name}</Link> },
            { title: t('fields.memory'), dataIndex: 'memoryMb', render: (m: number) => `${m} MB` },
            { title: t('fields.timeout'), dataIndex: 'timeoutSeconds', render: (s: number) => t('fields.seconds', { count: s }) },
            { title: t('fields.latestVersion'), dataIndex: 'latestVersion', render: (v: number | null) => (v === null ? t('versions.none') : t('versions.number', { version: v })) },
            { title: t('fields.updatedAt'), dataIndex: 'updatedAt', render: (at: string) => display.dateTime(at) },
          ]}
        />
      )}
    </Flex>
  );
}
