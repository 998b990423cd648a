import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { remoteConfigApi, ResponseOf } from '@wharf/contract';
import { templateDiff } from '@wharf/rules';
import { useAct } from '../../../ui/use-act';
import { useDiscardDraft, usePublish, useRequestReview } from '../api/mutations';
import { useRemoteVersion } from '../api/queries';
import { DiffList } from './DiffList';
import { ReviewBar } from './ReviewBar';
import { useDisplay } from '../../../session/display';

export type RemoteConfigState = ResponseOf<typeof remoteConfigApi.getRemoteConfig>;

/** Where the draft stands against what devices get, with Publish (or Ask for review) and Discard. */
export function DraftBar({ appId, config, canManage }: { appId: string; config: RemoteConfigState; canManage: boolean }) {
  const { t } = useTranslation('remote-config');
  const display = useDisplay();
  const act = useAct();
  const publish = usePublish(appId);
  const ask = useRequestReview(appId);
  const discard = useDiscardDraft(appId);
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const live = useRemoteVersion(appId, open && config.published ? config.published.number : null);
  const { draft, published, settings } = config;
  const review = settings.requireReview;

  const submit = async () => {
    const work = review ? ask.mutateAsync({ revision: draft.revision, description }) : publish.mutateAsync({ revision: draft.revision, description });
    if (await act(work, t(review ? 'review.asked' : 'draft.published'))) {
      setOpen(false);
      setDescription('');
    }
  };

  const status = published
    ? t('draft.live', { number: published.number, at: display.dateTime(published.publishedAt), by: published.publishedBy ?? t('draft.someone') })
    : t('draft.neverPublished');
  if (draft.review) return <ReviewBar appId={appId} config={config} canManage={canManage} status={status} />;
  return (
    <>
      <Alert
        style={{ marginBottom: 16 }}
        type={draft.changed ? 'warning' : 'info'}
        showIcon
        title={draft.changed ? t('draft.changed') : status}
        description={draft.changed ? status : undefined}
        action={
          canManage && draft.changed ? (
            <Flex gap="small">
              {published && (
                <Popconfirm title={t('draft.discardConfirm')} onConfirm={() => void act(discard.mutateAsync(undefined), t('draft.discarded'))}>
                  <Button>{t('draft.discard')}</Button>
                </Popconfirm>
              )}
              <Button type="primary" onClick={() => setOpen(true)} data-report-click={review ? 'remoteConfig.askReview' : 'remoteConfig.publish'}>
                {t(review ? 'review.ask' : 'draft.publish')}
              </Button>
            </Flex>
          ) : undefined
        }
      />
      <Modal
        open={open}
        title={t(review ? 'review.askTitle' : 'draft.publishTitle')}
        okText={t(review ? 'review.ask' : 'draft.publish')}
        cancelText={t('common.cancel')}
        confirmLoading={publish.isPending || ask.isPending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t(review ? 'review.askText' : 'draft.publishText')}</Typography.Paragraph>
        <DiffList diff={templateDiff(published ? (live.data?.template ?? null) : null, draft.template)} />
        <Input.TextArea
          style={{ marginTop: 16 }}
          aria-label={t('draft.description')}
          placeholder={t('draft.description')}
          maxLength={500}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Modal>
    </>
  );
}
