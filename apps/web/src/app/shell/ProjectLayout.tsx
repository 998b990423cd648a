import { Breadcrumb, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { projectApi } from '@wharf/contract';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { callEndpoint } from '../../request/call';
import { SideMenuLayout } from './SideMenuLayout';
import { useRememberProject } from '../../session/recent';
import { useTeamId } from '../../features/team/public';

/** Inside a project: project settings, then the project's services by category. */
export function ProjectLayout() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const project = useQuery({
    queryKey: ['project', projectApi.getProject.id, projectId],
    queryFn: ({ signal }) => callEndpoint(projectApi.getProject, { params: { projectId }, signal }),
    enabled: Boolean(projectId),
  });
  const data = project.data?.project;
  // The home page's services "inside a project" lead back here.
  useRememberProject(useTeamId(), data);
  return (
    <SideMenuLayout
      scope="project"
      ids={{ projectId }}
      menuLabel={t('nav.projectMenu')}
      fixed={[{ key: `/projects/${encodeURIComponent(projectId)}/settings`, label: t('nav.projectSettings') }]}
      heading={
        <Breadcrumb
          items={[
            { title: <Link to="/projects">{t('nav.myProjects')}</Link> },
            {
              title: (
                <span>
                  {data?.name ?? projectId} {data && <Tag>{t(`zones.${data.dataLocation}`)}</Tag>}
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
