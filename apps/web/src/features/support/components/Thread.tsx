import { Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SupportMessage } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import type { Side } from '../hooks';

const BACKGROUND: Record<SupportMessage['author'], string | undefined> = { team: undefined, operator: 'rgba(22,119,255,0.06)', note: 'rgba(250,173,20,0.12)' };

/** A ticket's conversation, oldest first: who wrote, when, the words as written (never as markup), and the attachments. */
export function Thread({ messages, side }: { messages: readonly SupportMessage[]; side: Side }) {
  const { t } = useTranslation('support');
  const display = useDisplay();
  const who = (m: SupportMessage) => {
    const name = m.authorName ?? t('thread.unknown');
    if (m.author === 'note') return t('thread.note', { name });
    if (m.author === 'operator') return m.authorName ? t('thread.support', { name }) : t('thread.supportAnonymous');
    return side === 'team' ? t('thread.you', { name }) : t('thread.team', { name });
  };
  return (
    <Flex vertical gap={12} role="log" aria-live="polite" data-testid="thread">
      {messages.map((m) => (
        <Card key={m.messageId} size="small" style={{ background: BACKGROUND[m.author] }} data-testid={`message-${m.author}`}>
          <Flex justify="space-between" wrap gap={8}>
            <Typography.Text strong>{who(m)}</Typography.Text>
            <Typography.Text type="secondary">{display.dateTime(m.createdAt)}</Typography.Text>
          </Flex>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '8px 0 0' }}>{m.text}</Typography.Paragraph>
          {m.attachments.length > 0 && (
            <Space wrap size={12} style={{ marginTop: 8 }}>
              {m.attachments.map((a) => (
                <Typography.Link key={a.attachmentId} href={a.url ?? undefined} target="_blank" rel="noopener noreferrer" download={a.fileName}>
                  {a.fileName} ({display.size(a.size)})
                </Typography.Link>
              ))}
            </Space>
          )}
        </Card>
      ))}
    </Flex>
  );
}
