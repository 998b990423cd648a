import { Card, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewsList } from '../components/NewsList';
import { NEWS_CATEGORIES, useNewsList, type NewsCategory } from '../hooks';
import { ShowMore } from '../../../ui/ShowMore';

/** Service news, newest first, by category; readable without signing in. */
export function NewsPage() {
  const { t } = useTranslation('content');
  const [category, setCategory] = useState<NewsCategory | 'all'>('all');
  const list = useNewsList(category === 'all' ? undefined : category);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <Typography.Title level={2}>{t('news.title')}</Typography.Title>
      <Segmented
        aria-label={t('news.categoryFilter')}
        value={category}
        onChange={(value) => setCategory(value as NewsCategory | 'all')}
        options={[{ value: 'all', label: t('news.all') }, ...NEWS_CATEGORIES.map((c) => ({ value: c, label: t(`news.category.${c}`) }))]}
        style={{ marginBottom: 16 }}
      />
      <Card>
        <NewsList items={items} loading={list.isPending} />
        <ShowMore list={list}>{t('news.more')}</ShowMore>
      </Card>
    </>
  );
}
