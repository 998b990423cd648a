import { useState } from 'react';
import { Button, Flex, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIENCE_FIELDS, AUDIENCE_LIMITS, USER_PROPERTY_OPS, type Audience, type AudienceCondition, type AudienceInput } from '@wharf/contract';

const KINDS = ['attribute', 'appVersion', 'event', 'userProperty', 'newUser'] as const;
type UserPropertyCondition = Extract<AudienceCondition, { kind: 'userProperty' }>;

/** What was typed as a property's value: a number or true/false when it reads as one (the SDK sends them so). */
function valueOf(text: string): string | number | boolean {
  const trimmed = text.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
}
const NUMERIC = ['gt', 'gte', 'lt', 'lte'];
const valueReady = (c: UserPropertyCondition) => (c.op === 'set' ? true : NUMERIC.includes(c.op) ? typeof c.value === 'number' : c.value !== undefined && c.value !== '');

/** A new condition of a kind, with the values most people start from. */
function blank(kind: AudienceCondition['kind']): AudienceCondition {
  if (kind === 'attribute') return { kind, field: 'country', op: 'in', values: [] };
  if (kind === 'appVersion') return { kind, op: 'gte', version: '' };
  if (kind === 'event') return { kind, event: '', atLeast: 1, withinDays: 7 };
  if (kind === 'userProperty') return { kind, property: '', op: 'eq', value: '' };
  return { kind, withinDays: 7 };
}

interface Props {
  editing: Audience | null;
  eventNames: readonly string[];
  saving: boolean;
  onSave: (input: AudienceInput) => void;
  onCancel: () => void;
}

