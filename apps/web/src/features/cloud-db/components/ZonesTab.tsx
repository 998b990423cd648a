import { App as AntApp, Button, Empty, Flex, Form, Input, InputNumber, Skeleton, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CloudDbZone } from '@wharf/contract';
import { useAct } from '../../../ui/use-act';
import { useCreateZone, useDeleteZone, useSetRetention } from '../api/mutations';
import { useObjectTypes } from '../api/queries';
import { useDisplay } from '../../../session/display';

interface Props {
  projectId: string;
  canManage: boolean;
}

/** Zones: data spaces that each hold their own documents of every type, kept for ever or for a number of days. */
export function ZonesTab({ projectId, canManage }: Props) {
  const { t } = useTranslation('cloud-db');
  const display = useDisplay();
  const { modal } = AntApp.useApp();
  const act = useAct();
  const list = useObjectTypes(projectId);
  const create = useCreateZone(projectId);
  const retention = useSetRetention(projectId);
  const remove = useDeleteZone(projectId);
  const [form] = Form.useForm<{ zoneName: string; retentionDays?: number | null }>();

  const add = async () => {
    const v = await form.validateFields();
    if (await act(create.mutateAsync({ zoneName: v.zoneName.trim(), retentionDays: v.retentionDays ?? null }), t('zones.created', { name: v.zoneName.trim() }))) form.resetFields();
  };

  const editRetention = (zone: CloudDbZone) => {
    let days: number | null = zone.retentionDays;
    modal.confirm({
      title: t('zones.retentionTitle', { name: zone.zoneName }),
      content: (
        <Flex vertical gap="small">
          <Typography.Text type="secondary">{t('zones.retentionText')}</Typography.Text>
          <InputNumber aria-label={t('zones.retention')} min={1} max={3650} defaultValue={zone.retentionDays ?? undefined} placeholder={t('zones.forever')} onChange={(v) => (days = typeof v === 'number' ? v : null)} />
        </Flex>
      ),
      okText: t('common.save'),
      cancelText: t('common.cancel'),
      onOk: () => act(retention.mutateAsync({ zoneName: zone.zoneName, retentionDays: days }), t('zones.retentionSaved')),
    });
  };

  const confirmDelete = (zone: CloudDbZone) =>
    modal.confirm({
      title: t('zones.deleteTitle', { name: zone.zoneName }),
      content: t('zones.deleteText'),
      okText: t('zones.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => act(remove.mutateAsync(zone.zoneName), t('zones.deleted', { name: zone.zoneName })),
    });

  if (!list.data) return <Skeleton active />;
  const adder = canManage && (
    <Form form={form} layout="inline" onFinish={() => void add()}>
      <Form.Item name="zoneName" rules={[{ required: true, message: t('zones.nameRequired') }, { pattern: /^[A-Za-z][A-Za-z0-9_-]{0,29}$/, message: t('zones.nameRule') }]}>
        <Input aria-label={t('zones.name')} placeholder={t('zones.name')} maxLength={30} />
      </Form.Item>
      <Form.Item name="retentionDays">
        <InputNumber aria-label={t('zones.retention')} placeholder={t('zones.retentionPlaceholder')} min={1} max={3650} style={{ width: 200 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        {t('zones.add')}
      </Button>
    </Form>
  );
  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760, margin: 0 }}>
        {t('zones.text')}
      </Typography.Paragraph>
      {adder}
      {list.data.zones.length === 0 ? (
        <Empty data-testid="zones-empty" description={t(canManage ? 'zones.empty' : 'zones.emptyReadOnly')} />
      ) : (
        <Table<CloudDbZone>
          rowKey="zoneName"
          pagination={false}
          dataSource={list.data.zones}
          columns={[
            { title: t('zones.name'), key: 'name', dataIndex: 'zoneName' },
            { title: t('zones.retention'), key: 'retention', render: (_, z) => (z.retentionDays === null ? t('zones.forever') : t('zones.days', { count: z.retentionDays })) },
            { title: t('zones.createdAt'), key: 'created', render: (_, z) => display.dateTime(z.createdAt) },
            ...(canManage
              ? [
                  {
                    title: '',
                    key: 'actions',
                    render: (_: unknown, z: CloudDbZone) => (
                      <Space>
                        <Button type="link" onClick={() => editRetention(z)}>{t('zones.changeRetention')}</Button>
                        <Button type="link" danger onClick={() => confirmDelete(z)}>{t('zones.delete')}</Button>
                      </Space>
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
