import { useState } from 'react';
import { App as AntApp, Alert, Button, Card, Col, Empty, Flex, Row, Segmented, Select, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { supportApi, type SupportTicketDetail } from '@wharf/contract';
import { useMe } from '../../accounts/public';
import { Composer } from '../components/Composer';
import { RateCard } from '../components/RateCard';
import { TicketHeader } from '../components/TicketHeader';
import { Thread } from '../components/Thread';
import { useAgents, useDeskReply, useDeskUpdate, useLiveTickets, useTicket } from '../hooks';

type Mode = 'answer' | 'note';

/** A ticket at the desk: who has it, how urgent, the conversation with internal notes, and the answer box. */
export function DeskTicketPage() {
  const { t } = useTranslation('support');
  const ticketId = useParams().ticketId!;
  useLiveTickets('desk');
  const one = useTicket('desk', ticketId);
  const back = <Link to="/support-desk">← {t('desk.back')}</Link>;
  if (one.isPending) return <Skeleton active />;
  const ticket = one.data?.ticket;
  if (!ticket) return <Card>{back}<Empty description={t('ticket.notFound')} /></Card>;
  return (
    <Flex vertical gap={16}>
      {back}
      <TicketHeader ticket={ticket} side="desk" extra={ticket.state !== 'closed' && <Handling ticket={ticket} />} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Thread messages={ticket.thread} side="desk" />
        </Col>
        <Col xs={24} xl={10}>
          {ticket.state === 'closed' ? <Alert type="info" showIcon message={t('ticket.closed')} /> : <Answer ticket={ticket} />}
          {ticket.rating && (
            <div style={{ marginTop: 16 }}>
              <RateCard ticket={ticket} />
            </div>
          )}
        </Col>
      </Row>
    </Flex>
  );
}

/** Assignment, priority and state: what an operator changes without writing. */
function Handling({ ticket }: { ticket: SupportTicketDetail }) {
  const { t } = useTranslation('support');
  const { message } = AntApp.useApp();
  const me = useMe();
  const agents = useAgents();
  const update = useDeskUpdate();
  const change = (patch: { assigneeId?: string | null; priority?: SupportTicketDetail['priority']; state?: 'open' | 'resolved' }) =>
    update.mutate({ ticketId: ticket.ticketId, ...patch }, { onSuccess: () => void message.success(t('desk.updated')) });
  const myId = me.data?.userId;
  return (
    <Space wrap>
      <Select
        aria-label={t('desk.assignTo')}
        style={{ width: 220 }}
        allowClear
        placeholder={t('ticket.nobody')}
        value={ticket.assigneeId ?? undefined}
        onChange={(v: string | undefined) => change({ assigneeId: v ?? null })}
        options={(agents.data?.agents ?? []).map((a) => ({ value: a.userId, label: a.name }))}
      />
      {myId && ticket.assigneeId !== myId && <Button onClick={() => change({ assigneeId: myId })}>{t('desk.takeIt')}</Button>}
      <Select aria-label={t('ticket.priority')} style={{ width: 140 }} value={ticket.priority} onChange={(v) => change({ priority: v })} options={supportApi.SUPPORT_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} />
      {ticket.state === 'resolved' || ticket.state === 'pending' ? <Button onClick={() => change({ state: 'open' })}>{t('desk.reopen')}</Button> : null}
      {ticket.state !== 'resolved' && <Button onClick={() => change({ state: 'resolved' })}>{t('desk.resolve')}</Button>}
    </Space>
  );
}

/** The answer to the team (mailed to whoever opened the ticket) or an internal note. */
function Answer({ ticket }: { ticket: SupportTicketDetail }) {
  const { t } = useTranslation('support');
  const { message } = AntApp.useApp();
  const [mode, setMode] = useState<Mode>('answer');
  const reply = useDeskReply();
  const send = (text: string, tokens: string[], then: 'pending' | 'resolved', done: () => void) =>
    reply.mutate(
      { ticketId: ticket.ticketId, text, attachmentTokens: tokens, internal: mode === 'note', then },
      { onSuccess: () => (done(), void message.success(mode === 'note' ? t('desk.noted') : t('desk.answered'))) },
    );
  return (
    <Card size="small">
      <Flex vertical gap={8}>
        <Segmented<Mode> aria-label={t('desk.mode')} value={mode} onChange={setMode} options={[{ value: 'answer', label: t('desk.answer') }, { value: 'note', label: t('desk.note') }]} />
        <Composer
          key={mode}
          side="desk"
          ticketId={ticket.ticketId}
          draftKey={mode}
          label={mode === 'answer' ? t('desk.answer') : t('desk.note')}
          placeholder={mode === 'answer' ? t('desk.answerPlaceholder', { name: ticket.requesterName ?? t('thread.unknown') }) : t('desk.notePlaceholder')}
          actions={(w) =>
            mode === 'note' ? (
              <Button type="primary" disabled={!w} loading={reply.isPending} onClick={() => w && send(w.text, w.tokens, 'pending', w.sent)}>
                {t('desk.addNote')}
              </Button>
            ) : (
              <>
                <Button disabled={!w} loading={reply.isPending} onClick={() => w && send(w.text, w.tokens, 'resolved', w.sent)}>
                  {t('desk.sendResolved')}
                </Button>
                <Button type="primary" disabled={!w} loading={reply.isPending} onClick={() => w && send(w.text, w.tokens, 'pending', w.sent)}>
                  {t('desk.sendPending')}
                </Button>
              </>
            )
          }
        />
      </Flex>
    </Card>
  );
}
