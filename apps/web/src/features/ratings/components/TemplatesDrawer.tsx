import { useState } from 'react';
import { Button, Drawer, Empty, Flex, Form, Input, List, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ratingsApi, type ReplyTemplate } from '@wharf/contract';
import { useAct } from '../../../ui/use-act';
import { useDeleteTemplate, useSaveTemplate } from '../api/mutations';
import { useReplyTemplates } from '../api/queries';

/** The team's reply templates: made, changed and deleted here, inserted into a reply from its editor. */
export function TemplatesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('ratings');
  const templates = useReplyTemplates(open);
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const act = useAct();
  const [form] = Form.useForm<{ name: string; text: string }>();
  const [editing, setEditing] = useState<ReplyTemplate | null>(null);
  const submit = async (values: { name: string; text: string }) => {
    if (await act(save.mutateAsync({ ...values, ...(editing ? { templateId: editing.templateId } : {}) }), t('templates.saved'))) {
      form.resetFields();
      setEditing(null);
    }
  };
  const edit = (template: ReplyTemplate) => {
    setEditing(template);
    form.setFieldsValue({ name: template.name, text: template.text });
  };
  return (
    <Drawer title={t('templates.title')} open={open} onClose={onClose} size="large" destroyOnHidden>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('templates.text')}</Typography.Text>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item name="name" label={t('templates.name')} rules={[{ required: true, whitespace: true, message: t('templates.nameRequired') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="text" label={t('templates.body')} rules={[{ required: true, whitespace: true, message: t('templates.bodyRequired') }]}>
            <Input.TextArea maxLength={ratingsApi.REPLY_TEXT_MAX} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {editing ? t('templates.update') : t('templates.add')}
            </Button>
            {editing && (
              <Button
                onClick={() => {
                  setEditing(null);
                  form.resetFields();
                }}
              >
                {t('reply.cancel')}
              </Button>
            )}
          </Flex>
        </Form>
        <List<ReplyTemplate>
          loading={templates.isPending}
          dataSource={templates.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('templates.empty')} /> }}
          renderItem={(template) => (
            <List.Item
              actions={[
                <Button key="edit" size="small" onClick={() => edit(template)}>
                  {t('templates.edit')}
                </Button>,
                <Popconfirm key="delete" title={t('templates.deleteConfirm', { name: template.name })} okText={t('templates.delete')} onConfirm={() => act(remove.mutateAsync(template.templateId), t('templates.deleted'))}>
                  <Button size="small" danger>
                    {t('templates.delete')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta title={template.name} description={<span style={{ whiteSpace: 'pre-wrap' }}>{template.text}</span>} />
            </List.Item>
          )}
        />
      </Flex>
    </Drawer>
  );
}
