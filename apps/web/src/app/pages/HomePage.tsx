import { Button, Card, Col, Descriptions, Empty, Flex, Row, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { projectApi } from '@wharf/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, zoneOfSite } from '@wharf/rules';
import { NoTeamCard, useMe } from '../../features/accounts/public';
import { groupByCategory, serviceName, serviceRoute, useServiceCatalogue, type ServiceEntry } from '../../features/console';
import { BillboardBanner, DiscountsCard, NewsList, useLatestNews } from '../../features/content/public';
import { useTeamId, useUserPermission, roleLabel } from '../../features/team/public';
import { callEndpoint } from '../../request/call';
import { localTimeZone, type Language } from '../../session/language';
import { recentPlaces } from '../../session/recent';
import { PageLayout } from './PageLayout';

/** The signed-in home: notices, what to do first, every service by category, news. */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const noTeam = useMe().data?.teams.length === 0;
  return (
    <PageLayout>
      <BillboardBanner />
      <Typography.Title level={2}>{t('home.welcome')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('home.purpose')} {t('home.today', { date: formatDate(new Date(), language, localTimeZone()) })}
      </Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          {/* Projects, apps and their services are a team's: a person in none is told what to do instead. */}
          {noTeam ? (
            <NoTeamCard />
          ) : (
            <Flex vertical gap="large">
              <GettingStarted />
              <ServiceCatalogue />
            </Flex>
          )}
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap="large">
            <AccessCard />
            <LatestNews />
            <DiscountsCard />
          </Flex>
        </Col>
      </Row>
    </PageLayout>
  );
}

/** With no project yet, the first step; otherwise the shortest ways back to work. */
function GettingStarted() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const teamId = useTeamId();
  const projects = useQuery({
    queryKey: ['project', projectApi.projectList.id, teamId, 'home'],
    queryFn: ({ signal }) => callEndpoint(projectApi.projectList, { query: { pageSize: 5, withTotal: 'true' }, signal }),
    enabled: Boolean(teamId),
  });
  if (projects.isPending || projects.isError) return null;
  const items = projects.data.items;
  if (items.length === 0) {
    return (
      <Card>
        <Empty description={t('home.start.empty')}>
          <Button type="primary" onClick={() => void navigate('/projects?create=1')}>
            {t('home.start.createProject')}
          </Button>
        </Empty>
      </Card>
    );
  }
  return (
    <Card title={t('home.start.recentProjects', { count: projects.data.total ?? items.length })} extra={<Link to="/projects">{t('home.start.allProjects')}</Link>}>
      <Space wrap>
        {items.map((p) => (
          <Button key={p.projectId} onClick={() => void navigate(`/projects/${p.projectId}/settings`)}>
            {p.name} <Tag style={{ marginInlineStart: 8 }}>{t(`zones.${p.dataLocation}`)}</Tag>
          </Button>
        ))}
      </Space>
    </Card>
  );
}

/** Every service that exists, by the 11 categories; project and app services say where they live. */
function ServiceCatalogue() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const catalogue = useServiceCatalogue();
  const groups = groupByCategory(catalogue.data ?? []);
  // A service inside an app opens in the app last worked in (inside a project, likewise); with none yet, the list to choose from.
  const recent = recentPlaces(useTeamId());
  const target = (service: ServiceEntry) => {
    if (service.scope === 'team') return serviceRoute(service);
    if (service.scope === 'app') return recent.app ? serviceRoute(service, { appId: recent.app.id, projectId: recent.app.projectId }) : '/apps';
    return recent.project ? serviceRoute(service, { projectId: recent.project.id }) : '/projects';
  };
  const where = (service: ServiceEntry) => {
    if (service.scope === 'app') return recent.app ? t('home.services.inNamedApp', { name: recent.app.name }) : t('home.services.inApp');
    return recent.project ? t('home.services.inNamedProject', { name: recent.project.name }) : t('home.services.inProject');
  };
  return (
    <Card title={t('home.services.title')} loading={catalogue.isPending}>
      {groups.length === 0 ? (
        <Empty description={t('home.services.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map(({ category, services }) => (
            <Col key={category.id} xs={24} sm={12} xl={8} data-testid={`category-${category.label}`}>
              <Typography.Title level={5}>{category.names[language]}</Typography.Title>
              <Flex vertical gap={4}>
                {services.map((service) => (
                  <Link key={service.id} to={target(service)} data-report-click={`service:${service.serviceId}`}>
                    {serviceName(service, language)}
                    {service.scope !== 'team' && (
                      <Typography.Text type="secondary"> · {where(service)}</Typography.Text>
                    )}
                  </Link>
                ))}
              </Flex>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}

function LatestNews() {
  const { t } = useTranslation('content');
  const news = useLatestNews(5);
  return (
    <Card title={t('news.latest')} extra={<Link to="/news">{t('news.viewAll')}</Link>}>
      <NewsList items={news.data?.items ?? []} loading={news.isPending} />
    </Card>
  );
}

/** Who the user is in the current team: its name, home zone and their roles (what the menu follows). */
function AccessCard() {
  const { t } = useTranslation();
  const { t: tTeam } = useTranslation('team');
  const me = useMe();
  const permission = useUserPermission();
  const team = me.data?.teams.find((x) => x.teamId === me.data?.currentTeamId);
  if (!team || !permission.data) return null;
  return (
    <Card title={t('home.access.title')}>
      <Descriptions
        column={1}
        items={[
          { key: 'team', label: t('home.access.team'), children: team.name },
          { key: 'zone', label: t('home.access.zone'), children: t(`zones.${zoneOfSite(team.siteId)}`) },
          {
            key: 'roles',
            label: t('home.access.roles'),
            children: (
              <Space size={[4, 4]} wrap>
                {permission.data.userRoles.map((role) => (
                  <Tag key={role.key} color="blue">
                    {role.builtIn ? roleLabel(role.key, tTeam) : role.name}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary">{permission.data.isTeamLeader ? t('home.access.holderHint') : t('home.access.memberHint')}</Typography.Text>
    </Card>
  );
}
