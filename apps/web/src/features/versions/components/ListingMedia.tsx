import { Alert, Button, Flex, Image, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LISTING_IMAGES, LISTING_MEDIA, type Language, type ListingImagePlace } from '@wharf/rules';
import { ApiError, errorText, fieldErrorText, type Translate } from '../../../request/errors';
import { useIconUrl } from '../../packages/public';
import { ImageRefused, useUploadListingImage } from '../../../upload/image';

/** One uploaded image, shown through a signed, expiring address. */
function Thumb({ objectId, alt, size, onRemove, removeLabel }: { objectId: string; alt: string; size: number; onRemove?: () => void; removeLabel: string }) {
  const url = useIconUrl(objectId);
  return (
    <Flex vertical align="center" gap={4}>
      <div style={{ width: size, height: size, border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fafafa' }}>
        {url.data && <Image src={url.data} alt={alt} width={size} height={size} style={{ objectFit: 'contain' }} preview={false} />}
      </div>
      {onRemove && (
        <Button size="small" type="link" danger onClick={onRemove} aria-label={removeLabel}>
          {removeLabel}
        </Button>
      )}
    </Flex>
  );
}

export interface Media {
  iconObjectId: string | null;
  screenshotObjectIds: string[];
}

interface Props {
  language: string;
  languageLabel: string;
  iconObjectId: string | null;
  screenshotObjectIds: string[];
  disabled: boolean;
  /** Applied to the latest media (several uploads may finish at once). */
  onChange: (update: (media: Media) => Media) => void;
}

/** The icon and 3 to 5 screenshots of one language's listing. */
export function ListingMedia({ language, languageLabel, iconObjectId, screenshotObjectIds, disabled, onChange }: Props) {
  const { t } = useTranslation('versions');
  const { t: common, i18n } = useTranslation();
  const icon = useUploadListingImage('icon');
  const screenshot = useUploadListingImage('screenshot');
  // The last refusal of each control, kept until its next upload succeeds (several screenshots may go at once).
  const [refused, setRefused] = useState<Partial<Record<ListingImagePlace, string>>>({});
  const take = (place: ListingImagePlace, file: File, then: (objectId: string) => void) => {
    (place === 'icon' ? icon : screenshot).mutateAsync(file).then(
      (objectId) => {
        setRefused((r) => ({ ...r, [place]: undefined }));
        then(objectId);
      },
      (error: unknown) => setRefused((r) => ({ ...r, [place]: refusalText(error, place, common, i18n.language as Language) })),
    );
    return Upload.LIST_IGNORE;
  };
  const full = screenshotObjectIds.length >= LISTING_MEDIA.screenshotsMax;
  const why = (place: ListingImagePlace) =>
    refused[place] && <Alert type="error" showIcon data-testid={`${place}-error-${language}`} title={refused[place]} style={{ maxWidth: 640 }} />;
  return (
    <Flex vertical gap="small" style={{ marginBottom: 16 }}>
      <Typography.Text strong>
        {t('media.icon')} <Typography.Text type="secondary">{t('media.iconHint')}</Typography.Text>
      </Typography.Text>
      <Flex gap="small" align="start">
        {iconObjectId && <Thumb objectId={iconObjectId} alt={t('media.iconOf', { language: languageLabel })} size={96} removeLabel={t('media.removeIcon')} onRemove={disabled ? undefined : () => onChange((m) => ({ ...m, iconObjectId: null }))} />}
        {!disabled && (
          <Upload accept={LISTING_IMAGES.icon.types.join(',')} showUploadList={false} beforeUpload={(file) => take('icon', file, (id) => onChange((m) => ({ ...m, iconObjectId: id })))}>
            <Button loading={icon.isPending} data-testid={`icon-upload-${language}`}>
              {iconObjectId ? t('media.replaceIcon') : t('media.addIcon')}
            </Button>
          </Upload>
        )}
      </Flex>
      {why('icon')}
      <Typography.Text strong>
        {t('media.screenshots', { count: screenshotObjectIds.length, min: LISTING_MEDIA.screenshotsMin, max: LISTING_MEDIA.screenshotsMax })}{' '}
        <Typography.Text type="secondary">{t('media.screenshotHint')}</Typography.Text>
      </Typography.Text>
      <Flex gap="small" wrap align="start">
        {screenshotObjectIds.map((id, i) => (
          <Thumb
            key={id}
            objectId={id}
            alt={t('media.screenshotOf', { n: i + 1, language: languageLabel })}
            size={120}
            removeLabel={t('media.removeScreenshot', { n: i + 1 })}
            onRemove={disabled ? undefined : () => onChange((m) => ({ ...m, screenshotObjectIds: m.screenshotObjectIds.filter((s) => s !== id) }))}
          />
        ))}
        {!disabled && !full && (
          <Upload
            accept={LISTING_IMAGES.screenshot.types.join(',')}
            multiple
            showUploadList={false}
            beforeUpload={(file) => take('screenshot', file, (id) => onChange((m) => ({ ...m, screenshotObjectIds: [...m.screenshotObjectIds, id].slice(0, LISTING_MEDIA.screenshotsMax) })))}
          >
            <Button loading={screenshot.isPending} data-testid={`screenshot-upload-${language}`}>
              {t('media.addScreenshot')}
            </Button>
          </Upload>
        )}
      </Flex>
      {why('screenshot')}
    </Flex>
  );
}

/** Why an image was refused, naming the file and the field as the form labels it. */
function refusalText(error: unknown, place: ListingImagePlace, t: Translate, language: Language): string {
  if (error instanceof ImageRefused) {
    const name = place === 'icon' ? 'iconObjectId' : 'screenshotObjectIds';
    return `${error.fileName}: ${fieldErrorText({ field: name, name, in: 'body', rule: 'invalid', reason: error.problem }, t)}`;
  }
  return error instanceof ApiError ? errorText(error, t, language) : String(error);
}
