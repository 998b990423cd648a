import { Alert, Button, Descriptions, Empty, Flex, Image, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Listing, ResponseOf, Version, versionApi } from '@wharf/contract';
import type { Language } from '@wharf/rules';
import { languageName } from '../../apps/public';

type Changes = NonNullable<ResponseOf<typeof versionApi.reviewTaskDetail>['diff']>['listings'];
const FIELDS = ['name', 'brief', 'description', 'newFeatures'] as const;
const MEDIA_FIELDS = ['iconObjectId', 'screenshotObjectIds', 'videoObjectIds'] as const;

/**
 * The listing per language, each field marked when it differs from the version on shelf:
 * the texts, and the icon, screenshots and videos as the store will show them (signed
 * addresses the task answered), the on-shelf ones beside any that changed.
 */
export function ListingDiff({ version, onShelf, changes, media }: { version: Version; onShelf: Version | null; changes: Changes; media: Readonly<Record<string, string>> }) {
  const { t, i18n } = useTranslation('review');
  const language = i18n.language as Language;
  const before = new Map((onShelf?.listings ?? []).map((l) => [l.language, l]));
  const changeOf = new Map(changes.map((c) => [c.language, c]));
  const dropped = changes.filter((c) => c.change === 'removed');
  return (
    <>
      {dropped.length > 0 && <Alert type="warning" showIcon title={t('task.languagesRemoved', { list: dropped.map((c) => languageName(c.language, language)).join(', ') })} />}
      <Tabs
        items={version.listings.map((l) => {
          const old = before.get(l.language);
          const change = changeOf.get(l.language);
          const changed = change?.change === 'changed' ? change.fields : [];
          const mediaChanged = MEDIA_FIELDS.some((f) => changed.includes(f));
          const otherChanges = changed.filter((f) => !(FIELDS as readonly string[]).includes(f) && !(MEDIA_FIELDS as readonly string[]).includes(f));
          return {
            key: l.language,
            label: (
              <span>
                {languageName(l.language, language)}
                {change?.change === 'added' && <Tag color="green" style={{ marginInlineStart: 6 }}>{t('task.new')}</Tag>}
                {change?.change === 'changed' && <Tag color="gold" style={{ marginInlineStart: 6 }}>{t('task.changedCount', { count: change.fields.length })}</Tag>}
              </span>
            ),
            children: (
              <Flex vertical gap="small">
                <Descriptions size="small" column={1} bordered>
                  {FIELDS.map((f) => (
                    <Descriptions.Item
                      key={f}
                      label={
                        <span>
                          {t(`listing.${f}`, { ns: 'versions' })}
                          {changed.includes(f) && <Tag color="gold" style={{ marginInlineStart: 6 }}>{t('task.changed')}</Tag>}
                        </span>
                      }
                    >
                      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{l[f] || '—'}</Typography.Paragraph>
                      {changed.includes(f) && old && (
                        <Typography.Paragraph type="secondary" delete style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
                          {old[f] || '—'}
                        </Typography.Paragraph>
                      )}
                    </Descriptions.Item>
                  ))}
                  {otherChanges.length > 0 && <Descriptions.Item label={t('task.otherChanges')}>{otherChanges.map((f) => t(`task.field.${f}`, { defaultValue: f })).join(', ')}</Descriptions.Item>}
                </Descriptions>
                <ListingImages listing={l} media={media} title={mediaChanged ? t('task.mediaNew') : t('task.media')} changed={mediaChanged} />
                {mediaChanged && old && <ListingImages listing={old} media={media} title={t('task.mediaOnShelf')} changed={false} />}
              </Flex>
            ),
          };
        })}
      />
    </>
  );
}

/** A listing's icon, screenshots and videos, each named for screen readers. */
function ListingImages({ listing, media, title, changed }: { listing: Listing; media: Readonly<Record<string, string>>; title: string; changed: boolean }) {
  const { t } = useTranslation('review');
  const { t: v } = useTranslation('versions');
  const none = !listing.iconObjectId && !listing.screenshotObjectIds.length && !listing.videoObjectIds.length;
  return (
    <Flex vertical gap={4} data-testid={`review-media-${listing.language}${changed ? '' : '-shown'}`}>
      <Typography.Text strong>
        {title}
        {changed && <Tag color="gold" style={{ marginInlineStart: 6 }}>{t('task.changed')}</Tag>}
      </Typography.Text>
      {none && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.noMedia')} />}
      <Space size={[8, 8]} wrap align="start">
        {listing.iconObjectId && media[listing.iconObjectId] && <Image src={media[listing.iconObjectId]} alt={v('media.icon')} width={96} height={96} style={{ objectFit: 'contain', border: '1px solid #f0f0f0', borderRadius: 8 }} />}
        {listing.screenshotObjectIds.map((id, i) =>
          media[id] ? <Image key={id} src={media[id]} alt={t('task.screenshot', { n: i + 1 })} height={200} style={{ border: '1px solid #f0f0f0', borderRadius: 4 }} /> : null,
        )}
        {listing.videoObjectIds.map((id, i) =>
          media[id] ? <video key={id} src={media[id]} controls preload="metadata" height={200} aria-label={t('task.video', { n: i + 1 })} /> : null,
        )}
      </Space>
    </Flex>
  );
}

/** Added and removed items of a list, or "unchanged". */
export function Changes({ added, removed }: { added: string; removed: string }) {
  const { t } = useTranslation('review');
  if (!added && !removed) return <>{t('task.unchanged')}</>;
  return (
    <Space orientation="vertical" size={0}>
      {added && <Typography.Text type="success">{t('task.countriesAdded', { list: added })}</Typography.Text>}
      {removed && <Typography.Text type="danger">{t('task.countriesRemoved', { list: removed })}</Typography.Text>}
    </Space>
  );
}

/** The package to try on a device, through the signed address the task answered. */
export function PackageDownload({ pkg }: { pkg: ResponseOf<typeof versionApi.reviewTaskDetail>['package'] }) {
  const { t } = useTranslation('review');
  if (!pkg?.downloadUrl) return null;
  return (
    <Button href={pkg.downloadUrl} download={pkg.fileName} data-testid="review-package-download">
      {t('task.download')}
    </Button>
  );
}
