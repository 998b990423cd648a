import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Space, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CloudFunction } from '@wharf/contract';
import { FUNCTION_LIMITS, INLINE_ENTRY } from '@wharf/rules';
import { useDisplay } from '../../../session/display';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useAct } from '../../../ui/use-act';
import { useFunctionChanges } from '../api/mutations';
import { dropDraft, keepDraft, readDraft, type CodeForm } from './draft';
import { ZipCode } from './ZipCode';
import { SourceFiles } from './SourceFiles';
import { layerKey, layerOfKey, LayersField } from './LayersField';

const L = FUNCTION_LIMITS;
const sizeOf = (files: Record<string, string>) => Object.values(files).reduce((n, text) => n + new TextEncoder().encode(text).length, 0);

/** `$latest`'s code and settings: saved, then published as a version that never changes. */
export function CodeTab({ projectId, fn, sources, files, canManage }: { projectId: string; fn: CloudFunction; sources: Record<string, string>; files: { path: string; size: number }[]; canManage: boolean }) {
  const { t } = useTranslation('cloud-functions');
  const act = useAct();
  const display = useDisplay();
  const changes = useFunctionChanges(projectId, fn.functionId);
  const [form] = Form.useForm<CodeForm>();
  // Code from a zip has no inline files: the editor starts from an empty index.js, and the zip stays until one is saved.
  const savedFiles = Object.keys(sources).length ? sources : { [INLINE_ENTRY]: '' };
  const saved: CodeForm = { files: savedFiles, handler: fn.handler, memoryMb: fn.memoryMb, timeoutSeconds: fn.timeoutSeconds, concurrency: fn.concurrency, description: fn.description, httpAuth: fn.httpAuth, env: fn.env.map((v) => ({ name: v.name })), layers: fn.layers.map(layerKey) };
  const [dirty, setDirty] = useState(false);
  const [offer, setOffer] = useState(() => readDraft(fn.functionId));
  const [note, setNote] = useState('');
  const [step, setStep] = useState<number | null>(null);
  const values = Form.useWatch([], form) as CodeForm | undefined;
  const unsavedGuard = useUnsavedGuard(dirty && !changes.update.isPending);

  useEffect(() => {
    if (dirty && values) keepDraft(fn.functionId, values);
  }, [dirty, values, fn.functionId]);

  /** Saves `$latest`: whether it did (a form that does not validate says why beside its fields). */
  const save = async (): Promise<boolean> => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return false;
    setDirty(false);
    const env = v.env.map((e) => ({ name: e.name, ...(e.value ? { value: e.value } : {}) }));
    const { files: edited, ...settings } = v;
    // Files are sent when they changed: settings alone leave a zip's code as it is.
    const filesChanged = JSON.stringify(edited) !== JSON.stringify(savedFiles);
    if (await act(changes.update.mutateAsync({ ...settings, env, layers: (v.layers ?? []).map(layerOfKey), ...(filesChanged ? { files: edited } : {}) }), t('code.saved'))) {
      dropDraft(fn.functionId);
      setOffer(null);
      form.setFieldValue('env', env.map((e) => ({ name: e.name })));
      return true;
    }
    setDirty(true);
    return false;
  };
  // Publishing unsaved edits saves them first: the steps show where it is.
  const publish = async () => {
    setStep(0);
    if (dirty && !(await save())) return setStep(null);
    setStep(1);
    if (!(await act(changes.publish.mutateAsync(note), t('code.published')))) return setStep(null);
    setNote('');
    setStep(2);
  };

  return (
    <Form form={form} layout="vertical" initialValues={saved} disabled={!canManage} onValuesChange={() => setDirty(true)} onFinish={save}>
      {unsavedGuard}
      {offer && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('code.draftOffered')}
          action={
            <Space>
              <Button size="small" onClick={() => (form.setFieldsValue(offer), setDirty(true), setOffer(null))}>
                {t('code.draftRestore')}
              </Button>
              <Button size="small" type="text" onClick={() => (dropDraft(fn.functionId), setOffer(null))}>
                {t('code.draftDiscard')}
              </Button>
            </Space>
          }
        />
      )}
      <ZipCode projectId={projectId} fn={fn} files={files} canManage={canManage} />
      <Form.Item
        name="files"
        extra={t('code.sourceHelp')}
        rules={[{ validator: async (_, f: Record<string, string> | undefined) => { if (!f?.[INLINE_ENTRY]?.trim()) throw new Error(t('code.sourceRequired')); if (sizeOf(f) > L.inlineCodeBytes) throw new Error(t('code.tooLarge', { size: display.size(L.inlineCodeBytes) })); } }]}
      >
        <SourceFiles disabled={!canManage} />
      </Form.Item>
      <Flex gap="middle" wrap>
        <Form.Item name="handler" label={t('fields.handler')} rules={[{ required: true, pattern: /^[A-Za-z_$][\w$]{0,63}$/, message: t('fields.handlerRule') }]}>
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="memoryMb" label={t('fields.memory')}>
          <Select style={{ width: 120 }} options={L.memoryMb.map((m) => ({ value: m, label: `${m} MB` }))} />
        </Form.Item>
        <Form.Item name="timeoutSeconds" label={t('fields.timeoutSeconds')}>
          <InputNumber min={L.timeoutSeconds.min} max={L.timeoutSeconds.max} precision={0} />
        </Form.Item>
        <Form.Item name="concurrency" label={t('fields.concurrency')} tooltip={t('fields.concurrencyHelp')}>
          <InputNumber min={L.concurrency.min} max={L.concurrency.max} precision={0} />
        </Form.Item>
        <Form.Item name="httpAuth" label={t('fields.httpAuth')} tooltip={t('fields.httpAuthHelp')}>
          <Select aria-label={t('fields.httpAuth')} style={{ width: 260 }} options={(['none', 'apiClient', 'appUser'] as const).map((v) => ({ value: v, label: t(`fields.httpAuths.${v}`) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} style={{ flex: 1, minWidth: 200 }}>
          <Input maxLength={256} />
        </Form.Item>
      </Flex>
      <Form.Item name="layers" label={t('layers.forFunction')} extra={t('layers.forFunctionHelp')}>
        <LayersField projectId={projectId} />
      </Form.Item>
      <Typography.Title level={5}>{t('env.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('env.help')}</Typography.Paragraph>
      <Form.List name="env">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ marginBottom: 16 }}>
            {fields.map((field) => {
              const hint = fn.env.find((v) => v.name === form.getFieldValue(['env', field.name, 'name']));
              return (
                <Space key={field.key} align="baseline">
                  <Form.Item name={[field.name, 'name']} rules={[{ required: true, pattern: /^[A-Za-z_][A-Za-z0-9_]{0,63}$/, message: t('env.nameRule') }]}>
                    <Input aria-label={t('env.name')} placeholder={t('env.name')} style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'value']} rules={[{ required: !hint, message: t('env.valueRequired') }]}>
                    <Input.Password aria-label={t('env.value')} placeholder={hint ? t('env.kept', { hint: hint.hint }) : t('env.value')} style={{ width: 280 }} maxLength={L.envValueChars} />
                  </Form.Item>
                  <Button type="text" danger onClick={() => (remove(field.name), setDirty(true))}>
                    {t('actions.remove')}
                  </Button>
                </Space>
              );
            })}
            {fields.length < L.envVars && (
              <Button type="dashed" onClick={() => add({ name: '' })} style={{ width: 200 }}>
                {t('env.add')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      {canManage && (
        <Flex gap="middle" wrap align="center">
          <Button type="primary" htmlType="submit" loading={changes.update.isPending} disabled={!dirty}>
            {t('code.save')}
          </Button>
          <Space.Compact>
            <Input aria-label={t('code.versionNote')} placeholder={t('code.versionNote')} value={note} onChange={(e) => setNote(e.target.value)} maxLength={256} style={{ width: 240 }} />
            <Button onClick={() => void publish()} loading={step === 0 || step === 1}>
              {t(dirty ? 'code.saveAndPublish' : 'code.publish')}
            </Button>
          </Space.Compact>
          {step !== null && (
            <Steps
              size="small"
              style={{ maxWidth: 420 }}
              current={step}
              status={step === 2 ? 'finish' : 'process'}
              aria-label={t('code.deploying')}
              items={[{ title: t('code.steps.save') }, { title: t('code.steps.publish') }, { title: t('code.steps.done') }]}
            />
          )}
        </Flex>
      )}
    </Form>
  );
}
