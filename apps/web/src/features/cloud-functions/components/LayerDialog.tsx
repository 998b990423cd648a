import { useEffect, useState } from 'react';
import { App as AntApp, AutoComplete, Button, Form, Input, Modal, Radio, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { LAYER_LIMITS as L, LAYER_NAME } from '@wharf/rules';
import { useDisplay } from '../../../session/display';
import { CodeEditor } from '../../../ui/code-editor/CodeEditor';
import { deviceDraft } from '../../../ui/device-draft';
import { useAct } from '../../../ui/use-act';
import { useLayerChanges } from '../api/layers';

interface LayerForm {
  layerName: string;
  description: string;
  source: 'packageJson' | 'zip';
  packageJson: string;
}

const TEMPLATE = '{\n  "dependencies": {\n    \n  }\n}\n';
// What was typed in the dialog, kept on this device until it is sent, so closing it or moving away loses nothing.
const drafts = deviceDraft<LayerForm>('layerDraft', (v) => (typeof v === 'object' && v !== null && typeof (v as LayerForm).packageJson === 'string' ? (v as LayerForm) : null));

/** A layer's next version (a new layer when the name is new): a package.json the server builds, or a zip of node_modules. */
export function LayerDialog({ projectId, layerNames, layerName, onClose }: { projectId: string; layerNames: string[]; layerName?: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('cloud-functions');
  const display = useDisplay();
  const act = useAct();
  const { message } = AntApp.useApp();
  const { create } = useLayerChanges(projectId);
  const [form] = Form.useForm<LayerForm>();
  const [file, setFile] = useState<File | null>(null);
  const kept = drafts.read(projectId);
  const initial: LayerForm = { layerName: layerName ?? kept?.layerName ?? '', description: kept?.description ?? '', source: kept?.source ?? 'packageJson', packageJson: kept?.packageJson ?? TEMPLATE };
  const values = Form.useWatch([], form) as LayerForm | undefined;
  useEffect(() => {
    if (values) drafts.keep(projectId, values);
  }, [values, projectId]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    if (v.source === 'zip' && !file) return void message.error(t('layers.zipRequired'));
    const base = { layerName: v.layerName.trim(), description: v.description ?? '' };
    const sent = await act(create.mutateAsync(v.source === 'zip' ? { ...base, file: file! } : { ...base, packageJson: v.packageJson }), t(v.source === 'zip' ? 'layers.uploaded' : 'layers.building', { name: base.layerName }));
    if (sent) {
      drafts.drop(projectId);
      onClose();
    }
  };
  const packageJsonProblem = (text: string) => {
    try {
      const doc = JSON.parse(text) as { dependencies?: Record<string, unknown> };
      return doc && typeof doc.dependencies === 'object' && Object.keys(doc.dependencies ?? {}).length > 0 ? null : t('layers.noDependencies');
    } catch (e) {
      return t('layers.notJson', { why: e instanceof Error ? e.message : String(e) });
    }
  };

  return (
    <Modal open title={t('layers.new')} onCancel={onClose} onOk={() => void submit()} okText={t('layers.create')} confirmLoading={create.isPending} width={680} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="layerName" label={t('layers.name')} extra={t('layers.nameHelp')} rules={[{ required: true, pattern: LAYER_NAME, message: t('fields.nameRule') }]}>
          <AutoComplete aria-label={t('layers.name')} options={layerNames.map((n) => ({ value: n }))} disabled={Boolean(layerName)} placeholder="shared-utils" />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input maxLength={256} />
        </Form.Item>
        <Form.Item name="source" label={t('layers.source')}>
          <Radio.Group optionType="button" options={[{ value: 'packageJson', label: t('layers.fromPackageJson') }, { value: 'zip', label: t('layers.fromZip') }]} />
        </Form.Item>
        {values?.source === 'zip' ? (
          <Form.Item label={t('layers.zip')} extra={t('layers.zipHelp', { size: display.size(L.zipBytes) })}>
            <Upload
              accept=".zip,application/zip"
              maxCount={1}
              beforeUpload={(f) => (f.size > L.zipBytes ? void message.error(t('layers.zipTooLarge', { size: display.size(L.zipBytes) })) : setFile(f), false)}
              onRemove={() => setFile(null)}
            >
              <Button>{t('layers.chooseZip')}</Button>
            </Upload>
          </Form.Item>
        ) : (
          <Form.Item
            name="packageJson"
            label="package.json"
            extra={<Typography.Text type="secondary">{t('layers.packageJsonHelp')}</Typography.Text>}
            rules={[{ validator: async (_, text: string) => { const why = packageJsonProblem(text ?? ''); if (why) throw new Error(why); } }]}
            valuePropName="value"
            trigger="onChange"
          >
            <JsonEditor label="package.json" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The code editor as a form control. */
function JsonEditor({ value = '', onChange, label }: { value?: string; onChange?: (v: string) => void; label: string }) {
  return <CodeEditor value={value} onChange={(v) => onChange?.(v)} language="javascript" ariaLabel={label} height={180} />;
}
