import { Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { versionApi, type QueryOf } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import type { Language } from '../../../session/language';
import { ShowMore } from '../../../ui/ShowMore';
import { LISTING_LANGUAGE, visitorCountry } from './StorePage';

const PAGE_SIZE = 24;

function useStoreIndex(language: Language) {
  const country = visitorCountry();
  return useInfiniteQuery({
    queryKey: ['store', versionApi.storeIndex.id, language, country],
    queryFn: ({ pageParam, signal }) => {
      const query: QueryOf<typeof versionApi.storeIndex> = { pageSize: PAGE_SIZE, language: LISTING_LANGUAGE[language], ...(country ? { country } : {}) };
      if (pageParam) query.cursor = pageParam;
      return callEndpoint(versionApi.storeIndex, { query, notAuth: true, notRefresh: true, signal });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The store's front page: every app on shelf, the latest updated first, each leading to its page. Anyone may open it. */
export function StoreIndexPage() {
  const { t, i18n } = useTranslation('versions');
  const language = i18n.language as Language;
  const list = useStoreIndex(language);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div style={{ padding: '24px 48px', maxWidth: 1080, margin: '0 auto', width: '100%' }}>
      <Typography.Title level={2}>{t('storeIndex.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('storeIndex.intro')}</Typography.Paragraph>
      {list.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : items.length === 0 ? (
        <Card>
          <Empty description={t('storeIndex.empty')} />
        </Card>
      ) : (
        <List
          grid={{ gutter: 16, xs: 1, sm: 2, md: 3 }}
          dataSource={items}
          renderItem={(app) => (
            <List.Item>
              <Link to={`/store/${encodeURIComponent(app.appId)}`} aria-label={app.name} data-testid={`store-app-${app.appId}`}>
                <Card hoverable size="small">
                  <Flex gap="middle" align="flex-start">
                    {app.iconUrl ? <img src={app.iconUrl} alt="" width={56} height={56} style={{ borderRadius: 12, objectFit: 'cover', flex: 'none' }} /> : <div style={{ width: 56, height: 56, borderRadius: 12, background: '#f0f0f0', flex: 'none' }} />}
                    <Flex vertical gap={2} style={{ minWidth: 0 }}>
                      <Typography.Text strong ellipsis>
                        {app.name}
                      </Typography.Text>
                      <Typography.Text type="secondary" ellipsis>
                        {app.brief}
                      </Typography.Text>
                      <span>
                        {app.preRegistration && <Tag color="blue">{t('store.preRegistration')}</Tag>}
                        {!app.offeredHere && <Tag>{t('storeIndex.notOfferedHere')}</Tag>}
                      </span>
                    </Flex>
                  </Flex>
                </Card>
              </Link>
            </List.Item>
          )}
        />
      )}
      <ShowMore list={list}>{t('storeIndex.more')}</ShowMore>
    </div>
  );
}
