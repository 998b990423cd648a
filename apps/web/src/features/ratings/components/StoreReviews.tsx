import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Rate, Row, Segmented, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ratingsApi, type PublicReview } from '@wharf/contract';
import { formatDate } from '@wharf/rules';
import { callEndpoint } from '../../../request/call';
import { RatingOverview } from './RatingOverview';

/** The review language each console language reads first. */
const READER_LANGUAGE: Readonly<Record<string, string>> = { cn: 'zh', en: 'en', ru: 'ru' };

/** The store page's ratings and reviews: the average, then reviews in the reader's language first. */
export function StoreReviews({ appId }: { appId: string }) {
  const { t, i18n } = useTranslation('ratings');
  const [sort, setSort] = useState<'newest' | 'helpful'>('newest');
  const language = READER_LANGUAGE[i18n.language] ?? 'en';
  const reviews = useInfiniteQuery({
    queryKey: ['store', ratingsApi.storeReviews.id, appId, language, sort],
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(ratingsApi.storeReviews, { params: { appId }, query: { language, sort, pageSize: 10, ...(pageParam ? { cursor: pageParam } : {}) }, notAuth: true, notRefresh: true, silent: true, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const summary = reviews.data?.pages[0]?.summary;
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];
  // Nothing to show when they cannot be read (the page itself says what is wrong with the app).
  if (reviews.isError && !reviews.data) return null;
  return (
    <Card title={t('store.title')} data-testid="store-reviews">
      {!reviews.data || !summary ? (
        <Skeleton active />
      ) : summary.count === 0 ? (
        <Empty description={t('store.none')} />
      ) : (
        <Row gutter={[32, 24]}>
          <Col xs={24} md={7}>
            <RatingOverview summary={summary} />
          </Col>
          <Col xs={24} md={17}>
            <Flex vertical gap={16}>
              <Segmented
                value={sort}
                onChange={(v) => setSort(v as 'newest' | 'helpful')}
                options={[
                  { value: 'newest', label: t('sort.newest') },
                  { value: 'helpful', label: t('sort.helpful') },
                ]}
                style={{ alignSelf: 'flex-start' }}
              />
              {items.length === 0 && <Typography.Text type="secondary">{t('store.onlyRatings')}</Typography.Text>}
              {items.map((review) => (
                <StoreReview key={review.reviewId} review={review} language={i18n.language} />
              ))}
              {reviews.hasNextPage && (
                <Button onClick={() => void reviews.fetchNextPage()} loading={reviews.isFetchingNextPage} style={{ alignSelf: 'flex-start' }}>
                  {t('list.more')}
                </Button>
              )}
            </Flex>
          </Col>
        </Row>
      )}
    </Card>
  );
}

function StoreReview({ review, language }: { review: PublicReview; language: string }) {
  const { t } = useTranslation('ratings');
  return (
    <Flex vertical gap={4} data-testid="store-review">
      <Flex gap={12} align="center" wrap>
        <Rate disabled value={review.rating} style={{ fontSize: 14 }} aria-label={t('review.stars', { count: review.rating })} />
        <Typography.Text type="secondary">{[formatDate(review.updatedAt, language), review.versionName ? t('review.version', { version: review.versionName }) : null].filter(Boolean).join(' · ')}</Typography.Text>
      </Flex>
      {review.text && <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{review.text}</Typography.Paragraph>}
      {review.helpful > 0 && <Typography.Text type="secondary">{t('review.helpful', { count: review.helpful })}</Typography.Text>}
      {review.reply && (
        <div style={{ borderInlineStart: '3px solid rgba(128,128,128,.35)', paddingInlineStart: 12, marginTop: 4 }}>
          <Typography.Text strong>{t('store.developerReply')}</Typography.Text>{' '}
          <Typography.Text type="secondary">{formatDate(review.reply.updatedAt, language)}</Typography.Text>
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{review.reply.text}</Typography.Paragraph>
        </div>
      )}
    </Flex>
  );
}
