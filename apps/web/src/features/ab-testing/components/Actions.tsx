import { useState } from 'react';
import { App, Button, Flex, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Experiment } from '@wharf/contract';
import { useDeleteExperiment, useRollOut, useStartExperiment, useStopExperiment } from '../api/mutations';

/** What can be done with the experiment in its state: edit or start a draft, stop it, roll a variant out, delete it. */
export function Actions({ appId, experiment, leader }: { appId: string; experiment: Experiment; leader: number | null }) {
  const { t } = useTranslation('ab-testing');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const start = useStartExperiment(appId);
  const stop = useStopExperiment(appId);
  const rollOut = useRollOut(appId);
  const remove = useDeleteExperiment(appId);
  const [choosing, setChoosing] = useState(false);
  const [variant, setVariant] = useState<number>(leader ?? 1);
  const { id, revision, state } = experiment;
  const confirm = (key: string, run: () => Promise<unknown>, danger = false) =>
    modal.confirm({ title: t(`actions.${key}Title`), content: t(`actions.${key}Text`), okText: t(`actions.${key}`), cancelText: t('actions.cancel'), okButtonProps: { danger }, onOk: () => run().catch(() => undefined) });

  return (
    <Flex gap="small" wrap>
      {state === 'draft' && (
        <>
          <Button onClick={() => void navigate(`/apps/${appId}/ab-testing/${id}/edit`)}>{t('actions.edit')}</Button>
          <Button type="primary" loading={start.isPending} onClick={() => confirm('start', () => start.mutateAsync({ id, revision }))}>
            {t('actions.start')}
          </Button>
        </>
      )}
      {state === 'running' && (
        <Button loading={stop.isPending} onClick={() => confirm('stop', () => stop.mutateAsync({ id, revision }), true)}>
          {t('actions.stop')}
        </Button>
      )}
      {(state === 'running' || state === 'stopped') && (
        <Button type="primary" onClick={() => setChoosing(true)}>
          {t('actions.rollOut')}
        </Button>
      )}
      {state !== 'running' && (
        <Button danger loading={remove.isPending} onClick={() => confirm('delete', () => remove.mutateAsync(id).then(() => navigate(`/apps/${appId}/ab-testing`)), true)}>
          {t('actions.delete')}
        </Button>
      )}
      <Modal
        open={choosing}
        title={t('actions.rollOutTitle')}
        okText={t('actions.rollOut')}
        cancelText={t('actions.cancel')}
        confirmLoading={rollOut.isPending}
        onCancel={() => setChoosing(false)}
        onOk={() => rollOut.mutateAsync({ id, revision, variant }).then(() => setChoosing(false), () => undefined)}
      >
        <Typography.Paragraph>{t('actions.rollOutText')}</Typography.Paragraph>
        <Radio.Group value={variant} onChange={(e) => setVariant(e.target.value as number)}>
          <Space direction="vertical">
            {experiment.variants.map((v, i) => (
              <Radio key={v.name} value={i}>
                {v.name}
                {i === leader ? ` — ${t('actions.leading')}` : ''}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Modal>
    </Flex>
  );
}