/** An audience's name and its conditions, every one of which an instance must meet. */
export function AudienceEditor({ editing, eventNames, saving, onSave, onCancel }: Props) {
  const { t } = useTranslation('analytics');
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [conditions, setConditions] = useState<AudienceCondition[]>(editing?.conditions ?? [blank('event')]);
  const set = (i: number, c: AudienceCondition) => setConditions(conditions.map((x, j) => (j === i ? c : x)));
  const complete = (c: AudienceCondition) => (c.kind === 'attribute' ? c.values.length > 0 : c.kind === 'appVersion' ? /^\d+(\.\d+){0,3}$/.test(c.version) : c.kind === 'event' ? /^[A-Za-z]\w{0,39}$/.test(c.event) : c.kind === 'userProperty' ? /^[A-Za-z]\w{0,39}$/.test(c.property) && valueReady(c) : true);
  const ready = name.trim() && conditions.length && conditions.every(complete);
  const days = (value: number, change: (n: number) => void) => (
    <InputNumber aria-label={t('audiences.withinDays')} min={1} max={AUDIENCE_LIMITS.withinDays} value={value} onChange={(n) => change(n ?? 1)} addonAfter={t('audiences.days')} style={{ width: 150 }} />
  );
  return (
    <Modal open width={760} title={editing ? t('audiences.edit') : t('audiences.new')} okText={t('audiences.save')} okButtonProps={{ disabled: !ready }} confirmLoading={saving} onOk={() => onSave({ name: name.trim(), description: description.trim(), conditions })} onCancel={onCancel}>
      <Form layout="vertical">
        <Form.Item label={t('audiences.name')}>
          <Input aria-label={t('audiences.name')} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} placeholder={t('audiences.namePlaceholder')} />
        </Form.Item>
        <Form.Item label={t('audiences.description')}>
          <Input aria-label={t('audiences.description')} value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
        </Form.Item>
        <Typography.Text strong>{t('audiences.conditions')}</Typography.Text>
        <Typography.Paragraph type="secondary">{t('audiences.conditionsText')}</Typography.Paragraph>
        <Flex vertical gap="small" data-testid="audience-conditions">
          {conditions.map((c, i) => (
            <Flex key={i} gap="small" wrap align="center">
              <Select aria-label={t('audiences.kind')} value={c.kind} onChange={(kind) => set(i, blank(kind))} options={KINDS.map((k) => ({ value: k, label: t(`audiences.kinds.${k}`) }))} style={{ width: 190 }} />
              {c.kind === 'attribute' && (
                <>
                  <Select aria-label={t('audiences.field')} value={c.field} onChange={(field) => set(i, { ...c, field })} options={AUDIENCE_FIELDS.map((f) => ({ value: f, label: t(`audiences.fields.${f}`) }))} style={{ width: 140 }} />
                  <Select aria-label={t('audiences.op')} value={c.op} onChange={(op) => set(i, { ...c, op })} options={(['in', 'notIn'] as const).map((o) => ({ value: o, label: t(`audiences.ops.${o}`) }))} style={{ width: 130 }} />
                  <Select aria-label={t('audiences.values')} mode="tags" value={c.values} onChange={(values: string[]) => set(i, { ...c, values })} placeholder={c.field === 'country' ? 'RU, DE' : c.field === 'os' ? 'android' : 'ru-RU'} style={{ minWidth: 180 }} />
                </>
              )}
              {c.kind === 'appVersion' && (
                <>
                  <Select aria-label={t('audiences.op')} value={c.op} onChange={(op) => set(i, { ...c, op })} options={(['gte', 'lt'] as const).map((o) => ({ value: o, label: t(`audiences.ops.${o}`) }))} style={{ width: 130 }} />
                  <Input aria-label={t('audiences.version')} value={c.version} onChange={(e) => set(i, { ...c, version: e.target.value.trim() })} placeholder="2.0" style={{ width: 110 }} />
                </>
              )}
              {c.kind === 'event' && (
                <>
                  <Select aria-label={t('audiences.event')} showSearch value={c.event || undefined} onChange={(event: string) => set(i, { ...c, event })} options={eventNames.map((n) => ({ value: n, label: n }))} placeholder="purchase" style={{ width: 180 }} />
                  <InputNumber aria-label={t('audiences.atLeast')} min={1} max={10_000} value={c.atLeast} onChange={(n) => set(i, { ...c, atLeast: n ?? 1 })} addonBefore="≥" style={{ width: 110 }} />
                  {days(c.withinDays, (withinDays) => set(i, { ...c, withinDays }))}
                </>
              )}
              {c.kind === 'userProperty' && (
                <>
                  <Input aria-label={t('audiences.property')} value={c.property} maxLength={40} onChange={(e) => set(i, { ...c, property: e.target.value.trim() })} placeholder="plan" style={{ width: 140 }} />
                  <Select
                    aria-label={t('audiences.op')}
                    value={c.op}
                    onChange={(op) => set(i, op === 'set' ? { kind: 'userProperty', property: c.property, op } : { ...c, op, value: c.value ?? '' })}
                    options={USER_PROPERTY_OPS.map((o) => ({ value: o, label: t(`audiences.propertyOps.${o}`) }))}
                    style={{ width: 130 }}
                  />
                  {c.op !== 'set' && <Input aria-label={t('audiences.value')} value={c.value === undefined ? '' : String(c.value)} onChange={(e) => set(i, { ...c, value: valueOf(e.target.value) })} placeholder={NUMERIC.includes(c.op) ? '10' : 'pro'} style={{ width: 120 }} />}
                </>
              )}
              {c.kind === 'newUser' && days(c.withinDays, (withinDays) => set(i, { ...c, withinDays }))}
              {conditions.length > 1 && (
                <Button aria-label={t('audiences.removeCondition')} onClick={() => setConditions(conditions.filter((_, j) => j !== i))}>
                  ×
                </Button>
              )}
            </Flex>
          ))}
          {conditions.length < AUDIENCE_LIMITS.conditions && (
            <Button type="dashed" onClick={() => setConditions([...conditions, blank('attribute')])} style={{ alignSelf: 'flex-start' }}>
              {t('audiences.addCondition')}
            </Button>
          )}
        </Flex>
      </Form>
    </Modal>
  );
}
