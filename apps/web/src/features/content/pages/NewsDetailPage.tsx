import { Alert, Breadcrumb, Card, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate, isOpenableLink } from '@wharf/rules';
import { localTimeZone, type Language } from '../../../session/language';
import { useNewsDetail } from '../hooks';

/** One news item; opening it marks it read for this browser. */
export function NewsDetailPage() {
  const { t, i18n } = useTranslation('content');
  const language = i18n.language as Language;
  const { serviceNewsId = '' } = useParams();
  const detail = useNewsDetail(serviceNewsId);
  const item = detail.data?.item;
  return (
    <>
      <Breadcrumb items={[{ title: <Link to="/news">{t('news.title')}</Link> }, { title: item?.title[language] ?? '' }]} style={{ marginBottom: 16 }} />
      {detail.isError ? (
        <Alert type="error" showIcon title={t('news.notFound')} />
      ) : !item ? (
        <Skeleton active />
      ) : (
        <Card>
          <Typography.Title level={2}>{item.title[language]}</Typography.Title>
          <Typography.Paragraph type="secondary">
            <Tag>{t(`news.category.${item.category}`)}</Tag>
            {formatDate(item.publishedAt, language, localTimeZone())}
          </Typography.Paragraph>
          <Typography.Paragraph strong>{item.summary[language]}</Typography.Paragraph>
          {item.body[language].split(/\n{2,}/).map((paragraph, i) => (
            <Typography.Paragraph key={i} style={{ whiteSpace: 'pre-line' }}>
              {paragraph}
            </Typography.Paragraph>
          ))}
          {item.link && isOpenableLink(item.link) && (
            <a href={item.link} target="_blank" rel="noreferrer noopener">
              {t('news.readMore')}
            </a>
          )}
        </Card>
      )}
    </>
  );
}
