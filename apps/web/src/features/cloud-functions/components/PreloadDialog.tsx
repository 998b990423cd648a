import { Checkbox, Form, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LATEST, PRELOAD_LIMITS } from '@wharf/rules';
import type { PreloadPolicy } from '@wharf/contract';
import { useAct } from '../../../ui/use-act';
import { usePreloadChanges } from '../api/preload';
import { hourLabel, TIME_ZONES } from './zones';

interface PolicyForm {
  qualifier: string;
  instances: number;
  days: number[];
  startHour: number;
  endHour: number;
  timeZone: string;
  enabled: boolean;
}

const HOURS = Array.from({ length: 25 }, (_, h) => h);

/** A preload policy: how many runners of what, during which hours of which days. */
export function PreloadDialog({ projectId, functionId, qualifiers, policy, onClose }: { projectId: string; functionId: string; qualifiers: string[]; policy: PreloadPolicy | null; onClose: () => void }) {
  const { t } = useTranslation('cloud-functions');
  const act = useAct();
  const changes = usePreloadChanges(projectId, functionId);
  const [form] = Form.useForm<PolicyForm>();
  const initial: PolicyForm = policy
    ? { qualifier: policy.qualifier, instances: policy.instances, days: policy.days, startHour: policy.startHour, endHour: policy.endHour, timeZone: policy.timeZone, enabled: policy.enabled }
    : { qualifier: LATEST, instances: 1, days: [1, 2, 3, 4, 5], startHour: 9, endHour: 18, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', enabled: true };
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const done = await act(policy ? changes.update.mutateAsync({ policyId: policy.policyId, body: v }) : changes.create.mutateAsync(v), t('preload.saved'));
    if (done) onClose();
  };
  return (
    <Modal open title={t(policy ? 'preload.edit' : 'preload.add')} onCancel={onClose} onOk={() => void save()} okText={t('actions.save')} confirmLoading={changes.create.isPending || changes.update.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="qualifier" label={t('preload.qualifier')} extra={t('preload.qualifierHelp')}>
          <Select aria-label={t('preload.qualifier')} options={qualifiers.map((q) => ({ value: q, label: q }))} />
        </Form.Item>
        <Form.Item name="instances" label={t('preload.instances')} extra={t('preload.instancesHelp')}>
          <InputNumber aria-label={t('preload.instances')} min={PRELOAD_LIMITS.instances.min} max={PRELOAD_LIMITS.instances.max} precision={0} />
        </Form.Item>
        <Form.Item name="days" label={t('preload.days')} rules={[{ required: true, type: 'array', min: 1, message: t('preload.daysRequired') }]}>
          <Checkbox.Group options={[1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: t(`preload.day.${d}`) }))} />
        </Form.Item>
        <Form.Item label={t('preload.hours')} required>
          <Typography.Text>
            <Form.Item name="startHour" noStyle>
              <Select aria-label={t('preload.from')} style={{ width: 100 }} options={HOURS.slice(0, 24).map((h) => ({ value: h, label: hourLabel(h) }))} />
            </Form.Item>{' '}
            –{' '}
            <Form.Item name="endHour" noStyle dependencies={['startHour']} rules={[({ getFieldValue }) => ({ validator: async (_, end: number) => { if (end <= getFieldValue('startHour')) throw new Error(t('preload.hoursBackwards')); } })]}>
              <Select aria-label={t('preload.to')} style={{ width: 100 }} options={HOURS.slice(1).map((h) => ({ value: h, label: hourLabel(h) }))} />
            </Form.Item>
          </Typography.Text>
        </Form.Item>
        <Form.Item name="timeZone" label={t('triggers.timeZone')}>
          <Select showSearch aria-label={t('triggers.timeZone')} options={TIME_ZONES.map((z) => ({ value: z, label: z }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('preload.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
