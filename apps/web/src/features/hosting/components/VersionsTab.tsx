import { App as AntApp, Button, Flex, Input, Progress, Skeleton, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostingSite, HostingVersion } from '@wharf/contract';
import { CHANNEL_NAME } from '@wharf/rules';
import { ApiError, errorText } from '../../../request/errors';
import { useDisplay } from '../../../session/display';
import { useSiteChanges } from '../api/mutations';
import { useVersions } from '../api/queries';

interface Props {
  projectId: string;
  site: HostingSite;
  canManage: boolean;
}

/** A file of a picked folder, by its path under the folder (the folder's own name left out). */
const inFolder = (f: File) => {
  const rel = (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;
  return rel.includes('/') ? rel.slice(rel.indexOf('/') + 1) : rel;
};

/** Deploys (a zip or a folder, released live with a bar of progress), the versions, rollback and preview channels. */
export function VersionsTab({ projectId, site, canManage }: Props) {
  const { t } = useTranslation('hosting');
  const { t: common } = useTranslation();
  const display = useDisplay();
  const { message } = AntApp.useApp();
  const versions = useVersions(projectId, site.name);
  const changes = useSiteChanges(projectId, site.name);
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState<{ percent: number; text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState('');
  const fail = (e: unknown) => setFailure(e instanceof ApiError ? errorText(e, common, display.language) : String(e));
  const deployed = (n: number) => {
    setProgress(null);
    setNote('');
    void message.success(t('deploy.done', { version: n }));
  };
  const zip = (file: File) => {
    setFailure(null);
    setProgress({ percent: 0, text: file.name });
    changes.deployZip.mutateAsync({ file, note, onProgress: (sent, total) => setProgress({ percent: Math.floor((sent / total) * 100), text: file.name }) }).then((r) => deployed(r.version.number), (e: unknown) => (setProgress(null), fail(e)));
  };
  const folder = (files: File[]) => {
    setFailure(null);
    const list = files.map((file) => ({ path: inFolder(file), file }));
    setProgress({ percent: 0, text: t('deploy.files', { done: 0, total: list.length }) });
    changes.deployFolder.mutateAsync({ files: list, note, onProgress: (done, total) => setProgress({ percent: Math.floor((done / total) * 100), text: t('deploy.files', { done, total }) }) }).then((r) => deployed(r.version.number), (e: unknown) => (setProgress(null), fail(e)));
  };

  return (
    <Flex vertical gap="middle">
      {canManage && (
        <Flex vertical gap="small">
          <Typography.Text type="secondary">{t('deploy.intro')}</Typography.Text>
          <Flex gap="small" wrap align="center">
            <Input style={{ maxWidth: 320 }} value={note} onChange={(e) => setNote(e.target.value)} placeholder={t('deploy.notePlaceholder')} aria-label={t('deploy.note')} maxLength={200} />
            <Upload accept=".zip,application/zip" showUploadList={false} customRequest={({ file }) => zip(file as File)} disabled={progress !== null}>
              <Button type="primary" disabled={progress !== null}>
                {t('deploy.zip')}
              </Button>
            </Upload>
            <Upload directory showUploadList={false} multiple beforeUpload={(_f, all) => (all[all.length - 1] === _f && folder(all as File[]), false)} disabled={progress !== null}>
              <Button disabled={progress !== null}>{t('deploy.folder')}</Button>
            </Upload>
          </Flex>
          {progress && <Progress percent={progress.percent} status="active" aria-label={t('deploy.progress')} format={() => progress.text} />}
          {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
        </Flex>
      )}
      {site.channels.length > 0 && (
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('channels.title')}</Typography.Text>
          {site.channels.map((c) => (
            <Flex key={c.name} gap="small" align="center" wrap>
              <Tag color={c.name === 'live' ? 'green' : 'blue'}>{c.name === 'live' ? t('channels.live') : c.name}</Tag>
              <Typography.Text>{t('versions.number', { version: c.version })}</Typography.Text>
              <Typography.Link href={c.url} target="_blank" rel="noopener noreferrer">
                {c.url}
              </Typography.Link>
              {canManage && c.name !== 'live' && (
                <Button size="small" type="link" danger onClick={() => changes.deleteChannel.mutate(c.name)}>
                  {t('channels.stop')}
                </Button>
              )}
            </Flex>
          ))}
        </Flex>
      )}
      {versions.isPending ? (
        <Skeleton active />
      ) : (
        <Table<HostingVersion>
          rowKey="number"
          dataSource={versions.data?.versions ?? []}
          pagination={false}
          locale={{ emptyText: t('versions.empty') }}
          columns={[
            { title: t('versions.version'), dataIndex: 'number', render: (n: number) => t('versions.number', { version: n }) },
            { title: t('versions.note'), dataIndex: 'note' },
            { title: t('versions.files'), dataIndex: 'files', render: (n: number, v) => `${display.number(n)} · ${display.size(v.bytes)}` },
            { title: t('versions.created'), dataIndex: 'createdAt', render: (at: string) => display.dateTime(at) },
            { title: t('versions.channels'), dataIndex: 'channels', render: (cs: string[], v) => (v.state === 'uploading' ? <Tag>{t('versions.uploading')}</Tag> : cs.map((c) => <Tag key={c} color={c === 'live' ? 'green' : 'blue'}>{c === 'live' ? t('channels.live') : c}</Tag>)) },
            {
              title: t('versions.actions'),
              render: (_v, v) =>
                canManage &&
                v.state === 'ready' && (
                  <Space wrap>
                    {!v.channels.includes('live') && (
                      <Button size="small" onClick={() => changes.release.mutate({ version: v.number, channel: 'live' })}>
                        {site.liveVersion !== null && v.number < site.liveVersion ? t('versions.rollback') : t('versions.releaseLive')}
                      </Button>
                    )}
                    <Space.Compact size="small">
                      <Input size="small" style={{ width: 110 }} placeholder="preview" aria-label={t('versions.previewName', { version: v.number })} onChange={(e) => setPreview(e.target.value)} />
                      <Button size="small" disabled={!CHANNEL_NAME.test(preview) || preview === 'live'} onClick={() => changes.release.mutate({ version: v.number, channel: preview })}>
                        {t('versions.preview')}
                      </Button>
                    </Space.Compact>
                  </Space>
                ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
