import { useState } from 'react';
import { Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ratingsApi } from '@wharf/contract';
import { useUnsavedGuard } from '../../../ui/unsaved';
import { useAct } from '../../../ui/use-act';
import { useReply } from '../api/mutations';
import { useReplyTemplates } from '../api/queries';
import { dropReplyDraft, keepReplyDraft, readReplyDraft } from './reply-draft';

/** Writing or changing the one reply to a review; what is typed is kept on this device until sent. */
export function ReplyEditor({ appId, reviewId, initial, onDone }: { appId: string; reviewId: string; initial: string; onDone: () => void }) {
  const { t } = useTranslation('ratings');
  const [text, setText] = useState(() => readReplyDraft(reviewId) ?? initial);
  const reply = useReply(appId);
  const templates = useReplyTemplates(true);
  const act = useAct();
  const dirty = text.trim() !== initial.trim();
  const guard = useUnsavedGuard(dirty);
  const change = (value: string) => {
    setText(value);
    if (value.trim() === initial.trim()) dropReplyDraft(reviewId);
    else keepReplyDraft(reviewId, value);
  };
  const send = async () => {
    if (await act(reply.mutateAsync({ reviewId, text: text.trim() }), t('reply.sent'))) {
      dropReplyDraft(reviewId);
      onDone();
    }
  };
  const cancel = () => {
    dropReplyDraft(reviewId);
    onDone();
  };
  return (
    <Flex vertical gap={8}>
      {guard}
      {(templates.data?.items.length ?? 0) > 0 && (
        <Select
          aria-label={t('templates.insert')}
          placeholder={t('templates.insert')}
          style={{ maxWidth: 320 }}
          value={null}
          onChange={(templateId: string) => {
            const chosen = templates.data?.items.find((x) => x.templateId === templateId);
            if (chosen) change(chosen.text);
          }}
          options={templates.data?.items.map((x) => ({ value: x.templateId, label: x.name }))}
        />
      )}
      <Input.TextArea
        aria-label={t('reply.label')}
        value={text}
        onChange={(e) => change(e.target.value)}
        maxLength={ratingsApi.REPLY_TEXT_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={t('reply.placeholder')}
      />
      <Flex gap={8}>
        <Button type="primary" disabled={!text.trim() || !dirty} loading={reply.isPending} onClick={() => void send()}>
          {t('reply.send')}
        </Button>
        <Button onClick={cancel}>{t('reply.cancel')}</Button>
      </Flex>
    </Flex>
  );
}
