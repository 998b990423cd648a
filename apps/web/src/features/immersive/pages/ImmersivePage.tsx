import { useEffect, useState } from 'react';
import { App as AntApp, Alert, Button, Card, ColorPicker, Flex, Form, Input, Popconfirm, Skeleton, Space, Tag, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { App, ImmersiveInfo } from '@wharf/contract';
import { PageLayout } from '../../../app/pages/PageLayout';
import { useRouteAppId } from '../../console/public';
import { useApp, languageName } from '../../apps/public';
import type { Language } from '@wharf/rules';
import { useIconUrl } from '../../packages/public';
import { usePermissions } from '../../team/public';
import { useUploadImage } from '../../../upload/image';
import { useImageColor, useImmersiveAction, useImmersiveInfo, useSaveImmersive } from '../hooks';
import { StatusResult } from '../../../ui/StatusResult';

const STATE_COLORS: Record<ImmersiveInfo['state'], string> = { draft: 'default', review: 'blue', approved: 'green', rejected: 'red' };

/** The app's immersive picture for the store: picture, its colour, a title and subtitle per language, and review. */
export function ImmersivePage() {
  const appId = useRouteAppId();
  const { t } = useTranslation('immersive');
  const app = useApp(appId);
  const info = useImmersiveInfo(appId);
  if (app.isPending || info.isPending) return <Skeleton active />;
  if (!app.data) return <StatusResult status="404" title={t('page.notFound')} />;
  return <Immersive app={app.data} info={info.data?.info ?? null} />;
}

/** The banner as the store would show it: the picture on its colour, the text in the tone that reads. */
function Preview({ objectId, color, title, subtitle }: { objectId: string | null; color: string; title: string; subtitle: string }) {
  const { t } = useTranslation('immersive');
  const url = useIconUrl(objectId);
  const dark = parseInt(color.slice(1, 3), 16) * 0.299 + parseInt(color.slice(3, 5), 16) * 0.587 + parseInt(color.slice(5, 7), 16) * 0.114 > 150;
  return (
    <div data-testid="immersive-preview" aria-label={t('editor.preview')} style={{ background: color, borderRadius: 12, padding: 16, minHeight: 160, color: dark ? '#1f1f1f' : '#ffffff', display: 'flex', gap: 16, alignItems: 'center' }}>
      {objectId && url.data && <img src={url.data} alt={t('editor.picture')} style={{ maxHeight: 128, maxWidth: '50%', borderRadius: 8 }} />}
      <div>
        <div style={{ fontSize: 20, fontWeight: 600 }}>{title}</div>
        <div>{subtitle}</div>
      </div>
    </div>
  );
}

function Immersive({ app, info }: { app: App; info: ImmersiveInfo | null }) {
  const { t, i18n } = useTranslation('immersive');
  const { message } = AntApp.useApp();
  const permissions = usePermissions();
  const canManage = permissions.can('app.manage') && permissions.can('file.upload');
  const editable = canManage && (!info || info.allowedActions.includes('edit'));
  const [imageObjectId, setImage] = useState<string | null>(info?.imageObjectId ?? null);
  const [color, setColor] = useState<string>(info?.color ?? '#888888');
  const [manual, setManual] = useState(info?.colorSource === 'manual');
  const firstText = info?.texts.find((x) => x.language === app.defaultLanguage);
  const [title, setTitle] = useState(firstText?.title ?? '');
  const [subtitle, setSubtitle] = useState(firstText?.subtitle ?? '');
  const upload = useUploadImage();
  const colorOf = useImageColor();
  const save = useSaveImmersive(info !== null);
  const action = useImmersiveAction();
  useEffect(() => {
    if (!info) return;
    setImage(info.imageObjectId);
    setColor(info.color);
    setManual(info.colorSource === 'manual');
  }, [info]);

  const onPicture = (file: File) =>
    upload.mutate(file, {
      onSuccess: (objectId) => {
        setImage(objectId);
        colorOf.mutate(objectId, { onSuccess: (c) => (manual ? undefined : setColor(c.color)) });
      },
      onError: () => void message.error(t('editor.uploadFailed')),
    });

  const others = info?.texts.filter((x) => x.language !== app.defaultLanguage) ?? [];
  const onSave = () =>
    save.mutate(
      { appId: app.appId, imageObjectId: imageObjectId!, color: manual ? color : null, texts: [{ language: app.defaultLanguage, title, subtitle }, ...others] },
      { onSuccess: () => void message.success(t('editor.saved')) },
    );

  return (
    <PageLayout>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.subtitle')}</Typography.Paragraph>
      {info && (
        <Space style={{ marginBottom: 16 }} wrap>
          <Tag color={STATE_COLORS[info.state]}>{t(`state.${info.state}`)}</Tag>
          {info.published && <Tag color="green">{t('page.published')}</Tag>}
        </Space>
      )}
      {info?.rejection && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('page.rejected', { comment: info.rejection.comment })} />}
      <Flex gap="large" wrap align="start">
        <Card title={t('editor.title')} style={{ flex: '1 1 360px' }}>
          <Form layout="vertical" disabled={!editable}>
            <Form.Item label={t('editor.picture')}>
              <Upload accept="image/png,image/jpeg" showUploadList={false} customRequest={({ file }) => onPicture(file as File)}>
                <Button data-testid="immersive-upload" loading={upload.isPending || colorOf.isPending}>
                  {imageObjectId ? t('editor.replace') : t('editor.upload')}
                </Button>
              </Upload>
            </Form.Item>
            <Form.Item label={t('editor.color')}>
              <Space>
                <ColorPicker value={color} disabledAlpha onChangeComplete={(c) => { setColor(c.toHexString()); setManual(true); }} />
                <Typography.Text code>{color}</Typography.Text>
                <Typography.Text type="secondary">{manual ? t('editor.colorManual') : t('editor.colorFromImage')}</Typography.Text>
                {manual && imageObjectId && (
                  <Button size="small" type="link" onClick={() => { setManual(false); colorOf.mutate(imageObjectId, { onSuccess: (c) => setColor(c.color) }); }}>
                    {t('editor.useImageColor')}
                  </Button>
                )}
              </Space>
            </Form.Item>
            <Form.Item label={t('editor.heading', { language: languageName(app.defaultLanguage, i18n.language as Language) })} htmlFor="immersive-title">
              <Input id="immersive-title" value={title} maxLength={20} showCount onChange={(e) => setTitle(e.target.value)} />
            </Form.Item>
            <Form.Item label={t('editor.subheading')} htmlFor="immersive-subtitle">
              <Input id="immersive-subtitle" value={subtitle} maxLength={40} showCount onChange={(e) => setSubtitle(e.target.value)} />
            </Form.Item>
            <Button type="primary" disabled={!imageObjectId || !title.trim()} loading={save.isPending} onClick={onSave}>
              {t('editor.save')}
            </Button>
          </Form>
        </Card>
        <Card title={t('editor.preview')} style={{ flex: '1 1 360px' }}>
          <Preview objectId={imageObjectId} color={color} title={title} subtitle={subtitle} />
        </Card>
      </Flex>
      {info && canManage && (
        <Space style={{ marginTop: 16 }}>
          {info.allowedActions.includes('submit') && (
            <Button type="primary" onClick={() => action.mutate({ appId: app.appId, action: 'submit' }, { onSuccess: () => void message.success(t('actions.submitted')) })}>
              {t('actions.submit')}
            </Button>
          )}
          {info.allowedActions.includes('cancel') && <Button onClick={() => action.mutate({ appId: app.appId, action: 'cancel' })}>{t('actions.cancel')}</Button>}
          {info.allowedActions.includes('delete') && (
            <Popconfirm title={t('actions.deleteConfirm')} onConfirm={() => action.mutate({ appId: app.appId, action: 'delete' })}>
              <Button danger>{t('actions.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </PageLayout>
  );
}
