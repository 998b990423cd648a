import { useMemo, useState, type Key } from 'react';
import { App as AntApp, Button, Empty, Flex, Popconfirm, Skeleton, Space, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { PARSE_STATE, type App, type PackageInfo } from '@wharf/contract';
import { PageLayout } from '../../../app/pages/PageLayout';
import { useRouteAppId } from '../../console/public';
import { useApp } from '../../apps/public';
import { usePermissions } from '../../team/public';
import { PackageDetails, PackageIcon, ParseStateTag } from '../components/PackageDetails';
import { UploadPanel } from '../components/UploadPanel';
import { useDeletePackage, usePackages, usePackageState, useParseWatch } from '../hooks';
import { EXTENSIONS_OF_PLATFORM } from '../reasons';
import { usePackageUpload } from '../use-package-upload';
import { ShowMore } from '../../../ui/ShowMore';
import { StatusResult } from '../../../ui/StatusResult';
import { useDisplay } from '../../../session/display';

/** Package management: upload (resumable, with progress), parse results, delete. */
export function PackagesPage() {
  const appId = useRouteAppId();
  const { t } = useTranslation('packages');
  const app = useApp(appId);
  if (app.isPending) return <Skeleton active />;
  if (!app.data) return <StatusResult status="404" title={t('page.notFound')} />;
  return <Packages app={app.data} />;
}

function Packages({ app }: { app: App }) {
  const { t } = useTranslation('packages');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const permissions = usePermissions();
  const canManage = permissions.can('package.manage') && permissions.can('file.upload');
  const packages = usePackages(app.appId);
  const upload = usePackageUpload(app.appId);
  const remove = useDeletePackage(app.appId);
  const rows = useMemo(() => packages.data?.pages.flatMap((p) => p.items) ?? [], [packages.data]);
  const total = packages.data?.pages[0]?.total;
  const parsing = useMemo(() => rows.filter((p) => p.parseState === PARSE_STATE.parsing).map((p) => p.pkgId), [rows]);
  useParseWatch(app.appId, parsing);
  const added = upload.job?.status === 'added' ? upload.job.pkg.pkgId : null;
  const addedState = usePackageState(app.appId, added);
  const checked = addedState.data && addedState.data.parseState !== PARSE_STATE.parsing ? (addedState.data.parseState === PARSE_STATE.parsed ? 'parsed' : 'failed') : null;
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const expandedKeys = expanded ?? (added ? [added] : rows[0] ? [rows[0].pkgId] : []);
  const accept = (EXTENSIONS_OF_PLATFORM[app.platform] ?? []).join(',');
  const busy = upload.job?.status === 'uploading' || upload.job?.status === 'registering';

  const columns = [
    {
      key: 'package',
      title: t('list.package'),
      render: (_: unknown, p: PackageInfo) => (
        <Space>
          <PackageIcon pkg={p} size={40} />
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{p.fileName}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {p.packageName ?? '—'}
            </Typography.Text>
          </Space>
        </Space>
      ),
    },
    { key: 'version', title: t('list.version'), render: (_: unknown, p: PackageInfo) => (p.versionName || p.versionCode !== null ? `${p.versionName ?? ''} (${p.versionCode ?? '—'})` : '—') },
    { key: 'state', title: t('list.state'), render: (_: unknown, p: PackageInfo) => <ParseStateTag pkg={p} /> },
    { key: 'size', title: t('details.size'), render: (_: unknown, p: PackageInfo) => display.size(p.size) },
    { key: 'createdAt', title: t('list.uploadedAt'), render: (_: unknown, p: PackageInfo) => display.date(p.createdAt) },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('list.actions'),
            render: (_: unknown, p: PackageInfo) => (
              <Popconfirm
                title={t('delete.title', { fileName: p.fileName })}
                description={t('delete.text')}
                okText={t('delete.ok')}
                cancelText={t('delete.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutateAsync(p.pkgId).then(
                    () => void message.success(t('delete.done', { fileName: p.fileName })),
                    () => undefined,
                  )
                }
              >
                <Button size="small" danger aria-label={t('delete.of', { fileName: p.fileName })}>
                  {t('delete.ok')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <PageLayout>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.subtitle', { packageName: app.packageName })}</Typography.Paragraph>
      {canManage && (
        <>
          <Upload.Dragger
            accept={accept}
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              setExpanded(null);
              upload.start(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Typography.Paragraph strong style={{ fontSize: 16, marginBottom: 4 }}>
              {t('upload.drop')}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('upload.hint', { extensions: accept.replaceAll(',', ', '), platform: t(`platforms.${app.platform}`, { ns: 'apps' }) })}
            </Typography.Paragraph>
          </Upload.Dragger>
          {upload.job && (
            <UploadPanel
              job={upload.job}
              checked={checked}
              onCancel={upload.cancel}
              onDismiss={upload.dismiss}
              onRetry={upload.retry}
            />
          )}
        </>
      )}
      <Flex justify="space-between" align="center" style={{ margin: '24px 0 12px' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('list.title')}
        </Typography.Title>
        {total !== undefined && <Typography.Text type="secondary">{t('list.count', { count: total })}</Typography.Text>}
      </Flex>
      <Table<PackageInfo>
        rowKey="pkgId"
        columns={columns}
        dataSource={rows}
        loading={packages.isPending}
        pagination={false}
        expandable={{
          expandedRowKeys: expandedKeys,
          onExpandedRowsChange: (keys) => setExpanded(keys),
          expandedRowRender: (p) => <PackageDetails pkg={p} />,
        }}
        locale={{ emptyText: <Empty description={canManage ? t('list.empty') : t('list.emptyReadOnly')} /> }}
      />
      <ShowMore list={packages}>{t('list.more')}</ShowMore>
    </PageLayout>
  );
}
