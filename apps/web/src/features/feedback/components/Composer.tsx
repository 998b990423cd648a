import { useState } from 'react';
import { App as AntApp, Button, Flex, Input, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeedbackDetail } from '@wharf/contract';
import { deviceDraft } from '../../../ui/device-draft';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useFeedbackText } from '../hooks';

type Kind = 'reply' | 'note';
/** What is being written to a feedback, kept on this device until it is sent. */
const drafts = deviceDraft<string>('feedbackDraft', (v) => (typeof v === 'string' ? v : null));

/** A reply mailed to the user (when they left an email address) or a note for the team. */
export function Composer({ feedback }: { feedback: FeedbackDetail }) {
  const { t } = useTranslation('feedback');
  const { message } = AntApp.useApp();
  const [kind, setKind] = useState<Kind>(feedback.replyByMail ? 'reply' : 'note');
  const key = `${feedback.feedbackId}.${kind}`;
  const [texts, setTexts] = useState<Record<Kind, string>>(() => ({ reply: drafts.read(`${feedback.feedbackId}.reply`) ?? '', note: drafts.read(`${feedback.feedbackId}.note`) ?? '' }));
  const text = texts[kind];
  const send = useFeedbackText(kind);
  const guard = useUnsavedGuard(Boolean(texts.reply.trim() || texts.note.trim()));
  const change = (value: string) => {
    setTexts((x) => ({ ...x, [kind]: value }));
    if (value.trim()) drafts.keep(key, value);
    else drafts.drop(key);
  };
  const submit = () =>
    send.mutate(
      { appId: feedback.appId, feedbackId: feedback.feedbackId, text: text.trim() },
      {
        onSuccess: () => {
          drafts.drop(key);
          setTexts((x) => ({ ...x, [kind]: '' }));
          void message.success(kind === 'reply' ? t('composer.replied', { to: feedback.contact ?? '' }) : t('composer.noted'));
        },
      },
    );
  return (
    <Flex vertical gap={8}>
      {guard}
      <Segmented<Kind>
        aria-label={t('composer.kind')}
        value={kind}
        onChange={setKind}
        options={[
          { value: 'reply', label: t('composer.reply'), disabled: !feedback.replyByMail },
          { value: 'note', label: t('composer.note') },
        ]}
      />
      {!feedback.replyByMail && <Typography.Text type="secondary">{t('composer.noEmail')}</Typography.Text>}
      <Input.TextArea aria-label={kind === 'reply' ? t('composer.replyLabel') : t('composer.noteLabel')} rows={4} maxLength={4000} showCount value={text} onChange={(e) => change(e.target.value)} placeholder={kind === 'reply' ? t('composer.replyHint', { to: feedback.contact ?? '' }) : t('composer.noteHint')} />
      <Flex justify="end" style={{ marginTop: 12 }}>
        <Button type="primary" disabled={!text.trim()} loading={send.isPending} onClick={submit}>
          {kind === 'reply' ? t('composer.sendReply') : t('composer.addNote')}
        </Button>
      </Flex>
    </Flex>
  );
}
