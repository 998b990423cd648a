import { useState } from 'react';
import { Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ratingsApi, type ReviewSort } from '@wharf/contract';
import { useRouteAppId } from '../../console/public';
import { usePermissions } from '../../team/public';
import { useReviews, type ReviewFilters as Filters } from '../api/queries';
import { ReviewCard } from '../components/ReviewCard';
import { ReviewFilters } from '../components/ReviewFilters';
import { SummaryCard } from '../components/SummaryCard';
import { TemplatesDrawer } from '../components/TemplatesDrawer';

const FILTER_KEYS = ['stars', 'replied', 'languages', 'versions', 'countries', 'from', 'to', 'q', 'moderation'] as const;

function filtersOf(params: URLSearchParams): Filters {
  const filters: Filters = { sort: (ratingsApi.REVIEW_SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as ReviewSort) : 'newest' };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) (filters as unknown as Record<string, string>)[key] = value;
  }
  return filters;
}

/** Ratings and reviews: what the app's users say, at a glance and one by one, and the team's replies. */
export function RatingsPage() {
  const { t } = useTranslation('ratings');
  const appId = useRouteAppId();
  const canReply = usePermissions().can('support.manage');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const reviews = useReviews(appId, filters);
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];
  const total = reviews.data?.pages[0]?.total ?? 0;
  const filtered = FILTER_KEYS.some((k) => filters[k] !== undefined);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const change = (next: Filters) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([k, v]) => v !== undefined && !(k === 'sort' && v === 'newest'))) as Record<string, string>, { replace: true });
  return (
    <>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t('page.title')}
        </Typography.Title>
        {canReply && <Button onClick={() => setTemplatesOpen(true)}>{t('templates.title')}</Button>}
      </Flex>
      {canReply && <TemplatesDrawer open={templatesOpen} onClose={() => setTemplatesOpen(false)} />}
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
        {t('page.text')}
      </Typography.Paragraph>
      <Flex vertical gap={16}>
        <SummaryCard appId={appId} />
        <ReviewFilters filters={filters} onChange={change} />
        {reviews.isPending ? (
          <Skeleton active />
        ) : items.length === 0 ? (
          <Empty description={filtered ? t('empty.filtered') : t('empty.none')}>
            {filtered && <Button onClick={() => change({ sort: filters.sort })}>{t('filters.clear')}</Button>}
          </Empty>
        ) : (
          <Flex vertical gap={12}>
            <Typography.Text type="secondary" data-testid="review-count">
              {t('list.count', { count: total })}
            </Typography.Text>
            {items.map((review) => (
              <ReviewCard key={review.reviewId} appId={appId} review={review} canReply={canReply} />
            ))}
            {reviews.hasNextPage && (
              <Button onClick={() => void reviews.fetchNextPage()} loading={reviews.isFetchingNextPage} style={{ alignSelf: 'center' }}>
                {t('list.more')}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
    </>
  );
}
