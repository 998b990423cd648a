import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useImageUrl } from '../api/queries';
import type { MessageFormValues } from './message-form';

type Content = MessageFormValues['contents'][number];

/**
 * The message as a phone shows it, in one of its languages: a pop-up over the app, an image
 * across it, or a banner at its top. Texts are React text, so markup typed is shown as typed.
 */
export function PhonePreview({ kind, content }: { kind: MessageFormValues['kind']; content: Content | undefined }) {
  const { t } = useTranslation('app-messaging');
  const image = useImageUrl(content?.imageObjectId ?? null);
  const buttons = (content?.buttons ?? []).filter((b) => b.text);
  const card = (
    <Flex vertical gap={8} style={{ background: '#fff', borderRadius: kind === 'banner' ? 8 : 12, padding: kind === 'image' ? 0 : 16, boxShadow: '0 6px 24px rgba(0,0,0,.25)', overflow: 'hidden' }}>
      {image.data && <img src={image.data} alt="" style={{ width: '100%', display: 'block' }} />}
      {kind !== 'image' && (
        <>
          {content?.title && <Typography.Text strong style={{ fontSize: kind === 'banner' ? 14 : 17 }}>{content.title}</Typography.Text>}
          {content?.body && <Typography.Text style={{ whiteSpace: 'pre-wrap', fontSize: 13 }}>{content.body}</Typography.Text>}
        </>
      )}
      {kind === 'popup' && buttons.length > 0 && (
        <Flex gap={8} justify="flex-end">
          {buttons.map((b, i) => (
            <Button key={i} size="small" type={i === 0 ? 'primary' : 'default'}>
              {b.text}
            </Button>
          ))}
        </Flex>
      )}
    </Flex>
  );
  return (
    <div role="img" aria-label={t('preview.label')} style={{ width: 240, height: 460, borderRadius: 32, border: '10px solid #1f1f1f', background: 'linear-gradient(#dfe7f5, #b9c8e6)', position: 'relative', overflow: 'hidden', flex: 'none' }}>
      <div style={{ position: 'absolute', inset: kind === 'banner' ? '16px 10px auto' : 'auto 16px', top: kind === 'banner' ? 16 : '50%', transform: kind === 'banner' ? undefined : 'translateY(-50%)' }}>{card}</div>
    </div>
  );
}
