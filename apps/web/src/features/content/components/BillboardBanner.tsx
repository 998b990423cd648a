import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { isOpenableLink } from '@wharf/rules';
import type { Language } from '../../../session/language';
import { useBillboard } from '../hooks';

/** The operator's notices that are showing now, in their order; nothing when there are none. */
export function BillboardBanner() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const billboard = useBillboard();
  const items = billboard.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Flex vertical gap="small" style={{ marginBottom: 16 }}>
      {items.map((item) => (
        <Alert
          key={item.id}
          type="info"
          showIcon
          title={
            item.link && isOpenableLink(item.link) ? (
              <a href={item.link} target="_blank" rel="noreferrer noopener">
                {item.title[language]}
              </a>
            ) : (
              item.title[language]
            )
          }
        />
      ))}
    </Flex>
  );
}
