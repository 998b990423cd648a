import { Button, Checkbox, DatePicker, Divider, Drawer, Flex, Form, Input, InputNumber, Segmented, Select, Slider, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@wharf/contract';
import { COUNTRIES, MESSAGE_LIMITS, type Language } from '@wharf/rules';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useAudienceChoices } from '../../analytics/public';
import { languageName } from '../../apps/public';
import { useMessageChanges } from '../api/mutations';
import { ContentFields } from './ContentFields';
import { formOf, inputOf, newMessageDrafts, type MessageFormValues } from './message-form';
import { PhonePreview } from './PhonePreview';

// Browsers list the IANA zones without UTC itself, the zone most schedules are written in.
const ZONES = ['UTC', ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC') : [])];
const EVENT = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** Makes a message or changes one, with the phone preview beside it in the language being edited. */
export function MessageEditor({ appId, defaultLanguage, message, onClose }: { appId: string; defaultLanguage: string; message: Message | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('app-messaging');
  const changes = useMessageChanges(appId);
  const audiences = useAudienceChoices(appId);
  const [form] = Form.useForm<MessageFormValues>();
  const [initial] = useState(() => (message ? formOf(message, defaultLanguage, new Date()) : (newMessageDrafts.read(appId) ?? formOf(null, defaultLanguage, new Date()))));
  const [active, setActive] = useState(initial.contents[0]?.language ?? defaultLanguage);
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedGuard(dirty);
  const watchedContents = Form.useWatch('contents', { form, preserve: true }) as MessageFormValues['contents'] | undefined;
  const watchedKind = Form.useWatch('kind', { form, preserve: true }) as MessageFormValues['kind'] | undefined;
  const contents = watchedContents ?? initial.contents;
  const triggerKind = Form.useWatch('triggerKind', form) ?? initial.triggerKind;
  const save = async (v: MessageFormValues) => {
    const body = inputOf({ ...initial, ...v });
    if (message) await changes.update.mutateAsync({ messageId: message.messageId, body });
    else await changes.create.mutateAsync(body);
    if (!message) newMessageDrafts.drop(appId);
    setDirty(false);
    onClose();
  };
  const at = { getValueProps: (v: string | null) => ({ value: v ? dayjs(v) : null }), normalize: (d: dayjs.Dayjs | null) => (d ? d.toISOString() : null) };
  return (
    <Drawer open title={t(message ? 'editor.editTitle' : 'editor.newTitle')} width={1080} onClose={onClose} destroyOnHidden
      extra={<Button type="primary" onClick={() => form.submit()} loading={changes.create.isPending || changes.update.isPending}>{t('editor.save')}</Button>}>
      {guard}
      <Flex gap="large" align="start">
        <Form<MessageFormValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={save}
          style={{ flex: 1, minWidth: 0 }}
          onValuesChange={(_c, all) => {
            setDirty(true);
            if (!message) newMessageDrafts.keep(appId, { ...initial, ...all });
          }}
        >
          <Flex gap="middle" wrap>
            <Form.Item name="name" label={t('fields.name')} rules={[{ required: true, whitespace: true, message: t('editor.nameRequired') }]} style={{ flex: 2, minWidth: 220 }}>
              <Input maxLength={MESSAGE_LIMITS.name} />
            </Form.Item>
            <Form.Item name="kind" label={t('fields.kind')}>
              <Segmented options={(['popup', 'image', 'banner'] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))} />
            </Form.Item>
            <Form.Item name="priority" label={t('fields.priority')} extra={t('editor.priorityHelp')}>
              <InputNumber min={MESSAGE_LIMITS.priorityMin} max={MESSAGE_LIMITS.priorityMax} precision={0} />
            </Form.Item>
          </Flex>
          <ContentFields appId={appId} active={active} onActive={setActive} />
          <Form.Item name="defaultLanguage" label={t('fields.defaultLanguage')} extra={t('editor.defaultLanguageHelp')} style={{ marginTop: 12 }}>
            <Select style={{ width: 260 }} options={contents.map((c) => ({ value: c?.language, label: languageName(c?.language ?? '', i18n.language as Language) }))} />
          </Form.Item>
          <Divider titlePlacement="start">{t('editor.trigger')}</Divider>
          <Form.Item name="triggerKind">
            <Segmented options={[{ value: 'launch', label: t('trigger.launch') }, { value: 'event', label: t('trigger.event') }]} />
          </Form.Item>
          {triggerKind === 'event' && (
            <Form.Item name="event" label={t('fields.event')} rules={[{ required: true, pattern: EVENT, message: t('editor.eventRule') }]}>
              <Input maxLength={40} placeholder="level_up" style={{ width: 260 }} />
            </Form.Item>
          )}
          <Divider titlePlacement="start">{t('editor.targeting')}</Divider>
          <Flex gap="middle" wrap>
            <Form.Item name="minVersion" label={t('fields.minVersion')}>
              <Input maxLength={64} placeholder="2.0" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="maxVersion" label={t('fields.maxVersion')}>
              <Input maxLength={64} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="countries" label={t('fields.countries')} style={{ flex: 1, minWidth: 240 }}>
              <Select mode="multiple" allowClear optionFilterProp="label" placeholder={t('editor.anyCountry')} options={COUNTRIES.map((c) => ({ value: c.id, label: c.names[i18n.language as Language] }))} />
            </Form.Item>
          </Flex>
          <Flex gap="middle" wrap>
            <Form.Item name="languages" label={t('fields.languages')} extra={t('editor.languagesHelp')} style={{ flex: 1, minWidth: 220 }}>
              <Select mode="tags" tokenSeparators={[',', ' ']} placeholder="en, ru" />
            </Form.Item>
            <Form.Item name="audienceIds" label={t('fields.audiences')} style={{ flex: 1, minWidth: 220 }}>
              <Select mode="multiple" allowClear loading={audiences.loading} options={audiences.options} placeholder={t('editor.anyone')} />
            </Form.Item>
          </Flex>
          <Form.Item name="percentile" label={t('fields.percentile')} getValueProps={(v: [number, number] | null) => ({ value: v ?? [0, 100] })} normalize={(v: [number, number]) => (v[0] === 0 && v[1] === 100 ? null : v)}>
            <Slider range min={0} max={100} marks={{ 0: '0 %', 50: '50 %', 100: '100 %' }} style={{ maxWidth: 420 }} />
          </Form.Item>
          <Divider titlePlacement="start">{t('editor.schedule')}</Divider>
          <Flex gap="middle" wrap>
            <Form.Item name="startAt" label={t('fields.startAt')} rules={[{ required: true }]} {...at}>
              <DatePicker showTime />
            </Form.Item>
            <Form.Item name="endAt" label={t('fields.endAt')} dependencies={['startAt']} {...at}
              rules={[({ getFieldValue }) => ({ validator: async (_r, v: string | null) => { if (v && new Date(v) <= new Date(getFieldValue('startAt') as string)) throw new Error(t('editor.endRule')); } })]}>
              <DatePicker showTime />
            </Form.Item>
            <Form.Item name="timeZone" label={t('fields.timeZone')} style={{ minWidth: 240 }}>
              <Select showSearch options={ZONES.map((z) => ({ value: z, label: z }))} />
            </Form.Item>
          </Flex>
          <Form.Item name="days" label={t('fields.days')} extra={t('editor.daysHelp')}>
            <Checkbox.Group options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: t(`day.${d}`) }))} />
          </Form.Item>
          <Form.Item name="hours" label={t('fields.hours')} getValueProps={(v: [number, number] | null) => ({ value: v ?? [0, 24] })} normalize={(v: [number, number]) => (v[0] === 0 && v[1] === 24 ? null : v)}>
            <Slider range min={0} max={24} marks={{ 0: '0:00', 12: '12:00', 24: '24:00' }} style={{ maxWidth: 420 }} />
          </Form.Item>
          <Divider titlePlacement="start">{t('editor.caps')}</Divider>
          <Flex gap="middle" wrap align="end">
            <Form.Item name="perDay" label={t('fields.perDay')} extra={t('editor.capEmpty')}>
              <InputNumber min={1} max={MESSAGE_LIMITS.capMax} precision={0} />
            </Form.Item>
            <Form.Item name="perCampaign" label={t('fields.perCampaign')} extra={t('editor.capEmpty')}>
              <InputNumber min={1} max={MESSAGE_LIMITS.capMax} precision={0} />
            </Form.Item>
            <Form.Item name="conversionEvent" label={t('fields.conversionEvent')} extra={t('editor.conversionHelp')} rules={[{ pattern: EVENT, message: t('editor.eventRule') }]}>
              <Input maxLength={40} placeholder="purchase" style={{ width: 200 }} />
            </Form.Item>
          </Flex>
        </Form>
        <Flex vertical gap="small" align="center" style={{ position: 'sticky', top: 0 }}>
          <PhonePreview kind={watchedKind ?? initial.kind} content={contents.find((c) => c?.language === active)} />
          <Typography.Text type="secondary">{t('preview.in', { language: languageName(active, i18n.language as Language) })}</Typography.Text>
        </Flex>
      </Flex>
    </Drawer>
  );
}
