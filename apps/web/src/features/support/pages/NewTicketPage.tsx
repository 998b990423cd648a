import { useEffect, useState } from 'react';
import { App as AntApp, Button, Card, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { supportApi, type BodyOf } from '@wharf/contract';
import { SUPPORT_RESPONSE_HOURS, type SupportCategory, type SupportPriority } from '@wharf/rules';
import { useApps } from '../../apps/public';
import { deviceDraft } from '../../../ui/device-draft';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { AttachmentPicker, tokensOf, type PickedFile } from '../components/AttachmentPicker';
import { useCreateTicket } from '../hooks';

interface Values {
  category?: SupportCategory;
  priority: SupportPriority;
  appId?: string | undefined;
  subject?: string;
  text?: string;
}
/** The ticket being written, kept on this device until it is sent. */
const draft = deviceDraft<Values>('supportNewTicket', (v) => (v && typeof v === 'object' ? (v as Values) : null));
const DRAFT_KEY = 'new';

/** A new ticket: what it is about, how urgent, which app, the words and the attachments. */
export function NewTicketPage() {
  const { t } = useTranslation('support');
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [initial] = useState<Values>(() => ({ priority: 'normal', ...draft.read(DRAFT_KEY) }));
  const [dirty, setDirty] = useState(Boolean(draft.read(DRAFT_KEY)));
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [search, setSearch] = useState('');
  const apps = useApps({ search: search || undefined }, 50);
  const create = useCreateTicket();
  const [sent, setSent] = useState<string | null>(null);
  const guard = useUnsavedGuard(dirty && !sent);
  // Leaves once the guard is down (the render after sending), or it would hold the way out.
  useEffect(() => {
    if (sent) void navigate(`/support/${sent}`, { replace: true });
  }, [sent, navigate]);
  const priority = Form.useWatch('priority', form) ?? initial.priority;
  const { ready, tokens } = tokensOf(files);
  const submit = (v: Values) =>
    create.mutate({ ...v, appId: v.appId ?? null, attachmentTokens: tokens } as BodyOf<typeof supportApi.createTicket>, {
      onSuccess: ({ ticket }) => {
        draft.drop(DRAFT_KEY);
        void message.success(t('new.sent', { number: ticket.number }));
        setSent(ticket.ticketId);
      },
    });
  return (
    <Card style={{ maxWidth: 860 }}>
      {guard}
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('new.title')}
      </Typography.Title>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={(_, all) => {
          draft.keep(DRAFT_KEY, all);
          setDirty(true);
        }}
        onFinish={submit}
      >
        <Form.Item name="category" label={t('new.category')} rules={[{ required: true, message: t('new.categoryRequired') }]}>
          <Select style={{ maxWidth: 360 }} options={supportApi.SUPPORT_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))} />
        </Form.Item>
        <Form.Item name="priority" label={t('new.priority')} extra={t('priorityHint', { hours: SUPPORT_RESPONSE_HOURS[priority] })}>
          <Radio.Group optionType="button" options={supportApi.SUPPORT_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} />
        </Form.Item>
        <Form.Item name="appId" label={t('new.app')}>
          <Select
            allowClear
            showSearch
            filterOption={false}
            onSearch={setSearch}
            style={{ maxWidth: 360 }}
            placeholder={t('new.appPlaceholder')}
            loading={apps.isFetching}
            options={(apps.data?.pages[0]?.items ?? []).map((a) => ({ value: a.appId, label: `${a.name} (${a.packageName})` }))}
          />
        </Form.Item>
        <Form.Item name="subject" label={t('new.subject')} rules={[{ required: true, whitespace: true, message: t('new.subjectRequired') }]}>
          <Input maxLength={supportApi.SUPPORT_LIMITS.subjectMax} />
        </Form.Item>
        <Form.Item name="text" label={t('new.text')} extra={t('new.textHint')} rules={[{ required: true, whitespace: true, message: t('new.textRequired') }]}>
          <Input.TextArea rows={6} maxLength={supportApi.SUPPORT_LIMITS.textMax} showCount />
        </Form.Item>
        <Form.Item label={t('new.attachments')}>
          <AttachmentPicker side="team" ticketId={null} files={files} onChange={setFiles} />
        </Form.Item>
        <Flex gap={8} justify="end">
          <Button onClick={() => void navigate('/support')}>{t('new.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending} disabled={!ready}>
            {t('new.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
