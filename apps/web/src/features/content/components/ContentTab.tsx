import { useState } from 'react';
import { App as AntApp, Button, DatePicker, Empty, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@wharf/rules';
import { localTimeZone, type Language } from '../../../session/language';
import { NEWS_CATEGORIES } from '../hooks';
import { useDeleteContent, useManagedContent, useSaveContent, type ContentKind } from '../manage';
import { LocalizedFields } from './LocalizedFields';
import { NumberInput } from '../../../ui/NumberInput';

type Localized = Record<Language, string>;
interface Row {
  id: string;
  title: Localized;
  link: string | null;
  publishedAt?: string;
  startsAt?: string;
  endsAt?: string;
  [key: string]: unknown;
}

/** The form's values, turned into the call's body: dates to ISO, empty links to null. */
function toBody(kind: ContentKind, values: Record<string, unknown>): Record<string, unknown> {
  const link = typeof values.link === 'string' && values.link.trim() !== '' ? values.link.trim() : null;
  const iso = (d: unknown) => (d as Dayjs).toISOString();
  if (kind === 'news') return { category: values.category, title: values.title, summary: values.summary, body: values.body, link, publishedAt: iso(values.publishedAt) };
  const [startsAt, endsAt] = values.window as [Dayjs, Dayjs];
  const window = { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
  if (kind === 'billboard') return { title: values.title, link, sort: values.sort ?? 0, ...window };
  return { title: values.title, description: values.description, discountPercent: values.discountPercent, serviceId: values.serviceId || null, link, ...window };
}

function toForm(kind: ContentKind, row: Row | null): Record<string, unknown> {
  if (!row) return kind === 'news' ? { category: 'service', publishedAt: dayjs() } : { window: [dayjs(), dayjs().add(7, 'day')], sort: 0 };
  if (kind === 'news') return { ...row, publishedAt: dayjs(row.publishedAt) };
  return { ...row, window: [dayjs(row.startsAt), dayjs(row.endsAt)] };
}

/** One kind of public content (news, billboard, discounts): all items, create, edit, delete. */
export function ContentTab({ kind }: { kind: ContentKind }) {
  const { t, i18n } = useTranslation('content', { keyPrefix: 'manage' });
  const language = i18n.language as Language;
  const { message } = AntApp.useApp();
  const list = useManagedContent(kind);
  const save = useSaveContent(kind);
  const remove = useDeleteContent(kind);
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [form] = Form.useForm();
  const rows = (list.data ?? []) as Row[];
  const date = (value: string | undefined) => formatDate(value, language, localTimeZone());

  const open = (row: Row | null) => {
    form.resetFields();
    form.setFieldsValue(toForm(kind, row));
    setEditing({ row });
  };
  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    await save.mutateAsync({ id: editing?.row?.id, body: toBody(kind, values) });
    void message.success(t('saved'));
    setEditing(null);
  };

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => open(null)}>
          {t(`${kind}.create`)}
        </Button>
      </Space>
      <Table<Row>
        rowKey="id"
        loading={list.isPending}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description={t(`${kind}.empty`)} /> }}
        columns={[
          { key: 'title', title: t('columns.title'), render: (_, row) => row.title[language] },
          kind === 'news'
            ? { key: 'when', title: t('columns.published'), render: (_, row) => <>{date(row.publishedAt)} <Tag>{t(`categories.${String(row.category)}`)}</Tag></> }
            : { key: 'when', title: t('columns.window'), render: (_, row) => `${date(row.startsAt)} – ${date(row.endsAt)}` },
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => open(row)}>
                  {t('edit')}
                </Button>
                <Popconfirm title={t('confirmDelete')} onConfirm={() => remove.mutateAsync(row.id).then(() => void message.success(t('deleted')))}>
                  <Button size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={t(editing?.row ? `${kind}.edit` : `${kind}.create`)}
        okText={t('save')}
        onOk={() => void submit().catch(() => undefined)}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        width={720}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          {kind === 'news' && (
            <Form.Item name="category" label={t('fields.category')} rules={[{ required: true }]}>
              <Select options={NEWS_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
            </Form.Item>
          )}
          <LocalizedFields name="title" label={t('fields.title')} max={200} />
          {kind === 'news' && <LocalizedFields name="summary" label={t('fields.summary')} max={200} />}
          {kind === 'news' && <LocalizedFields name="body" label={t('fields.body')} max={20_000} multiline />}
          {kind === 'discounts' && <LocalizedFields name="description" label={t('fields.description')} max={20_000} multiline />}
          {kind === 'discounts' && (
            <Form.Item name="discountPercent" label={t('fields.discountPercent')} rules={[{ required: true }]}>
              <NumberInput min={0.01} max={99.99} step={0.01} precision={2} />
            </Form.Item>
          )}
          {kind === 'billboard' && (
            <Form.Item name="sort" label={t('fields.sort')}>
              <NumberInput min={0} max={1000} precision={0} />
            </Form.Item>
          )}
          <Form.Item name="link" label={t('fields.link')} rules={[{ type: 'url', message: t('form.link') }, { pattern: /^https?:\/\//i, message: t('form.link') }]}>
            <Input placeholder="https://" maxLength={2000} />
          </Form.Item>
          {kind === 'news' ? (
            <Form.Item name="publishedAt" label={t('fields.publishedAt')} rules={[{ required: true }]}>
              <DatePicker showTime />
            </Form.Item>
          ) : (
            <Form.Item name="window" label={t('fields.window')} rules={[{ required: true }]}>
              <DatePicker.RangePicker showTime />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
