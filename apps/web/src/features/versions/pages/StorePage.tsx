import { Alert, Button, Card, Descriptions, Flex, Image, QRCode, Result, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { versionApi, type StoreListing } from '@wharf/contract';
import { formatDate, formatFileSize } from '@wharf/rules';
import { callEndpoint } from '../../../request/call';
import { ApiError } from '../../../request/errors';
import { localTimeZone, type Language } from '../../../session/language';
import { StoreReviews } from '../../ratings/public';
import { StoreAgeRating } from '../../age-rating/public';

/** The listing language each console language asks for; the server falls back to the app's default. */
export const LISTING_LANGUAGE: Readonly<Record<Language, string>> = { cn: 'zhCN', en: 'enUS', ru: 'ruRU' };

/** Addresses the server answers relative to itself, made absolute for a phone scanning the QR code. */
export const absoluteUrl = (path: string) => new URL(path, window.location.origin).href;

/**
 * Where the visitor is, as the region of their browser's language tells (what its own
 * Accept-Language says when they follow the download link); the request layer sends the
 * site's language instead, so the page names the country itself.
 */
export function visitorCountry(): string | undefined {
  try {
    const region = new Intl.Locale(navigator.language).region;
    return region && /^[A-Z]{2}$/.test(region) ? region : undefined;
  } catch {
    return undefined;
  }
}

export function useStoreApp(appId: string, language: Language) {
  const country = visitorCountry();
  return useQuery({
    queryKey: ['store', versionApi.storeApp.id, appId, language, country],
    queryFn: ({ signal }) =>
      callEndpoint(versionApi.storeApp, { params: { appId }, query: { language: LISTING_LANGUAGE[language], ...(country ? { country } : {}) }, notAuth: true, notRefresh: true, silent: true, signal }),
    // "Not in the store" is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status !== null && error.status < 500) && count < 2,
  });
}

/** The public store page of an app on shelf: anyone may open it, no session needed. */
export function StorePage() {
  const { t, i18n } = useTranslation('versions');
  const { appId = '' } = useParams();
  const language = i18n.language as Language;
  const store = useStoreApp(appId, language);
  return (
    <div style={{ padding: '24px 48px', maxWidth: 1080, margin: '0 auto', width: '100%' }}>
      <Link to="/store" style={{ display: 'inline-block', marginBottom: 16 }}>
        ← {t('storeIndex.title')}
      </Link>
      {store.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      ) : store.isError ? (
        <Result status="404" title={t('store.unavailable')} subTitle={t('store.unavailableHint')} />
      ) : (
        <StoreListingView app={store.data.app} language={language} />
      )}
    </div>
  );
}

function StoreListingView({ app, language }: { app: StoreListing; language: Language }) {
  const { t } = useTranslation('versions');
  // Not offered where the visitor is: no link the server would refuse.
  const download = app.downloadUrl && app.offeredHere ? absoluteUrl(app.downloadUrl) : null;
  // A phone cannot install a bundle by itself: no QR code to scan, and the page says how.
  const bundle = app.packageKind === 'aab';
  return (
    <Flex vertical gap="large">
      <Card>
        <Flex gap="large" wrap align="flex-start">
          {app.iconUrl ? <img src={app.iconUrl} alt={t('store.icon')} width={96} height={96} style={{ borderRadius: 20, objectFit: 'cover' }} /> : null}
          <Flex vertical gap="small" style={{ flex: '1 1 320px' }}>
            <Typography.Title level={2} style={{ margin: 0 }} data-testid="store-name">
              {app.name}
            </Typography.Title>
            <Typography.Text type="secondary">{app.brief}</Typography.Text>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 3 }}
              items={[
                ...(app.preRegistration
                  ? []
                  : [
                      { key: 'version', label: t('store.version'), children: app.versionName ?? String(app.versionCode) },
                      { key: 'size', label: t('store.size'), children: app.size === null ? '—' : formatFileSize(app.size) },
                    ]),
                { key: 'updated', label: t('store.updated'), children: formatDate(app.updatedAt, language, localTimeZone()) },
              ]}
            />
            <div>
              {download && bundle ? (
                <Flex vertical gap="small" align="flex-start">
                  <Alert type="info" showIcon title={t('store.bundle')} description={t('store.bundleHint')} />
                  <Button href={download}>{t('store.downloadBundle')}</Button>
                </Flex>
              ) : download ? (
                <Button type="primary" size="large" href={download}>
                  {t('store.download')}
                </Button>
              ) : app.preRegistration ? (
                <Alert type="info" showIcon title={t('store.preRegistration')} description={t('store.preRegistrationHint')} />
              ) : (
                <Alert type="warning" showIcon title={t('store.notOfferedHere')} description={t('store.notOfferedHereHint')} />
              )}
            </div>
          </Flex>
          {download && !bundle && (
            <Flex vertical align="center" gap="small" data-testid="store-qr">
              <QRCode type="svg" value={download} size={144} />
              <Typography.Text type="secondary">{t('store.scan')}</Typography.Text>
            </Flex>
          )}
        </Flex>
      </Card>
      <StoreAgeRating appId={app.appId} />
      {app.screenshotUrls.length > 0 && (
        <Card title={t('store.screenshots')}>
          <Image.PreviewGroup>
            <Flex gap="middle" wrap>
              {app.screenshotUrls.map((url, i) => (
                <Image key={url} src={url} height={240} alt={t('store.screenshot', { n: i + 1 })} />
              ))}
            </Flex>
          </Image.PreviewGroup>
        </Card>
      )}
      <Card title={t('store.about')}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{app.description}</Typography.Paragraph>
        {app.newFeatures && (
          <>
            <Typography.Title level={5}>{t('store.newFeatures')}</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{app.newFeatures}</Typography.Paragraph>
          </>
        )}
        {app.language !== LISTING_LANGUAGE[language] && <Tag>{t('store.otherLanguage')}</Tag>}
      </Card>
      {!app.preRegistration && <StoreReviews appId={app.appId} />}
    </Flex>
  );
}
