import { Checkbox, Form, Input, InputNumber, Modal, Radio, Segmented, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { cronProblem, EVENT_SOURCES, LATEST, nextFirings, TRIGGER_LIMITS, type EventSource } from '@wharf/rules';
import type { FunctionTrigger } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { deviceDraft } from '../../../ui/device-draft';
import { useAct } from '../../../ui/use-act';
import { useFunctionChanges } from '../api/mutations';
import { TIME_ZONES } from './zones';

interface TriggerForm {
  kind: 'timer' | 'event';
  name: string;
  qualifier: string;
  enabled: boolean;
  cron: string;
  timeZone: string;
  missed: 'skip' | 'runOnce';
  payload: string;
  source: EventSource;
  types: string[];
  bucket?: string;
  namePrefix?: string;
  nameSuffix?: string;
  provider?: string;
  zone?: string;
  objectType?: string;
  attempts: number;
}

const PRESETS = ['*/5 * * * *', '0 * * * *', '0 9 * * *', '0 9 * * 1-5', '0 0 1 * *'] as const;
// A new trigger's unsaved form is kept on the device (a reload or a move away loses nothing).
const drafts = deviceDraft<TriggerForm>('triggerDraft', (v) => (typeof v === 'object' && v !== null && typeof (v as TriggerForm).cron === 'string' ? (v as TriggerForm) : null));

const parsesAsJson = (text: string) => {
  try {
    JSON.parse(text || '{}');
    return true;
  } catch {
    return false;
  }
};

/** Adds or changes a trigger: a timer (its next firings shown as the expression is typed) or an event subscription with its filter. */
export function TriggerDialog({ projectId, functionId, trigger, qualifiers, onClose }: { projectId: string; functionId: string; trigger: FunctionTrigger | null; qualifiers: string[]; onClose: () => void }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const act = useAct();
  const { createTrigger, updateTrigger } = useFunctionChanges(projectId, functionId);
  const [form] = Form.useForm<TriggerForm>();
  const cron = Form.useWatch('cron', form) ?? '';
  const timeZone = Form.useWatch('timeZone', form) ?? 'UTC';
  const kind = Form.useWatch('kind', form) ?? 'timer';
  const source: EventSource = Form.useWatch('source', form) ?? 'storage';
  const fresh: TriggerForm = { kind: 'timer', name: '', qualifier: LATEST, enabled: true, cron: '0 9 * * 1-5', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', missed: 'skip', payload: '{}', source: 'storage', types: ['objectFinalized'], attempts: TRIGGER_LIMITS.attempts };
  const initial: TriggerForm = trigger
    ? {
        ...fresh, kind: trigger.kind, name: trigger.name, qualifier: trigger.qualifier, enabled: trigger.enabled,
        ...(trigger.timer ? { cron: trigger.timer.cron, timeZone: trigger.timer.timeZone, missed: trigger.timer.missed, payload: JSON.stringify(trigger.timer.payload ?? {}, null, 2) } : {}),
        ...(trigger.event ? { source: trigger.event.source, types: trigger.event.types, ...trigger.event.filter, attempts: trigger.event.attempts } : {}),
      }
    : { ...fresh, ...drafts.read(functionId) };
  const upcoming = cronProblem(cron) ? [] : nextFirings(cron, timeZone, new Date(), 3);
  const save = async () => {
    // A refused field says why beside itself; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const filter =
      v.source === 'storage'
        ? { bucket: v.bucket || undefined, namePrefix: v.namePrefix || undefined, nameSuffix: v.nameSuffix || undefined }
        : v.source === 'clouddb'
          ? { zone: v.zone || undefined, objectType: v.objectType || undefined }
          : { provider: v.provider || undefined };
    const body = {
      name: v.name, qualifier: v.qualifier, enabled: v.enabled,
      ...(v.kind === 'timer'
        ? { timer: { cron: v.cron.trim(), timeZone: v.timeZone, missed: v.missed, payload: JSON.parse(v.payload || '{}') as unknown } }
        : { event: { source: v.source, types: v.types as Array<'objectFinalized'>, filter, attempts: v.attempts } }),
    };
    const work = trigger ? updateTrigger.mutateAsync({ triggerId: trigger.triggerId, body }) : createTrigger.mutateAsync(body);
    if (await act(work, t(trigger ? 'triggers.saved' : 'triggers.created', { name: v.name }))) {
      if (!trigger) drafts.drop(functionId);
      onClose();
    }
  };
  return (
    <Modal open title={trigger ? t('triggers.editTitle', { name: trigger.name }) : t(kind === 'timer' ? 'triggers.new' : 'triggers.newEvent')} okText={t('actions.save')} cancelText={t('actions.cancel')} onOk={save} onCancel={onClose} confirmLoading={createTrigger.isPending || updateTrigger.isPending} destroyOnHidden width={600}>
      <Form form={form} layout="vertical" initialValues={initial} onValuesChange={(_, all: TriggerForm) => !trigger && drafts.keep(functionId, all)}>
        <Form.Item name="name" label={t('triggers.name')} rules={[{ required: true, max: 64 }]}>
          <Input maxLength={64} placeholder={t('triggers.namePlaceholder')} />
        </Form.Item>
        {!trigger && (
          <Form.Item name="kind" label={t('triggers.kind')}>
            <Segmented options={[{ value: 'timer', label: t('triggers.kinds.timer') }, { value: 'event', label: t('triggers.kinds.event') }]} />
          </Form.Item>
        )}
        <div hidden={kind !== 'timer'}>
        <Form.Item
          name="cron"
          label={t('triggers.cron')}
          extra={t('triggers.cronHelp')}
          rules={[{ validator: async (_, v: string) => (kind === 'timer' && cronProblem(v ?? '') ? Promise.reject(new Error(t('triggers.cronRule'))) : undefined) }]}
        >
          <Input placeholder="0 9 * * 1-5" style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Typography.Paragraph>
          {PRESETS.map((p) => (
            <Typography.Link key={p} onClick={() => form.setFieldValue('cron', p)} style={{ marginInlineEnd: 12 }}>
              {t(`triggers.preset.${p}`)}
            </Typography.Link>
          ))}
        </Typography.Paragraph>
        <Form.Item name="timeZone" label={t('triggers.timeZone')} rules={[{ required: true }]}>
          <Select showSearch aria-label={t('triggers.timeZone')} options={TIME_ZONES.map((z) => ({ value: z, label: z }))} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{upcoming.length ? t('triggers.nextFirings', { times: upcoming.map((d) => display.dateTime(d.toISOString())).join(' · ') }) : t('triggers.noFirings')}</Typography.Paragraph>
        <Form.Item name="missed" label={t('triggers.missed')}>
          <Radio.Group options={[{ value: 'skip', label: t('triggers.missedSkip') }, { value: 'runOnce', label: t('triggers.missedRunOnce') }]} />
        </Form.Item>
        <Form.Item name="payload" label={t('triggers.payload')} rules={[{ validator: async (_, v: string) => (kind !== 'timer' || parsesAsJson(v) ? undefined : Promise.reject(new Error(t('triggers.payloadRule')))) }]}>
          <Input.TextArea rows={3} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        </div>
        <div hidden={kind !== 'event'}>
          <Form.Item name="source" label={t('triggers.source')}>
            <Select
              aria-label={t('triggers.source')}
              onChange={(next: EventSource) => form.setFieldValue('types', [EVENT_SOURCES[next][0]])}
              options={(Object.keys(EVENT_SOURCES) as EventSource[]).map((k) => ({ value: k, label: t(`triggers.sources.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="types" label={t('triggers.types')} rules={[{ validator: async (_, v: string[]) => (kind === 'event' && !v?.length ? Promise.reject(new Error(t('triggers.typesRule'))) : undefined) }]}>
            <Checkbox.Group options={EVENT_SOURCES[source].map((type) => ({ value: type, label: t(`triggers.types_.${type}`) }))} />
          </Form.Item>
          {source === 'storage' ? (
            <>
              <Form.Item name="namePrefix" label={t('triggers.namePrefix')}>
                <Input maxLength={256} placeholder="users/" />
              </Form.Item>
              <Form.Item name="nameSuffix" label={t('triggers.nameSuffix')}>
                <Input maxLength={256} placeholder=".png" />
              </Form.Item>
              <Form.Item name="bucket" label={t('triggers.bucket')}>
                <Input maxLength={256} />
              </Form.Item>
            </>
          ) : source === 'clouddb' ? (
            <>
              <Form.Item name="zone" label={t('triggers.zone')}>
                <Input maxLength={256} placeholder="main" />
              </Form.Item>
              <Form.Item name="objectType" label={t('triggers.objectType')}>
                <Input maxLength={256} placeholder="Order" />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="provider" label={t('triggers.provider')} extra={t('triggers.providerHelp')}>
              <Input maxLength={256} placeholder="email" />
            </Form.Item>
          )}
          <Form.Item name="attempts" label={t('triggers.attemptsLabel')} extra={t('triggers.attemptsHelp')}>
            <InputNumber min={1} max={TRIGGER_LIMITS.maxAttempts} />
          </Form.Item>
        </div>
        <Form.Item name="qualifier" label={t('triggers.qualifier')}>
          <Select aria-label={t('triggers.qualifier')} options={qualifiers.map((q) => ({ value: q, label: q }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('triggers.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
