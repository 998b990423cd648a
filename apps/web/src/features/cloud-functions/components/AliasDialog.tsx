import { Form, Input, Modal, Select, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CloudFunction, FunctionAlias } from '@wharf/contract';
import { useAct } from '../../../ui/use-act';
import { useFunctionChanges } from '../api/mutations';

interface AliasForm {
  name: string;
  version: number;
  additionalVersion: number | null;
  additionalWeight: number;
  description: string;
}

/** Makes or changes an alias: its version, and optionally a second one that takes a share of the calls. */
export function AliasDialog({ projectId, fn, alias, versions, onClose }: { projectId: string; fn: CloudFunction; alias: FunctionAlias | null; versions: number[]; onClose: () => void }) {
  const { t } = useTranslation('cloud-functions');
  const act = useAct();
  const { createAlias, updateAlias } = useFunctionChanges(projectId, fn.functionId);
  const [form] = Form.useForm<AliasForm>();
  const version = Form.useWatch('version', form);
  const additional = Form.useWatch('additionalVersion', form);
  const weight = Form.useWatch('additionalWeight', form) ?? 0;
  const initial: AliasForm = alias
    ? { name: alias.name, version: alias.version, additionalVersion: alias.additionalVersion, additionalWeight: alias.additionalWeight, description: alias.description }
    : { name: '', version: versions[0]!, additionalVersion: null, additionalWeight: 10, description: '' };
  const options = versions.map((v) => ({ value: v, label: t('versions.number', { version: v }) }));
  const save = async () => {
    const v = await form.validateFields();
    const body = { name: alias?.name ?? v.name, version: v.version, additionalVersion: v.additionalVersion ?? null, additionalWeight: v.additionalVersion ? v.additionalWeight : 0, description: v.description ?? '' };
    const work = alias ? updateAlias.mutateAsync(body) : createAlias.mutateAsync(body);
    if (await act(work, t(alias ? 'aliases.saved' : 'aliases.created', { name: body.name }))) onClose();
  };
  return (
    <Modal open title={alias ? t('aliases.editTitle', { name: alias.name }) : t('aliases.new')} okText={t('actions.save')} cancelText={t('actions.cancel')} onOk={save} onCancel={onClose} confirmLoading={createAlias.isPending || updateAlias.isPending} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        // A split starts at 10 % for the new version, the usual first step of a canary.
        onValuesChange={(changed: Partial<AliasForm>) => {
          if (changed.additionalVersion && !form.getFieldValue('additionalWeight')) form.setFieldValue('additionalWeight', 10);
        }}
      >
        {!alias && (
          <Form.Item name="name" label={t('aliases.name')} rules={[{ required: true, pattern: /^[a-z][a-z0-9-]{0,30}[a-z0-9]$/, message: t('aliases.nameRule') }]}>
            <Input maxLength={32} placeholder="prod" />
          </Form.Item>
        )}
        <Form.Item name="version" label={t('aliases.version')} rules={[{ required: true }]}>
          <Select aria-label={t('aliases.version')} options={options} />
        </Form.Item>
        <Form.Item name="additionalVersion" label={t('aliases.additional')} extra={t('aliases.additionalHelp')} rules={[{ validator: async (_, v) => (v && v === version ? Promise.reject(new Error(t('aliases.sameVersion'))) : undefined) }]}>
          <Select aria-label={t('aliases.additional')} allowClear options={options.filter((o) => o.value !== version)} />
        </Form.Item>
        <Form.Item name="additionalWeight" label={t('aliases.weight')} hidden={!additional}>
          <Slider ariaLabelForHandle={t('aliases.weight')} min={0} max={100} marks={{ 0: '0%', 50: '50%', 100: '100%' }} tooltip={{ formatter: (w) => `${w}%` }} />
        </Form.Item>
        {additional ? <Typography.Paragraph>{t('aliases.splitSays', { version, weight: 100 - weight, additional, additionalWeight: weight })}</Typography.Paragraph> : null}
        <Form.Item name="description" label={t('fields.description')}>
          <Input maxLength={256} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
