import type { ReactNode } from 'react';
import { Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SupportTicket } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import type { Side } from '../hooks';
import { SlaTag } from './SlaTag';

export const STATE_COLORS: Record<SupportTicket['state'], string> = { open: 'blue', pending: 'gold', resolved: 'green', closed: 'default' };
export const PRIORITY_COLORS: Record<SupportTicket['priority'], string | undefined> = { normal: undefined, high: 'orange', urgent: 'red' };

/** The state as the side looking at it says it: "waiting for support" to the team is "waiting for us" at the desk. */
export function StateTag({ side, state }: { side: Side; state: SupportTicket['state'] }) {
  const { t } = useTranslation('support');
  return <Tag color={STATE_COLORS[state]}>{t(side === 'team' ? `state.${state}` : `deskState.${state}`)}</Tag>;
}

/** A ticket's number, subject, state and facts; `extra` holds what the side may change. */
export function TicketHeader({ ticket, side, extra }: { ticket: SupportTicket; side: Side; extra?: ReactNode }) {
  const { t } = useTranslation('support');
  const display = useDisplay();
  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          #{ticket.number} {ticket.subject}
        </Typography.Title>
        <StateTag side={side} state={ticket.state} />
        {side === 'desk' && ticket.state === 'open' && <SlaTag ticket={ticket} />}
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        {side === 'desk' && <Descriptions.Item label={t('ticket.team')}>{ticket.teamName ?? '—'}</Descriptions.Item>}
        <Descriptions.Item label={t('ticket.category')}>{t(`category.${ticket.category}`)}</Descriptions.Item>
        <Descriptions.Item label={t('ticket.priority')}>
          <Tag color={PRIORITY_COLORS[ticket.priority]}>{t(`priority.${ticket.priority}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('ticket.app')}>{ticket.appName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('ticket.openedAt')}>{`${display.dateTime(ticket.createdAt)} · ${t('ticket.openedBy', { name: ticket.requesterName ?? t('thread.unknown') })}`}</Descriptions.Item>
        <Descriptions.Item label={t('ticket.assignee')}>{ticket.assigneeName ?? t('ticket.nobody')}</Descriptions.Item>
        {ticket.firstResponseAt && <Descriptions.Item label={t('ticket.firstResponse')}>{display.dateTime(ticket.firstResponseAt)}</Descriptions.Item>}
      </Descriptions>
      {extra}
    </Flex>
  );
}
