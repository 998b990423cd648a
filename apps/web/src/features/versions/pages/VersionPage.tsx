import { useState } from 'react';
import { App as AntApp, Button, Card, Collapse, Empty, Flex, Result, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { App, Version } from '@wharf/contract';
import { PageLayout } from '../../../app/pages/PageLayout';
import { useRouteAppId } from '../../console/public';
import { useApp } from '../../apps/public';
import { usePermissions } from '../../team/public';
import { HistoryTimeline } from '../components/HistoryTimeline';
import { PhasedPanel } from '../components/PhasedPanel';
import { AdoptionChart } from '../components/AdoptionChart';
import { actionsOf, ReleaseStatus } from '../components/ReleaseStatus';
import { DistributionGlance } from '../components/DistributionGlance';
import { SubmitDialog } from '../components/SubmitDialog';
import { VersionEditor } from '../components/VersionEditor';
import { VersionList } from '../components/VersionList';
import { useCreateVersion, useLastOnShelf, usePreparingVersion, useVersion, useVersions } from '../hooks';

/** Version information: the version being prepared (or a button to start one), the version on shelf, their release status and history. */
export function VersionPage() {
  const appId = useRouteAppId();
  const { t } = useTranslation('versions');
  const app = useApp(appId);
  if (app.isPending) return <Skeleton active />;
  if (!app.data) return <Result status="404" title={t('page.notFound')} />;
  return <Versions app={app.data} />;
}

const versionTitle = (v: Version) => (v.versionName ? `${v.versionName} (${v.versionCode ?? '—'})` : null);

function Versions({ app }: { app: App }) {
  const { t } = useTranslation('versions');
  const { message } = AntApp.useApp();
  const permissions = usePermissions();
  const versions = useVersions(app.appId);
  const live = useLastOnShelf(app.appId);
  const preparing = usePreparingVersion(app.appId);
  const create = useCreateVersion(app.appId);
  if (versions.isPending || live.isPending || preparing.isPending) return <Skeleton active />;
  const working = preparing.data ?? null;
  const onShelf = live.data ?? null;
  // Nothing on shelf and nothing being prepared: the newest version tells what happened last (removed, rolled back).
  const last = !working && !onShelf ? (versions.data?.items[0] ?? null) : null;
  const mayCreate = permissions.can('version.manage');
  const start = () => create.mutateAsync().then(() => void message.success(onShelf ? t('create.upgraded') : t('create.created')), () => undefined);

  return (
    <PageLayout>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('page.subtitle', { name: app.name })}</Typography.Paragraph>
      <Flex vertical gap="large">
        <DistributionGlance appId={app.appId} />
        {onShelf && (
          <Card
            title={t('live.title', { version: versionTitle(onShelf) ?? '' })}
            extra={
              <Space>
                <Link to={`/store/${app.appId}`}>{t('store.open')}</Link>
                {!working && mayCreate ? (
                  <Button type="primary" loading={create.isPending} onClick={() => void start()}>
                    {t('create.upgrade')}
                  </Button>
                ) : null}
              </Space>
            }
          >
            <ReleaseStatus version={onShelf} phased={onShelf.releaseType === 'phased'} />
            <Collapse
              ghost
              style={{ marginTop: 12 }}
              items={[
                ...(onShelf.releaseType === 'phased' ? [{ key: 'phased', label: t('phased.title'), children: <PhasedPanel version={onShelf} /> }] : []),
                { key: 'adoption', label: t('adoption.title'), children: <AdoptionChart appId={app.appId} /> },
                { key: 'history', label: t('history.title'), children: <HistoryTimeline appId={app.appId} versionId={onShelf.versionId} /> },
              ]}
              defaultActiveKey={onShelf.releaseType === 'phased' ? ['phased', 'adoption'] : []}
            />
          </Card>
        )}
        {last && (
          <Card title={t('last.title', { version: versionTitle(last) ?? '' })}>
            <ReleaseStatus version={last} />
            <Collapse ghost style={{ marginTop: 12 }} items={[{ key: 'history', label: t('history.title'), children: <HistoryTimeline appId={app.appId} versionId={last.versionId} /> }]} />
          </Card>
        )}
        {working ? (
          <Workspace app={app} versionId={working.versionId} live={onShelf} />
        ) : (
          <Card>
            <Empty
              description={
                onShelf ? t('create.emptyUpgrade') : last ? t('create.emptyAgain') : mayCreate ? t('create.empty') : t('create.emptyReadOnly')
              }
            >
              {mayCreate && !onShelf && (
                <Button type="primary" loading={create.isPending} onClick={() => void start()}>
                  {t('create.button')}
                </Button>
              )}
            </Empty>
          </Card>
        )}
        {(versions.data?.items.length ?? 0) > 1 && (
          <Card title={t('list.title')} size="small">
            <VersionList versions={versions.data?.items ?? []} />
          </Card>
        )}
      </Flex>
    </PageLayout>
  );
}

function Workspace({ app, versionId, live }: { app: App; versionId: string; live: Version | null }) {
  const { t } = useTranslation('versions');
  const permissions = usePermissions();
  const detail = useVersion({ appId: app.appId, versionId });
  const [submitting, setSubmitting] = useState(false);
  const [language, setLanguage] = useState<string | undefined>(undefined);
  if (detail.isPending) return <Skeleton active />;
  if (!detail.data) return null;
  const { version, completeness } = detail.data;
  const actions = new Set(actionsOf(version));
  const editable = actions.has('edit') && permissions.can('version.manage');
  const canSubmit = actions.has('submit') && permissions.can('version.release');
  return (
    <Flex vertical gap="middle">
      <Card title={versionTitle(version) ? t('working.title', { version: versionTitle(version) }) : t('working.titleNew')}>
        <ReleaseStatus version={version} complete={completeness.complete} phased={version.releaseType === 'phased'} />
        {!editable && actions.has('edit') === false && (
          <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
            {t('working.readOnly')}
          </Typography.Paragraph>
        )}
      </Card>
      <VersionEditor
        key={version.versionId}
        app={app}
        version={version}
        live={live}
        editable={editable}
        canSubmit={canSubmit}
        activeLanguage={language}
        onActiveLanguage={setLanguage}
        onSubmitRequest={() => setSubmitting(true)}
      />
      <Card title={t('history.title')} size="small">
        <HistoryTimeline appId={app.appId} versionId={version.versionId} />
      </Card>
      {submitting && <SubmitDialog version={version} completeness={completeness} onClose={() => setSubmitting(false)} />}
    </Flex>
  );
}
