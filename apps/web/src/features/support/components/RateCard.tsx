import { useState } from 'react';
import { App as AntApp, Button, Card, Flex, Input, Rate, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { supportApi, type SupportTicket } from '@wharf/contract';
import { useRateTicket } from '../hooks';

/** How satisfied the team is, asked once the ticket is resolved or closed; afterwards, the rating given. */
export function RateCard({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation('support');
  const { message } = AntApp.useApp();
  const rate = useRateTicket();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  if (ticket.rating) {
    return (
      <Card size="small" title={t('rate.yours')} data-testid="rating">
        <Rate disabled value={ticket.rating.score} />
        {ticket.rating.comment && <Typography.Paragraph style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap' }}>{ticket.rating.comment}</Typography.Paragraph>}
      </Card>
    );
  }
  return (
    <Card size="small" title={t('rate.title')}>
      <Flex vertical gap={8}>
        <Rate aria-label={t('rate.score')} value={score} onChange={setScore} />
        <Input.TextArea aria-label={t('rate.comment')} placeholder={t('rate.comment')} rows={2} maxLength={supportApi.SUPPORT_LIMITS.commentMax} value={comment} onChange={(e) => setComment(e.target.value)} />
        <Flex justify="end">
          <Button
            type="primary"
            disabled={!score}
            loading={rate.isPending}
            onClick={() => rate.mutate({ ticketId: ticket.ticketId, score, ...(comment.trim() ? { comment: comment.trim() } : {}) }, { onSuccess: () => void message.success(t('rate.thanks')) })}
          >
            {t('rate.submit')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
