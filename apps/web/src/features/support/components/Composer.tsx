import { useState, type ReactNode } from 'react';
import { Flex, Input } from 'antd';
import { supportApi } from '@wharf/contract';
import { deviceDraft } from '../../../ui/device-draft';
import { useUnsavedGuard } from '../../../ui/unsaved';
import type { Side } from '../hooks';
import { AttachmentPicker, tokensOf, type PickedFile } from './AttachmentPicker';

/** What is being written in a ticket, kept on this device until it is sent. */
const drafts = deviceDraft<string>('supportDraft', (v) => (typeof v === 'string' ? v : null));

export interface Writing {
  text: string;
  tokens: string[];
  /** Empties the box once the message is sent. */
  sent: () => void;
}

/**
 * A message box with its attachments: the text survives leaving the page (kept per ticket
 * on this device), and the send buttons the caller gives wait for every attachment.
 */
export function Composer({ side, ticketId, draftKey, label, placeholder, actions }: { side: Side; ticketId: string; draftKey: string; label: string; placeholder: string; actions: (w: Writing | null) => ReactNode }) {
  const key = `${side}.${ticketId}.${draftKey}`;
  const [text, setText] = useState(() => drafts.read(key) ?? '');
  const [files, setFiles] = useState<PickedFile[]>([]);
  const guard = useUnsavedGuard(Boolean(text.trim()) || files.length > 0);
  const change = (value: string) => {
    setText(value);
    if (value.trim()) drafts.keep(key, value);
    else drafts.drop(key);
  };
  const { ready, tokens } = tokensOf(files);
  const writing: Writing | null =
    text.trim() && ready
      ? {
          text: text.trim(),
          tokens,
          sent: () => {
            drafts.drop(key);
            setText('');
            setFiles([]);
          },
        }
      : null;
  return (
    <Flex vertical gap={8}>
      {guard}
      <Input.TextArea aria-label={label} placeholder={placeholder} rows={4} maxLength={supportApi.SUPPORT_LIMITS.textMax} showCount value={text} onChange={(e) => change(e.target.value)} />
      <AttachmentPicker side={side} ticketId={ticketId} files={files} onChange={setFiles} />
      <Flex justify="end" gap={8} wrap style={{ marginTop: 12 }}>
        {actions(writing)}
      </Flex>
    </Flex>
  );
}
