import { Alert, App as AntApp, Button, Flex, Image, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { LISTING_MEDIA, type Language } from '@wharf/rules';
import { ApiError, errorText } from '../../../request/errors';
import { useIconUrl } from '../../packages/public';
import { useUploadImage } from '../../../upload/image';

const ACCEPT = 'image/png,image/jpeg,image/webp';
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

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
  const { message } = AntApp.useApp();
  const upload = useUploadImage();
  const take = (file: File, then: (objectId: string) => void) => {
    if (file.size > MAX_IMAGE_BYTES) {
      void message.error(t('media.tooLarge'));
      return Upload.LIST_IGNORE;
    }
    upload.mutateAsync(file).then(then, () => undefined);
    return Upload.LIST_IGNORE;
  };
  const full = screenshotObjectIds.length >= LISTING_MEDIA.screenshotsMax;
  return (
    <Flex vertical gap="small" style={{ marginBottom: 16 }}>
      <Typography.Text strong>
        {t('media.icon')} <Typography.Text type="secondary">{t('media.iconHint')}</Typography.Text>
      </Typography.Text>
      <Flex gap="small" align="start">
        {iconObjectId && <Thumb objectId={iconObjectId} alt={t('media.iconOf', { language: languageLabel })} size={96} removeLabel={t('media.removeIcon')} onRemove={disabled ? undefined : () => onChange((m) => ({ ...m, iconObjectId: null }))} />}
        {!disabled && (
          <Upload accept={ACCEPT} showUploadList={false} beforeUpload={(file) => take(file, (id) => onChange((m) => ({ ...m, iconObjectId: id })))}>
            <Button loading={upload.isPending} data-testid={`icon-upload-${language}`}>
              {iconObjectId ? t('media.replaceIcon') : t('media.addIcon')}
            </Button>
          </Upload>
        )}
      </Flex>
      <Typography.Text strong>
        {t('media.screenshots', { count: screenshotObjectIds.length, min: LISTING_MEDIA.screenshotsMin, max: LISTING_MEDIA.screenshotsMax })}
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
            accept={ACCEPT}
            multiple
            showUploadList={false}
            beforeUpload={(file) => take(file, (id) => onChange((m) => ({ ...m, screenshotObjectIds: [...m.screenshotObjectIds, id].slice(0, LISTING_MEDIA.screenshotsMax) })))}
          >
            <Button loading={upload.isPending} data-testid={`screenshot-upload-${language}`}>
              {t('media.addScreenshot')}
            </Button>
          </Upload>
        )}
      </Flex>
      {/* Why the last image was refused (not an image, too large...), beside the controls that sent it. */}
      {upload.error && (
        <Alert type="error" showIcon data-testid={`media-error-${language}`} title={upload.error instanceof ApiError ? errorText(upload.error, common, i18n.language as Language) : String(upload.error)} />
      )}
    </Flex>
  );
}
