import { useEffect } from 'react';
import { Breadcrumb, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { appApi, projectApi } from '@wharf/contract';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { callEndpoint } from '../../request/call';
import { SideMenuLayout } from './SideMenuLayout';
import { forgetRecent, useRememberApp } from '../../session/recent';
import { useTeamId } from '../../features/team/public';

/** Inside an app: its services by category (Distribute: app information, packages, ...). */
export function AppLayout() {
  const { t } = useTranslation();
  const { appId = '' } = useParams();
  const app = useQuery({
    queryKey: ['app', appApi.getApp.id, appId],
    queryFn: ({ signal }) => callEndpoint(appApi.getApp, { query: { appId }, signal }),
    enabled: Boolean(appId),
  });
  const data = app.data?.app;
  // The breadcrumb names the app's project (the same query as the project's own pages).
  const projectId = data?.projectId ?? '';
  const project = useQuery({
    queryKey: ['project', projectApi.getProject.id, projectId],
    queryFn: ({ signal }) => callEndpoint(projectApi.getProject, { params: { projectId }, signal }),
    enabled: Boolean(projectId),
  });
  // The home page's services "inside an app" lead back here (or no longer, once it is gone).
  const teamId = useTeamId();
  useRememberApp(teamId, data, project.data?.project.name);
  useEffect(() => {
    if (app.isError) forgetRecent(teamId, 'app', appId);
  }, [app.isError, teamId, appId]);
  return (
    <SideMenuLayout
      scope="app"
      ids={{ appId, projectId: data?.projectId }}
      menuLabel={t('nav.appMenu')}
      heading={
        <Breadcrumb
          items={[
            { title: <Link to="/apps">{t('nav.myApps')}</Link> },
            ...(data ? [{ title: <Link to={`/projects/${encodeURIComponent(data.projectId)}/settings`}>{project.data?.project.name ?? t('nav.project')}</Link> }] : []),
            {
              title: (
                <span>
                  {data?.name ?? appId} {data && <Tag>{data.packageName}</Tag>}
                </span>
              ),
            },
          ]}
        />
      }
    >
      <Outlet />
    </SideMenuLayout>
  );
}
