import { Card, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, isOpenableLink } from '@wharf/rules';
import { localTimeZone, type Language } from '../../../session/language';
import { useDiscounts } from '../hooks';

/** Discount activities running now; hidden when there are none. */
export function DiscountsCard() {
  const { t, i18n } = useTranslation('content');
  const language = i18n.language as Language;
  const discounts = useDiscounts();
  const items = discounts.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card title={t('discounts.title')}>
      <List
        dataSource={items}
        renderItem={(item) => (
          <List.Item key={item.id}>
            <List.Item.Meta
              title={
                <span>
                  <Tag color="red">{t('discounts.off', { percent: formatNumber(item.discountPercent, language) })}</Tag>
                  {item.link && isOpenableLink(item.link) ? (
                    <a href={item.link} target="_blank" rel="noreferrer noopener">
                      {item.title[language]}
                    </a>
                  ) : (
                    item.title[language]
                  )}
                </span>
              }
              description={
                <>
                  <div>{item.description[language]}</div>
                  <Typography.Text type="secondary">
                    {t('discounts.until', { date: formatDate(item.endsAt, language, localTimeZone()) })}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
