import { useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../hooks';
import { CreateTeamDialog } from './CreateTeamDialog';
import { useGoToTeam } from './go-to-team';

/**
 * The home of a person in no team (the platform's operator made at first start, or one whose
 * last team is gone): projects and apps belong to a team, so instead of empty lists, what
 * they can do here and how to get a team of their own.
 */
export function NoTeamCard() {
  const { t } = useTranslation('accounts');
  const me = useMe();
  const { goTo } = useGoToTeam();
  const [creating, setCreating] = useState(false);
  const roles = me.data?.operatorRoles ?? [];
  const reviewer = roles.includes('reviewer') || roles.includes('admin');
  return (
    <Card title={t('noTeam.title')} data-testid="no-team">
      <Flex vertical gap="small" align="start">
        <Typography.Paragraph style={{ margin: 0 }}>{roles.length ? t('noTeam.operator') : t('noTeam.person')}</Typography.Paragraph>
        {reviewer && <Link to="/review">{t('noTeam.review')}</Link>}
        {(roles.includes('support') || roles.includes('admin')) && <Link to="/support-desk">{t('noTeam.supportDesk')}</Link>}
        {roles.includes('admin') && <Link to="/platform">{t('noTeam.platform')}</Link>}
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('menu.createTeam')}
        </Button>
      </Flex>
      <CreateTeamDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(teamId, name) => {
          setCreating(false);
          goTo(teamId, name);
        }}
      />
    </Card>
  );
}
