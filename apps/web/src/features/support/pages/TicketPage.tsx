import { App as AntApp, Alert, Button, Card, Empty, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { supportRateable } from '@wharf/rules';
import { Composer } from '../components/Composer';
import { RateCard } from '../components/RateCard';
import { TicketHeader } from '../components/TicketHeader';
import { Thread } from '../components/Thread';
import { useCloseTicket, useLiveTickets, useReplyTicket, useTicket } from '../hooks';

/** One of the team's tickets: the conversation as it happens, a reply box, closing and rating. */
export function TicketPage() {
  const { t } = useTranslation('support');
  const { message } = AntApp.useApp();
  const ticketId = useParams().ticketId!;
  useLiveTickets('team');
  const one = useTicket('team', ticketId);
  const reply = useReplyTicket();
  const close = useCloseTicket();
  const back = <Link to="/support">← {t('ticket.back')}</Link>;
  if (one.isPending) return <Skeleton active />;
  const ticket = one.data?.ticket;
  if (!ticket) return <Card>{back}<Empty description={t('ticket.notFound')} /></Card>;
  const rateable = supportRateable({ state: ticket.state, rated: ticket.rating !== null });
  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      {back}
      <TicketHeader ticket={ticket} side="team" />
      <Typography.Text type="secondary">{t('ticket.live')}</Typography.Text>
      <Thread messages={ticket.thread} side="team" />
      {ticket.state === 'resolved' && <Alert type="success" showIcon message={t('ticket.resolvedNote')} />}
      {(rateable || ticket.rating) && <RateCard ticket={ticket} />}
      {ticket.state === 'closed' ? (
        <Alert type="info" showIcon message={t('ticket.closed')} />
      ) : (
        <Card size="small">
          <Composer
            side="team"
            ticketId={ticket.ticketId}
            draftKey="reply"
            label={t('reply.label')}
            placeholder={t('reply.placeholder')}
            actions={(w) => (
              <>
                <Popconfirm title={t('ticket.closeConfirm')} onConfirm={() => close.mutateAsync(ticket.ticketId)}>
                  <Button loading={close.isPending}>{t('ticket.close')}</Button>
                </Popconfirm>
                <Button
                  type="primary"
                  disabled={!w}
                  loading={reply.isPending}
                  onClick={() => w && reply.mutate({ ticketId: ticket.ticketId, text: w.text, attachmentTokens: w.tokens }, { onSuccess: () => (w.sent(), void message.success(t('reply.sent'))) })}
                >
                  {t('reply.send')}
                </Button>
              </>
            )}
          />
        </Card>
      )}
    </Flex>
  );
}
