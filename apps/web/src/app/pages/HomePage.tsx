import { Alert, Button, Card, Descriptions, Flex, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@wharf/rules';
import { useMe } from '../../features/accounts/hooks';
import { useClientConfig } from '../../features/console';
import { useUserPermission } from '../../features/team/hooks';
import { roleLabel } from '../../features/team/roles';
import { localTimeZone, type Language } from '../../session/language';
import { PageLayout } from './PageLayout';

export function HomePage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <PageLayout>
      <Typography.Title level={2}>{t('home.welcome')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('home.purpose')}</Typography.Paragraph>
      <Typography.Paragraph>{t('home.today', { date: formatDate(new Date(), language, localTimeZone()) })}</Typography.Paragraph>
      <Flex vertical gap="large">
        <AccessCard />
        <ServiceCard />
      </Flex>
    </PageLayout>
  );
}

function ServiceCard() {
  const { t } = useTranslation();
  const config = useClientConfig();
  return (
    <Card title={t('config.title')}>
      {config.isPending ? (
        <Flex gap="small" align="center" role="status">
          <Spin size="small" />
          <Typography.Text>{t('config.loading')}</Typography.Text>
        </Flex>
      ) : config.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('config.loadFailed')}
          description={config.error.message}
          action={
            <Button size="small" onClick={() => void config.refetch()}>
              {t('config.retry')}
            </Button>
          }
        />
      ) : (
        <Descriptions
          column={1}
          items={[
            { key: 'serverVersion', label: t('config.serverVersion'), children: config.data.serverVersion },
            { key: 'defaultZone', label: t('config.defaultZone'), children: t(`zones.${config.data.defaultZone}`) },
          ]}
        />
      )}
    </Card>
  );
}

/** Who the user is in the current team: its name and their roles (what the menu follows). */
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
