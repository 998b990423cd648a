import { Badge, Empty, List, Tag, Typography } from 'antd';
import type { contentApi } from '@wharf/contract';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@wharf/rules';
import { localTimeZone, type Language } from '../../../session/language';
import { useReadNews } from '../hooks';

type NewsItem = z.infer<typeof contentApi.newsItem>;

/** News items with their category, date and an unread marker for what this browser has not opened. */
export function NewsList({ items, loading }: { items: NewsItem[]; loading: boolean }) {
  const { t, i18n } = useTranslation('content');
  const language = i18n.language as Language;
  const read = useReadNews();
  return (
    <List
      loading={loading}
      dataSource={items}
      locale={{ emptyText: <Empty description={t('news.empty')} /> }}
      renderItem={(item) => {
        const unread = read.data ? !read.data.has(item.id) : false;
        return (
          <List.Item key={item.id} extra={<Typography.Text type="secondary">{formatDate(item.publishedAt, language, localTimeZone())}</Typography.Text>}>
            <List.Item.Meta
              title={
                <span>
                  <Tag>{t(`news.category.${item.category}`)}</Tag>
                  <Link to={`/news/${item.id}`}>{item.title[language]}</Link>{' '}
                  {unread && <Badge status="processing" text={t('news.unread')} />}
                </span>
              }
              description={item.summary[language]}
            />
          </List.Item>
        );
      }}
    />
  );
}
