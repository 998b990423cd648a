import { Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_METRICS, ALARM_WINDOWS, type AlarmMetric } from '@wharf/rules';
import type { FunctionAlarm } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { useAct } from '../../../ui/use-act';
import { useFunctionChanges } from '../api/mutations';
import { useAlarms } from '../api/queries';

interface AlarmForm {
  name: string;
  metric: AlarmMetric;
  threshold: number;
  windowMinutes: 5 | 15 | 60;
  enabled: boolean;
}

const UNIT: Record<AlarmMetric, string> = { errorRate: ' %', p95: ' ms', errors: '', throttles: '' };

/** A function's alarms: each a metric over a window against a threshold, mailing its owner when it fires and clears. */
export function AlarmsPanel({ projectId, functionId, canManage }: { projectId: string; functionId: string; canManage: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const act = useAct();
  const alarms = useAlarms(projectId, functionId);
  const { createAlarm, updateAlarm, deleteAlarm } = useFunctionChanges(projectId, functionId);
  const [editing, setEditing] = useState<FunctionAlarm | 'new' | null>(null);
  const [form] = Form.useForm<AlarmForm>();
  const metric: AlarmMetric = Form.useWatch('metric', form) ?? 'errorRate';
  const rule = (a: Pick<FunctionAlarm, 'metric' | 'threshold' | 'windowMinutes'>) => t('alarms.rule', { metric: t(`alarms.metrics.${a.metric}`), threshold: `${display.number(a.threshold)}${UNIT[a.metric]}`, minutes: a.windowMinutes });
  const bodyOf = (a: FunctionAlarm, enabled: boolean) => ({ name: a.name, metric: a.metric, threshold: a.threshold, windowMinutes: a.windowMinutes as 5, enabled });
  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const work = editing && editing !== 'new' ? updateAlarm.mutateAsync({ alarmId: editing.alarmId, body: v }) : createAlarm.mutateAsync(v);
    if (await act(work, t('alarms.saved', { name: v.name }))) setEditing(null);
  };
  return (
    <Flex vertical gap="small">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('alarms.title')}
        </Typography.Title>
        {canManage && <Button onClick={() => setEditing('new')}>{t('alarms.add')}</Button>}
      </Flex>
      <Table<FunctionAlarm>
        rowKey="alarmId"
        size="small"
        loading={alarms.isPending}
        dataSource={alarms.data?.alarms ?? []}
        pagination={false}
        locale={{ emptyText: t('alarms.empty') }}
        columns={[
          { key: 'name', title: t('alarms.name'), render: (_, a) => a.name },
          { key: 'rule', title: t('alarms.ruleColumn'), render: (_, a) => rule(a) },
          { key: 'state', title: t('alarms.state'), render: (_, a) => (a.enabled ? <Tag color={a.state === 'alarm' ? 'red' : 'green'}>{t(`alarms.states.${a.state}`)}</Tag> : <Tag>{t('alarms.off')}</Tag>) },
          { key: 'value', title: t('alarms.lastValue'), render: (_, a) => (a.lastValue === null ? '—' : `${display.number(a.lastValue)}${UNIT[a.metric]}`) },
          { key: 'owner', title: t('alarms.mails'), render: (_, a) => a.ownerEmail },
          { key: 'enabled', title: t('triggers.enabled'), render: (_, a) => <Switch aria-label={t('alarms.enabledOf', { name: a.name })} checked={a.enabled} disabled={!canManage} onChange={(on) => void act(updateAlarm.mutateAsync({ alarmId: a.alarmId, body: bodyOf(a, on) }), t('alarms.saved', { name: a.name }))} /> },
          {
            key: 'actions',
            title: '',
            render: (_, a) =>
              canManage && (
                <Flex gap="small">
                  <Button size="small" onClick={() => setEditing(a)}>
                    {t('actions.edit')}
                  </Button>
                  <Popconfirm title={t('alarms.deleteConfirm', { name: a.name })} okText={t('actions.delete')} okButtonProps={{ danger: true }} onConfirm={() => act(deleteAlarm.mutateAsync(a.alarmId), t('alarms.deleted', { name: a.name }))}>
                    <Button size="small" danger>
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
          },
        ]}
      />
      {editing && (
        <Modal open title={editing === 'new' ? t('alarms.add') : editing.name} okText={t('actions.save')} cancelText={t('actions.cancel')} onOk={save} onCancel={() => setEditing(null)} confirmLoading={createAlarm.isPending || updateAlarm.isPending} destroyOnHidden>
          <Form form={form} layout="vertical" initialValues={editing === 'new' ? { name: '', metric: 'errorRate', threshold: 5, windowMinutes: 5, enabled: true } : bodyOf(editing, editing.enabled)}>
            <Form.Item name="name" label={t('alarms.name')} rules={[{ required: true, max: 64 }]}>
              <Input maxLength={64} placeholder={t('alarms.namePlaceholder')} />
            </Form.Item>
            <Form.Item name="metric" label={t('alarms.metric')}>
              <Select aria-label={t('alarms.metric')} options={ALARM_METRICS.map((m) => ({ value: m, label: t(`alarms.metrics.${m}`) }))} />
            </Form.Item>
            <Form.Item name="threshold" label={t('alarms.threshold')} extra={t('alarms.thresholdHelp')} rules={[{ required: true }]}>
              <InputNumber min={0} max={1_000_000} addonAfter={UNIT[metric].trim() || undefined} />
            </Form.Item>
            <Form.Item name="windowMinutes" label={t('alarms.window')}>
              <Select aria-label={t('alarms.window')} options={ALARM_WINDOWS.map((w) => ({ value: w, label: t('alarms.minutes', { n: w }) }))} />
            </Form.Item>
            <Form.Item name="enabled" label={t('triggers.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </Flex>
  );
}
