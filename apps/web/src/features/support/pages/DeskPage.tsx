import { useEffect, useState } from 'react';
import { Empty, Flex, Input, Segmented, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { supportApi, type SupportTicket } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { DeskSummary } from '../components/DeskSummary';
import { SlaTag } from '../components/SlaTag';
import { PRIORITY_COLORS, StateTag } from '../components/TicketHeader';
import { useLiveTickets, useQueue, type QueueQuery } from '../hooks';

const PAGE_SIZE = 20;
const KEYS = ['state', 'assignee', 'category', 'priority', 'q', 'sort'] as const;

/** The operators' queue of every team's tickets: the soonest due first, kept live. */
export function DeskPage() {
  const { t } = useTranslation('support');
  const display = useDisplay();
  useLiveTickets('desk');
  // Filters live in the address; the queue opens on what waits for an answer.
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? undefined])) as Record<(typeof KEYS)[number], string | undefined>;
  const state = filters.state ?? 'open';
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const query: QueueQuery = { ...filters, state: state === 'all' ? undefined : state, sort: (filters.sort as QueueQuery['sort']) ?? 'due', pageNo, pageSize: PAGE_SIZE };
  const queue = useQueue(query);
  const put = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    // A new filter starts at the first page.
    if (!('page' in patch)) next.delete('page');
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
    setParams(next, { replace: true });
  };
  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);
  const data = queue.data;
  const counts = data?.counts;
  return (
    <>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('desk.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('desk.text')}
      </Typography.Paragraph>
      {data && <DeskSummary facts={{ waiting: data.counts.open, breached: data.breached, satisfaction: data.satisfaction }} />}
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        <Segmented<string>
          aria-label={t('list.stateFilter')}
          value={state}
          onChange={(v) => put({ state: v === 'open' ? undefined : v })}
          options={[...supportApi.SUPPORT_STATES.map((s) => ({ value: s, label: `${t(`deskState.${s}`)}: ${counts?.[s] ?? 0}` })), { value: 'all', label: t('list.all', { count: counts ? counts.open + counts.pending + counts.resolved + counts.closed : 0 }) }]}
        />
        <Flex gap={12} wrap>
          <Select aria-label={t('desk.assignee')} style={{ width: 160 }} value={filters.assignee ?? 'all'} onChange={(v: string) => put({ assignee: v === 'all' ? undefined : v })} options={[{ value: 'all', label: t('desk.assigneeAll') }, { value: 'me', label: t('desk.assigneeMe') }, { value: 'none', label: t('desk.assigneeNone') }]} />
          <Select aria-label={t('list.category')} style={{ width: 220 }} value={filters.category ?? 'all'} onChange={(v: string) => put({ category: v === 'all' ? undefined : v })} options={[{ value: 'all', label: t('desk.allCategories') }, ...supportApi.SUPPORT_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))]} />
          <Select aria-label={t('ticket.priority')} style={{ width: 160 }} value={filters.priority ?? 'all'} onChange={(v: string) => put({ priority: v === 'all' ? undefined : v })} options={[{ value: 'all', label: t('desk.allPriorities') }, ...supportApi.SUPPORT_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))]} />
          <Select aria-label={t('desk.sort')} style={{ width: 220 }} value={query.sort} onChange={(v: string) => put({ sort: v === 'due' ? undefined : v })} options={[{ value: 'due', label: t('desk.sortDue') }, { value: 'updated', label: t('desk.sortUpdated') }]} />
          <Input.Search aria-label={t('desk.search')} placeholder={t('desk.search')} style={{ width: 280 }} value={q} onChange={(e) => setQ(e.target.value)} onSearch={(v) => put({ q: v.trim() || undefined })} allowClear />
        </Flex>
      </Flex>
      <Table<SupportTicket>
        rowKey="ticketId"
        loading={queue.isPending}
        dataSource={data?.items ?? []}
        locale={{ emptyText: <Empty description={state === 'open' ? t('desk.emptyOpen') : t('desk.empty')} /> }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: data?.total ?? 0, showSizeChanger: false, onChange: (page) => put({ page: page > 1 ? String(page) : undefined }) }}
        columns={[
          { key: 'due', title: t('desk.due'), render: (_, x) => (x.state === 'open' ? <SlaTag ticket={x} /> : '—') },
          { key: 'number', title: t('list.number'), render: (_, x) => `#${x.number}` },
          { key: 'subject', title: t('list.subject'), render: (_, x) => <Link to={`/support-desk/${x.ticketId}`}>{x.subject}</Link> },
          { key: 'team', title: t('desk.team'), render: (_, x) => x.teamName ?? '—' },
          { key: 'category', title: t('list.category'), render: (_, x) => t(`category.${x.category}`) },
          { key: 'priority', title: t('ticket.priority'), render: (_, x) => <Tag color={PRIORITY_COLORS[x.priority]}>{t(`priority.${x.priority}`)}</Tag> },
          { key: 'state', title: t('list.state'), render: (_, x) => <StateTag side="desk" state={x.state} /> },
          { key: 'assignee', title: t('desk.assignee'), render: (_, x) => x.assigneeName ?? t('ticket.nobody') },
          { key: 'last', title: t('list.lastActivity'), render: (_, x) => display.dateTime(x.lastMessageAt) },
        ]}
      />
    </>
  );
}
