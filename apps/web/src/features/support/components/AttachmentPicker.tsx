import { useState } from 'react';
import { App as AntApp, Button, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { supportApi } from '@wharf/contract';
import { formatFileSize } from '@wharf/rules';
import { uploadAttachment, type Side } from '../hooks';

const { ATTACHMENT_TYPES, SUPPORT_LIMITS } = supportApi;
const MAX_SIZE = formatFileSize(SUPPORT_LIMITS.attachmentBytes);

export interface PickedFile {
  key: string;
  name: string;
  percent: number;
  /** Set once the bytes have arrived. */
  token: string | null;
}

/**
 * Files for a message: each is sent as soon as it is picked, with its progress, and the
 * message names the finished ones by their tokens. Types and sizes are checked here first
 * (the server checks them again, by the bytes).
 */
export function AttachmentPicker({ side, ticketId, files, onChange }: { side: Side; ticketId: string | null; files: PickedFile[]; onChange: (update: (files: PickedFile[]) => PickedFile[]) => void }) {
  const { t } = useTranslation('support');
  const { message } = AntApp.useApp();
  const [inputKey, setInputKey] = useState(0);
  const pick = (list: FileList | null) => {
    const picked = [...(list ?? [])];
    setInputKey((k) => k + 1);
    if (files.length + picked.length > SUPPORT_LIMITS.attachmentsMax) {
      void message.error(t('attachments.tooMany', { max: SUPPORT_LIMITS.attachmentsMax }));
      return;
    }
    for (const file of picked) {
      if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
        void message.error(t('attachments.wrongType', { name: file.name }));
        continue;
      }
      if (file.size > SUPPORT_LIMITS.attachmentBytes) {
        void message.error(t('attachments.tooLarge', { name: file.name, size: MAX_SIZE }));
        continue;
      }
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      onChange((x) => [...x, { key, name: file.name, percent: 0, token: null }]);
      uploadAttachment(side, file, ticketId, (loaded, total) => onChange((x) => x.map((f) => (f.key === key ? { ...f, percent: total ? Math.min(99, Math.round((loaded / total) * 100)) : f.percent } : f))))
        .then(({ attachmentToken }) => onChange((x) => x.map((f) => (f.key === key ? { ...f, percent: 100, token: attachmentToken } : f))))
        // The request layer has shown why.
        .catch(() => onChange((x) => x.filter((f) => f.key !== key)));
    }
  };
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Button onClick={() => document.getElementById(`support-files-${side}`)?.click()} disabled={files.length >= SUPPORT_LIMITS.attachmentsMax}>
          {t('attachments.add')}
        </Button>
        <input key={inputKey} id={`support-files-${side}`} type="file" multiple style={{ display: 'none' }} accept={ATTACHMENT_TYPES.join(',')} aria-label={t('attachments.add')} onChange={(e) => pick(e.target.files)} />
        <Typography.Text type="secondary">{t('attachments.hint', { max: SUPPORT_LIMITS.attachmentsMax, size: MAX_SIZE })}</Typography.Text>
      </Flex>
      {files.map((f) => (
        <Flex key={f.key} gap={8} align="center" data-testid="attachment">
          <Typography.Text style={{ minWidth: 160 }}>{f.name}</Typography.Text>
          <Progress percent={f.percent} size="small" style={{ width: 200, margin: 0 }} status={f.token ? 'success' : 'active'} />
          <Button size="small" type="text" aria-label={t('attachments.remove', { name: f.name })} onClick={() => onChange((x) => x.filter((y) => y.key !== f.key))}>
            ×
          </Button>
        </Flex>
      ))}
    </Flex>
  );
}

/** Whether every picked file has arrived, and their tokens. */
export const tokensOf = (files: PickedFile[]) => ({ ready: files.every((f) => f.token !== null), tokens: files.flatMap((f) => (f.token ? [f.token] : [])) });
