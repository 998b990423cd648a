import { Button, Card, Empty, Flex, Segmented, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { supportApi, type SupportTicket } from '@wharf/contract';
import { useDisplay } from '../../../session/display';
import { StateTag } from '../components/TicketHeader';
import { useLiveTickets, useTickets } from '../hooks';

const PAGE_SIZE = 20;

/** The team's tickets to the platform's support, the latest activity first, kept live. */
export function SupportPage() {
  const { t } = useTranslation('support');
  const display = useDisplay();
  const navigate = useNavigate();
  useLiveTickets('team');
  // The state and page live in the address: a reload or a shared link shows the same.
  const [params, setParams] = useSearchParams();
  const state = (params.get('state') ?? undefined) as SupportTicket['state'] | undefined;
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const list = useTickets({ state, pageNo, pageSize: PAGE_SIZE });
  const counts = list.data?.counts;
  const all = counts ? counts.open + counts.pending + counts.resolved + counts.closed : 0;
  const put = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
    setParams(next, { replace: true });
  };
  const newTicket = (
    <Button type="primary" onClick={() => void navigate('/support/new')}>
      {t('list.new')}
    </Button>
  );
  return (
    <>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('list.title')}
        </Typography.Title>
        {newTicket}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('list.text')}
      </Typography.Paragraph>
      {list.data && all === 0 ? (
        <Card>
          <Empty description={<Flex vertical gap={4}><Typography.Text strong>{t('list.emptyTitle')}</Typography.Text><Typography.Text type="secondary">{t('list.emptyText')}</Typography.Text></Flex>}>{newTicket}</Empty>
        </Card>
      ) : (
        <Flex vertical gap={12}>
          <Segmented<string>
            aria-label={t('list.stateFilter')}
            value={state ?? 'all'}
            onChange={(v) => put({ state: v === 'all' ? undefined : v, page: undefined })}
            options={[{ value: 'all', label: t('list.all', { count: all }) }, ...supportApi.SUPPORT_STATES.map((s) => ({ value: s, label: `${t(`state.${s}`)}: ${counts?.[s] ?? 0}` }))]}
          />
          <Table<SupportTicket>
            rowKey="ticketId"
            loading={list.isPending}
            dataSource={list.data?.items ?? []}
            locale={{ emptyText: <Empty description={t('list.emptyFiltered')} /> }}
            pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (page) => put({ page: page > 1 ? String(page) : undefined }) }}
            columns={[
              { key: 'number', title: t('list.number'), width: 80, render: (_, x) => `#${x.number}` },
              {
                key: 'subject',
                title: t('list.subject'),
                render: (_, x) => (
                  <Flex vertical>
                    <Link to={`/support/${x.ticketId}`}>{x.subject}</Link>
                    {x.state === 'pending' && x.lastAuthor === 'operator' && <Typography.Text type="warning" style={{ fontSize: 12 }}>{t('list.supportWrote')}</Typography.Text>}
                  </Flex>
                ),
              },
              { key: 'category', title: t('list.category'), render: (_, x) => <Tag>{t(`category.${x.category}`)}</Tag> },
              { key: 'app', title: t('list.app'), render: (_, x) => x.appName ?? '—' },
              { key: 'state', title: t('list.state'), render: (_, x) => <StateTag side="team" state={x.state} /> },
              { key: 'requester', title: t('list.requester'), render: (_, x) => x.requesterName ?? '—' },
              { key: 'last', title: t('list.lastActivity'), render: (_, x) => display.dateTime(x.lastMessageAt) },
            ]}
          />
        </Flex>
      )}
    </>
  );
}
