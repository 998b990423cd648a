import { App as AntApp, Breadcrumb, Button, Empty, Flex, Input, Modal, Popconfirm, Segmented, Skeleton, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageObjectInfo } from '@wharf/contract';
import { objectNameProblem } from '@wharf/rules';
import { useDisplay } from '../../../session/display';
import { useBucketChanges } from '../api/mutations';
import { useObjects } from '../api/queries';
import { UploadList, useUploads } from './uploads';

interface Props {
  projectId: string;
  bucket: string;
  prefix: string;
  onPrefix: (prefix: string) => void;
  canManage: boolean;
}

type Row = { kind: 'folder'; name: string } | ({ kind: 'file' } & StorageObjectInfo);

const LINK_TIMES = [3600, 86_400, 7 * 86_400] as const;
const baseName = (name: string) => {
  const trimmed = name.replace(/\/$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
};

/** A bucket's files by folder: upload (with progress, by picking or dropping), preview, download, links, delete. */
export function FilesTab({ projectId, bucket, prefix, onPrefix, canManage }: Props) {
  const { t } = useTranslation('storage');
  const display = useDisplay();
  const { message } = AntApp.useApp();
  const list = useObjects(projectId, bucket, prefix);
  const changes = useBucketChanges(projectId, bucket);
  const uploads = useUploads(changes.upload.mutateAsync, prefix);
  const [preview, setPreview] = useState<{ name: string; url: string } | null>(null);
  const [linkOf, setLinkOf] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [linkTime, setLinkTime] = useState<number>(3600);
  const [folder, setFolder] = useState<string | null>(null);

  const pages = list.data?.pages ?? [];
  const rows: Row[] = [...pages.flatMap((p) => p.folders.map((name) => ({ kind: 'folder' as const, name }))), ...pages.flatMap((p) => p.objects.map((o) => ({ kind: 'file' as const, ...o })))];
  const parts = prefix.split('/').filter(Boolean);
  const signed = (name: string, seconds = 300) => changes.sign.mutateAsync({ name, expiresInSeconds: seconds });
  const download = async (name: string) => {
    const { url } = await signed(name);
    window.open(url, '_blank', 'noopener');
  };
  const makeLink = async () => {
    if (!linkOf) return;
    const made = await signed(linkOf, linkTime);
    setLink(made);
    await navigator.clipboard?.writeText(made.url).then(() => message.success(t('link.copied')), () => undefined);
  };
  const newFolder = folder?.trim().replace(/\/+$/, '') ?? '';
  const folderProblem = newFolder ? objectNameProblem(prefix + newFolder) : 'empty';

  return (
    <Flex vertical gap="middle">
      <Breadcrumb
        items={[
          { title: <a onClick={() => onPrefix('')}>{bucket}</a> },
          ...parts.map((p, i) => ({ title: i === parts.length - 1 ? p : <a onClick={() => onPrefix(parts.slice(0, i + 1).join('/') + '/')}>{p}</a> })),
        ]}
      />
      {canManage && (
        <>
          <Upload.Dragger multiple showUploadList={false} customRequest={({ file }) => uploads.add(file as File)} aria-label={t('upload.drop')}>
            <Typography.Text>{t('upload.drop')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{t('upload.where', { folder: prefix || '/' })}</Typography.Text>
          </Upload.Dragger>
          <UploadList uploads={uploads.items} onDismiss={uploads.dismiss} />
          <Flex gap="small">
            <Button onClick={() => setFolder('')}>{t('folder.new')}</Button>
          </Flex>
        </>
      )}
      {list.isPending ? (
        <Skeleton active />
      ) : rows.length === 0 ? (
        <Empty description={t(prefix ? 'files.emptyFolder' : canManage ? 'files.empty' : 'files.emptyReadOnly')} />
      ) : (
        <Table<Row>
          rowKey={(r) => `${r.kind}:${r.name}`}
          dataSource={rows}
          pagination={false}
          size="middle"
          columns={[
            {
              title: t('files.name'),
              render: (_v, r) =>
                r.kind === 'folder' ? (
                  <a onClick={() => onPrefix(r.name)}>{`📁 ${baseName(r.name)}/`}</a>
                ) : (
                  <Typography.Text>{baseName(r.name)}</Typography.Text>
                ),
            },
            { title: t('files.size'), render: (_v, r) => (r.kind === 'file' ? display.size(r.size) : '') },
            { title: t('files.type'), render: (_v, r) => (r.kind === 'file' ? r.contentType : t('files.folder')) },
            { title: t('files.updated'), render: (_v, r) => (r.kind === 'file' ? display.dateTime(r.updatedAt) : '') },
            {
              title: t('files.actions'),
              render: (_v, r) =>
                r.kind === 'folder' ? (
                  canManage && (
                    <Popconfirm title={t('folder.deleteConfirm', { name: r.name })} onConfirm={() => changes.deleteFiles.mutateAsync({ names: [], folders: [r.name] })}>
                      <Button size="small" danger>
                        {t('actions.delete')}
                      </Button>
                    </Popconfirm>
                  )
                ) : (
                  <Flex gap="small" wrap>
                    {r.contentType.startsWith('image/') && r.contentType !== 'image/svg+xml' && (
                      <Button size="small" onClick={() => void signed(r.name).then(({ url }) => setPreview({ name: r.name, url: `${url}&width=1024` }))}>
                        {t('actions.preview')}
                      </Button>
                    )}
                    <Button size="small" onClick={() => void download(r.name)}>
                      {t('actions.download')}
                    </Button>
                    <Button size="small" onClick={() => (setLinkOf(r.name), setLink(null))}>
                      {t('actions.link')}
                    </Button>
                    {canManage && (
                      <Popconfirm title={t('files.deleteConfirm', { name: baseName(r.name) })} onConfirm={() => changes.deleteFiles.mutateAsync({ names: [r.name], folders: [] })}>
                        <Button size="small" danger>
                          {t('actions.delete')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Flex>
                ),
            },
          ]}
        />
      )}
      {list.hasNextPage && (
        <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('files.more')}
        </Button>
      )}
      <Modal title={preview ? baseName(preview.name) : ''} open={preview !== null} onCancel={() => setPreview(null)} footer={null} width={720}>
        {preview && <img src={preview.url} alt={baseName(preview.name)} style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }} />}
      </Modal>
      <Modal title={t('link.title')} open={linkOf !== null} onCancel={() => setLinkOf(null)} onOk={() => void makeLink()} okText={t('link.make')} confirmLoading={changes.sign.isPending}>
        <Typography.Paragraph type="secondary">{t('link.hint')}</Typography.Paragraph>
        <Segmented value={linkTime} onChange={(v) => setLinkTime(Number(v))} options={LINK_TIMES.map((s) => ({ value: s, label: t(`link.for.${s}`) }))} />
        {link && (
          <Flex vertical gap="small" style={{ marginTop: 16 }}>
            <Input readOnly value={link.url} aria-label={t('link.url')} />
            <Typography.Text type="secondary">{t('link.expires', { at: display.dateTime(link.expiresAt) })}</Typography.Text>
          </Flex>
        )}
      </Modal>
      <Modal title={t('folder.new')} open={folder !== null} onCancel={() => setFolder(null)} okButtonProps={{ disabled: folderProblem !== null }} onOk={() => (onPrefix(`${prefix}${newFolder}/`), setFolder(null))}>
        <Typography.Paragraph type="secondary">{t('folder.hint')}</Typography.Paragraph>
        <Input value={folder ?? ''} onChange={(e) => setFolder(e.target.value)} placeholder="photos" aria-label={t('folder.name')} status={newFolder && folderProblem ? 'error' : ''} />
      </Modal>
    </Flex>
  );
}
