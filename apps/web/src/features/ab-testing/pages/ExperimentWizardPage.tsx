import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Skeleton, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Experiment, RemoteParameter } from '@wharf/contract';
import { useNavigate, useParams } from 'react-router';
import { useRouteAppId } from '../../console/public';
import { useRemoteConfig, useRemoteVersion } from '../../remote-config/public';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useSaveExperiment, useStartExperiment } from '../api/mutations';
import { useExperiment } from '../api/queries';
import { dropWizard, EMPTY_WIZARD, inputOf, keepWizard, readWizard, wizardOf, type WizardValues } from '../components/form';
import { GoalsStep } from '../components/GoalsStep';
import { ReviewStep } from '../components/ReviewStep';
import { TargetingStep } from '../components/TargetingStep';
import { VariantsStep } from '../components/VariantsStep';
import { useDisplay } from '../../../session/display';

const STEPS = ['basics', 'targeting', 'variants', 'goals', 'review'] as const;

/** The experiment wizard: new, or a draft's changes; what is typed is kept on this device until saved. */
export function ExperimentWizardPage() {
  const { experimentId } = useParams();
  const appId = useRouteAppId();
  const existing = useExperiment(appId, experimentId);
  const config = useRemoteConfig(appId);
  const published = useRemoteVersion(appId, config.data?.published?.number ?? null);
  if ((experimentId && !existing.data) || !config.data || (config.data.published && !published.data)) return <Skeleton active />;
  return <Wizard key={experimentId ?? 'new'} appId={appId} experimentId={experimentId} existing={existing.data?.experiment ?? null} parameters={published.data?.template.parameters ?? []} />;
}

function Wizard({ appId, experimentId, existing, parameters }: { appId: string; experimentId: string | undefined; existing: Experiment | null; parameters: readonly RemoteParameter[] }) {
  const { t } = useTranslation('ab-testing');
  const display = useDisplay();
  const navigate = useNavigate();
  const [form] = Form.useForm<WizardValues>();
  const kept = useMemo(() => readWizard(appId, experimentId), [appId, experimentId]);
  const fresh = useMemo<WizardValues>(
    () => (existing ? wizardOf(existing) : { ...EMPTY_WIZARD, variants: [{ ...EMPTY_WIZARD.variants[0]!, name: t('wizard.baselineName') }, { ...EMPTY_WIZARD.variants[1]!, name: t('wizard.variantTitle', { letter: 'B' }) }] }),
    [existing, t],
  );
  const [step, setStep] = useState(kept?.step ?? 0);
  const [restored, setRestored] = useState(Boolean(kept));
  const [dirty, setDirty] = useState(Boolean(kept));
  const save = useSaveExperiment(appId);
  const start = useStartExperiment(appId);
  const unsavedGuard = useUnsavedGuard(dirty);
  const values = Form.useWatch([], form) as WizardValues | undefined;

  const go = async (to: number) => {
    if (to > step) await form.validateFields();
    setStep(to);
    keepWizard(appId, experimentId, form.getFieldsValue(true) as WizardValues, to);
  };
  const startOver = () => {
    dropWizard(appId, experimentId);
    form.setFieldsValue(fresh);
    setRestored(false);
    setDirty(false);
    setStep(0);
  };
  const finish = async (andStart: boolean) => {
    const input = inputOf(form.getFieldsValue(true) as WizardValues);
    const { experiment } = await save.mutateAsync({ ...(experimentId ? { id: experimentId, revision: existing?.revision } : {}), input });
    dropWizard(appId, experimentId);
    setDirty(false);
    if (andStart) await start.mutateAsync({ id: experiment.id, revision: experiment.revision });
    // The guard lets the move through once the dirty state has been rendered away.
    setTimeout(() => void navigate(`/apps/${appId}/ab-testing/${experiment.id}`), 0);
  };

  const input = values && step === STEPS.length - 1 ? inputOf(form.getFieldsValue(true) as WizardValues) : null;
  return (
    <>
      {unsavedGuard}
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {existing ? t('wizard.editTitle', { name: existing.name }) : t('wizard.title')}
      </Typography.Title>
      {restored && kept && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('wizard.restored', { at: display.dateTime(kept.savedAt) })}
          action={<Button size="small" onClick={startOver}>{t('wizard.startOver')}</Button>}
        />
      )}
      <Steps current={step} size="small" style={{ marginBottom: 24 }} items={STEPS.map((s) => ({ title: t(`wizard.step.${s}`) }))} />
      <Form<WizardValues>
        form={form}
        layout="vertical"
        initialValues={kept?.values ?? fresh}
        onValuesChange={() => {
          setDirty(true);
          keepWizard(appId, experimentId, form.getFieldsValue(true) as WizardValues, step);
        }}
        style={{ maxWidth: 880 }}
      >
        {step === 0 && (
          <>
            <Form.Item name="name" label={t('wizard.name')} rules={[{ required: true, whitespace: true, message: t('wizard.nameRequired') }]}>
              <Input maxLength={100} placeholder={t('wizard.namePlaceholder')} />
            </Form.Item>
            <Form.Item name="description" label={t('wizard.description')}>
              <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t('wizard.descriptionPlaceholder')} />
            </Form.Item>
          </>
        )}
        {step === 1 && <TargetingStep form={form} />}
        {step === 2 && <VariantsStep appId={appId} form={form} parameters={parameters} />}
        {step === 3 && <GoalsStep form={form} />}
        {step === 4 && input && <ReviewStep appId={appId} input={input} />}
      </Form>
      <Flex gap="small" style={{ marginTop: 24 }}>
        {step > 0 && <Button onClick={() => void go(step - 1)}>{t('wizard.back')}</Button>}
        {step < STEPS.length - 1 && (
          <Button type="primary" onClick={() => void go(step + 1).catch(() => undefined)} disabled={step === 2 && !parameters.length}>
            {t('wizard.next')}
          </Button>
        )}
        {step === STEPS.length - 1 && (
          <>
            <Button loading={save.isPending && !start.isPending} onClick={() => void finish(false).catch(() => undefined)}>
              {t('wizard.saveDraft')}
            </Button>
            {!existing || existing.state === 'draft' ? (
              <Button type="primary" loading={start.isPending} onClick={() => void finish(true).catch(() => undefined)}>
                {t('wizard.saveStart')}
              </Button>
            ) : null}
          </>
        )}
      </Flex>
    </>
  );
}
