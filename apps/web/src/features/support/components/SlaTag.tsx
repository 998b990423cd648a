import { useEffect, useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { slaStatus, type SupportPriority } from '@wharf/rules';

const COLORS = { onTrack: 'green', atRisk: 'orange', breached: 'red', none: 'default' } as const;
const TICK_MS = 30_000;

/** The time left to answer a ticket waiting for support (or how late it is), counted down as the page stays open. */
export function SlaTag({ ticket }: { ticket: { priority: SupportPriority; responseDueAt: string | null } }) {
  const { t } = useTranslation('support');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const { status, msLeft } = slaStatus(ticket, now);
  if (status === 'none' || msLeft === null) return <Tag>{t('sla.none')}</Tag>;
  const minutesAll = Math.floor(Math.abs(msLeft) / 60_000);
  const hours = Math.floor(minutesAll / 60);
  const minutes = minutesAll % 60;
  const time = hours ? t('sla.hoursMinutes', { hours, minutes }) : t('sla.minutes', { minutes });
  return (
    <Tag color={COLORS[status]} data-testid="sla">
      {status === 'breached' ? t('sla.overdue', { time }) : t('sla.dueIn', { time })}
    </Tag>
  );
}
