import { useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Flex, Input, List, Row, Segmented, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FeedbackItem, FeedbackState } from '@wharf/contract';
import { useRouteAppId } from '../../console/public';
import { usePermissions } from '../../team/public';
import { useDisplay } from '../../../session/display';
import { ShowMore } from '../../../ui/ShowMore';
import { FeedbackPanel, STATE_COLORS } from '../components/FeedbackPanel';
import { FEEDBACK_CATEGORIES_LIST, FEEDBACK_STATES_LIST } from '../states';
import { useExportFeedback, useFeedbackList, type FeedbackFilters } from '../hooks';

const KEYS = ['state', 'category', 'assignee', 'q'] as const;

/** User feedback: what the app's users send from inside it, one inbox with its states, assignees, notes and replies. */
export function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const appId = useRouteAppId();
  const display = useDisplay();
  const canHandle = usePermissions().can('support.manage');
  // Filters and the open feedback live in the address: a view can be shared and survives a reload.
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))) as FeedbackFilters;
  const openId = params.get('id');
  const put = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
    setParams(next, { replace: true });
  };
  const list = useFeedbackList(appId, filters);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = list.data?.pages[0]?.counts;
  const exporting = useExportFeedback(appId);
  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);
  const filtered = KEYS.some((k) => filters[k] !== undefined);
  const total = counts ? counts.new + counts.inProgress + counts.resolved : 0;

  return (
    <>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('page.title')}
        </Typography.Title>
        {canHandle && (
          <Button onClick={() => exporting.mutate(filters)} loading={exporting.isPending} disabled={total === 0}>
            {t('page.export')}
          </Button>
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('page.text')}
      </Typography.Paragraph>
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        <Segmented<string>
          aria-label={t('filters.state')}
          value={filters.state ?? 'all'}
          onChange={(v) => put({ state: v === 'all' ? undefined : v, id: undefined })}
          options={[{ value: 'all', label: t('filters.all', { count: total }) }, ...FEEDBACK_STATES_LIST.map((s) => ({ value: s, label: `${t(`state.${s}`)}: ${counts?.[s as FeedbackState] ?? 0}` }))]}
        />
        <Flex gap={12} wrap>
          <Select aria-label={t('filters.category')} style={{ width: 180 }} value={filters.category ?? 'all'} onChange={(v: string) => put({ category: v === 'all' ? undefined : v })} options={[{ value: 'all', label: t('filters.allCategories') }, ...FEEDBACK_CATEGORIES_LIST.map((c) => ({ value: c, label: t(`category.${c}`) }))]} />
          <Select aria-label={t('filters.assignee')} style={{ width: 200 }} value={filters.assignee ?? 'all'} onChange={(v: string) => put({ assignee: v === 'all' ? undefined : v })} options={['all', 'me', 'none'].map((v) => ({ value: v, label: t(`assigneeOption.${v}`) }))} />
          <Input.Search aria-label={t('filters.search')} placeholder={t('filters.search')} style={{ width: 280 }} value={q} onChange={(e) => setQ(e.target.value)} onSearch={(v) => put({ q: v.trim() || undefined })} allowClear />
        </Flex>
      </Flex>
      {list.isPending ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Card>
          <Empty description={filtered ? t('empty.filtered') : t('empty.none')}>
            {filtered && <Button onClick={() => setParams({}, { replace: true })}>{t('filters.clear')}</Button>}
          </Empty>
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <Card styles={{ body: { padding: 0 } }}>
              <List<FeedbackItem>
                dataSource={items}
                renderItem={(x) => (
                  <List.Item
                    data-testid="feedback-item"
                    onClick={() => put({ id: x.feedbackId })}
                    style={{ cursor: 'pointer', padding: '12px 16px', background: x.feedbackId === openId ? 'rgba(22,119,255,0.06)' : undefined }}
                  >
                    <Flex vertical gap={4} style={{ width: '100%' }}>
                      <Space wrap size={4}>
                        <Tag color={STATE_COLORS[x.state]}>{t(`state.${x.state}`)}</Tag>
                        <Tag>{t(`category.${x.category}`)}</Tag>
                        {x.screenshots > 0 && <Tag>{t('list.screenshots', { count: x.screenshots })}</Tag>}
                        <Typography.Text type="secondary">{display.dateTime(x.createdAt)}</Typography.Text>
                      </Space>
                      <Typography.Text ellipsis={{ tooltip: false }} style={{ maxWidth: '100%' }}>
                        {x.text}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {[x.appVersion, x.deviceModel, x.assigneeName ? t('list.assignedTo', { name: x.assigneeName }) : null].filter(Boolean).join(' · ')}
                      </Typography.Text>
                    </Flex>
                  </List.Item>
                )}
              />
              <ShowMore list={list}>{t('list.more')}</ShowMore>
            </Card>
          </Col>
          <Col xs={24} lg={14}>
            {openId ? <FeedbackPanel appId={appId} feedbackId={openId} canHandle={canHandle} /> : <Card><Empty description={t('detail.pick')} /></Card>}
          </Col>
        </Row>
      )}
    </>
  );
}
