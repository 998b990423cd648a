import { Badge, Button, Empty, Flex, Form, Input, Popconfirm, Select, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { briefLimitOf, LANGUAGES, LISTING_LIMITS, LISTING_MEDIA, textLength, type Language } from '@wharf/rules';
import { ListingMedia, type Media } from './ListingMedia';
import { languageName } from '../../apps/public';

export interface ListingDraft {
  name: string;
  brief: string;
  description: string;
  newFeatures: string;
  iconObjectId: string | null;
  screenshotObjectIds: string[];
}

export const EMPTY_LISTING: ListingDraft = { name: '', brief: '', description: '', newFeatures: '', iconObjectId: null, screenshotObjectIds: [] };

/** The texts a listing needs before submitting (new features are optional), then its icon and screenshots. */
const REQUIRED = ['name', 'brief', 'description'] as const;
const REQUIRED_COUNT = REQUIRED.length + 2;

export function filledCount(listing: ListingDraft): number {
  return REQUIRED.filter((f) => listing[f].trim() !== '').length + (listing.iconObjectId ? 1 : 0) + (listing.screenshotObjectIds.length >= LISTING_MEDIA.screenshotsMin ? 1 : 0);
}

/** Counted as people count characters (an emoji is one), cut at the limit. */
function counter(max: number) {
  return { show: true, max, strategy: textLength, exceedFormatter: (text: string, { max: m }: { max: number }) => [...text].slice(0, m).join('') };
}

interface Props {
  languages: string[];
  listings: Record<string, ListingDraft>;
  active: string | undefined;
  defaultLanguage: string;
  disabled: boolean;
  onActive: (language: string) => void;
  onChange: (language: string, update: (listing: ListingDraft) => ListingDraft) => void;
  onAdd: (language: string) => void;
  onRemove: (language: string) => void;
}

/** The store listing per language: a tab per language with its completeness, a picker from the catalogue, the length limits as counters. */
export function ListingEditor({ languages, listings, active, defaultLanguage, disabled, onActive, onChange, onAdd, onRemove }: Props) {
  const { t, i18n } = useTranslation('versions');
  const display = i18n.language as Language;
  const options = LANGUAGES.filter((l) => !languages.includes(l.key)).map((l) => ({ value: l.key, label: l.names[display] }));
  const current = active && languages.includes(active) ? active : languages[0];
  return (
    <Flex vertical gap="middle">
      {!disabled && (
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          style={{ maxWidth: 360 }}
          placeholder={t('listing.addLanguage')}
          aria-label={t('listing.addLanguage')}
          options={options}
          value={null}
          onChange={(key: string) => onAdd(key)}
        />
      )}
      {languages.length === 0 ? (
        <Empty description={t('listing.empty', { language: languageName(defaultLanguage, display) })} />
      ) : (
        <Tabs
          activeKey={current}
          onChange={onActive}
          items={languages.map((key) => {
            const listing = listings[key] ?? EMPTY_LISTING;
            const filled = filledCount(listing);
            const complete = filled === REQUIRED_COUNT;
            const briefLimit = briefLimitOf(key);
            const set = (field: 'name' | 'brief' | 'description' | 'newFeatures') => (e: { target: { value: string } }) => {
              const value = e.target.value;
              onChange(key, (l) => ({ ...l, [field]: value }));
            };
            return {
              key,
              label: (
                <span>
                  <Badge status={complete ? 'success' : 'warning'} />
                  {languageName(key, display)}
                  {key === defaultLanguage ? ` · ${t('listing.default')}` : ''}
                  <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                    {complete ? t('listing.complete') : t('listing.filled', { filled, total: REQUIRED_COUNT })}
                  </Typography.Text>
                </span>
              ),
              children: (
                <Form layout="vertical" disabled={disabled}>
                  <Form.Item label={t('listing.name')} required validateStatus={listing.name.trim() ? undefined : 'warning'} help={listing.name.trim() ? undefined : t('listing.needed')}>
                    <Input value={listing.name} onChange={set('name')} count={counter(LISTING_LIMITS.name)} aria-label={t('listing.name')} />
                  </Form.Item>
                  <Form.Item
                    label={t('listing.brief')}
                    required
                    extra={key.startsWith('zh') ? t('listing.briefChinese', { max: briefLimit }) : undefined}
                    validateStatus={listing.brief.trim() ? undefined : 'warning'}
                    help={listing.brief.trim() ? undefined : t('listing.needed')}
                  >
                    <Input value={listing.brief} onChange={set('brief')} count={counter(briefLimit)} aria-label={t('listing.brief')} />
                  </Form.Item>
                  <Form.Item label={t('listing.description')} required validateStatus={listing.description.trim() ? undefined : 'warning'} help={listing.description.trim() ? undefined : t('listing.needed')}>
                    <Input.TextArea rows={5} value={listing.description} onChange={set('description')} count={counter(LISTING_LIMITS.description)} aria-label={t('listing.description')} />
                  </Form.Item>
                  <ListingMedia
                    language={key}
                    languageLabel={languageName(key, display)}
                    iconObjectId={listing.iconObjectId}
                    screenshotObjectIds={listing.screenshotObjectIds}
                    disabled={disabled}
                    onChange={(update) => onChange(key, (l) => ({ ...l, ...update({ iconObjectId: l.iconObjectId, screenshotObjectIds: l.screenshotObjectIds } as Media) }))}
                  />
                  <Form.Item label={t('listing.newFeatures')}>
                    <Input.TextArea rows={3} value={listing.newFeatures} onChange={set('newFeatures')} count={counter(LISTING_LIMITS.newFeatures)} aria-label={t('listing.newFeatures')} />
                  </Form.Item>
                  {!disabled && key !== defaultLanguage && (
                    <Popconfirm title={t('listing.removeConfirm', { language: languageName(key, display) })} okText={t('listing.remove')} cancelText={t('actions.back')} okButtonProps={{ danger: true }} onConfirm={() => onRemove(key)}>
                      <Button danger size="small">
                        {t('listing.removeOf', { language: languageName(key, display) })}
                      </Button>
                    </Popconfirm>
                  )}
                </Form>
              ),
            };
          })}
        />
      )}
    </Flex>
  );
}
