import { Button, Flex, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../ui/save-file';

const pngOf = (dataUrl: string) => new Blob([Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0))], { type: 'image/png' });

/** A link's QR code, drawn by the qrcode library loaded on first use (never in the first chunk), with a PNG download. */
export function QrCode({ text, fileName }: { text: string; fileName: string }) {
  const { t } = useTranslation('app-links');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) => qr.toDataURL(text, { width: 512, margin: 2, errorCorrectionLevel: 'M' })).then((made) => live && setUrl(made));
    return () => {
      live = false;
    };
  }, [text]);
  if (!url) return <Skeleton.Image active />;
  return (
    <Flex vertical gap="small" align="start">
      <img src={url} alt={t('detail.qrAlt', { link: text })} width={160} height={160} />
      <Button size="small" onClick={() => saveFile(fileName, pngOf(url), 'image/png')}>
        {t('detail.qrDownload')}
      </Button>
    </Flex>
  );
}
