import { useEffect } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { appApi, projectApi, type App as AppRecord } from '@wharf/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDate, languageByKey } from '@wharf/rules';
import { useClientConfig } from '../../features/console';
import { clueDeps } from '../../report/page';
import { reportClue } from '../../report/clues';
import { requestClient, callEndpoint } from '../../request/call';
import { useSessionVersion } from '../../session/changes';
import { isSignedIn } from '../../session/session';
import { localTimeZone, type Language } from '../../session/language';
import { StatusResult } from '../../ui/StatusResult';

const DEMO_KEY = ['app', appApi.demoProject.id] as const;

/** The demo project and its apps, read-only; editing is for members when the platform allows it. */
export function useDemoProject() {
  return useQuery({
    queryKey: DEMO_KEY,
    queryFn: ({ signal }) => callEndpoint(appApi.demoProject, { notAuth: true, notRefresh: true, signal }),
    staleTime: 60_000,
  });
}

/**
 * Whether the signed-in user may edit the demo project: only with the switch
 * demoProjectMemberEditPermission on, and only as a member of its team (the project is
 * readable with their session). Visitors never may.
 */
export function useDemoEditable(projectId: string | undefined): boolean {
  useSessionVersion();
  const config = useClientConfig();
  const allowed = config.data?.switches.demoProjectMemberEditPermission === true && isSignedIn() && Boolean(projectId);
  const membership = useQuery({
    queryKey: ['project', projectApi.getProject.id, projectId, 'demo-membership'],
    queryFn: ({ signal }) => callEndpoint(projectApi.getProject, { params: { projectId: projectId ?? '' }, silent: true, signal }),
    enabled: allowed,
    retry: false,
  });
  return allowed && membership.isSuccess;
}

export function DemoProjectPage() {
  const { t } = useTranslation();
  const { appId } = useParams();
  const demo = useDemoProject();
  const editable = useDemoEditable(demo.data?.project?.projectId);

  useEffect(() => {
    if (demo.data?.project) void reportClue('agcp_demoproject_browsing', { serviceId: 'demoProject', menuId: 'demo-project' }, clueDeps(requestClient()));
  }, [demo.data?.project]);

  if (demo.isPending) return <Skeleton active style={{ padding: 32 }} />;
  if (demo.isError || !demo.data.available || !demo.data.project) {
    return <Result status="info" title={t('demo.unavailable')} extra={<Link to="/register">{t('demo.signUp')}</Link>} />;
  }
  const { project, apps } = demo.data;
  const app = appId ? apps.find((a) => a.appId === appId) : undefined;
  return (
    <div style={{ padding: '24px 48px', maxWidth: 1280, margin: '0 auto' }}>
      <Alert type="info" showIcon title={t('demo.banner')} description={editable ? t('demo.memberEditable') : t('demo.readOnly')} style={{ marginBottom: 16 }} />
      <Typography.Title level={2}>
        {project.name} <Tag>{t('demo.tag')}</Tag> <Tag>{t(`zones.${project.dataLocation}`)}</Tag>
      </Typography.Title>
      {editable && (
        <Link to={`/projects/${project.projectId}/settings`}>
          <Button type="primary" style={{ marginBottom: 16 }}>
            {t('demo.editProject')}
          </Button>
        </Link>
      )}
      {appId ? app ? <DemoApp app={app} editable={editable} /> : <StatusResult status="404" title={t('demo.appMissing')} /> : <DemoApps apps={apps} />}
    </div>
  );
}

function DemoApps({ apps }: { apps: AppRecord[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (apps.length === 0) return <Empty description={t('demo.noApps')} />;
  return (
    <Row gutter={[16, 16]}>
      {apps.map((app) => (
        <Col key={app.appId} xs={24} md={12} xl={8}>
          <Card hoverable title={app.name} onClick={() => void navigate(`/demoProject/apps/${app.appId}`)} extra={<Tag>{t(`demo.platform.${app.platform}`)}</Tag>}>
            <Typography.Text code>{app.packageName}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{t(`demo.category.${app.category}`)}</Typography.Text>
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function DemoApp({ app, editable }: { app: AppRecord; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const defaultLanguage = languageByKey(app.defaultLanguage);
  return (
    <Card
      title={
        <Space>
          <Link to="/demoProject">{t('demo.allApps')}</Link>/<span>{app.name}</span>
        </Space>
      }
      extra={
        <Space>
          {app.everOnShelf && <Link to={`/store/${app.appId}`}>{t('demo.storePage')}</Link>}
          {editable && (
            <Link to={`/apps/${app.appId}/info`}>
              <Button>{t('demo.editApp')}</Button>
            </Link>
          )}
        </Space>
      }
    >
      <Descriptions
        column={1}
        items={[
          { key: 'appId', label: t('demo.fields.appId'), children: app.appId },
          { key: 'packageName', label: t('demo.fields.packageName'), children: app.packageName },
          { key: 'platform', label: t('demo.fields.platform'), children: t(`demo.platform.${app.platform}`) },
          { key: 'category', label: t('demo.fields.category'), children: t(`demo.category.${app.category}`) },
          { key: 'language', label: t('demo.fields.defaultLanguage'), children: defaultLanguage ? defaultLanguage.names[language] : app.defaultLanguage },
          { key: 'status', label: t('demo.fields.developStatus'), children: t(`demo.status.${app.developStatus}`) },
          { key: 'created', label: t('demo.fields.createdAt'), children: formatDate(app.createdAt, language, localTimeZone()) },
        ]}
      />
    </Card>
  );
}
