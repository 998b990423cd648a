import { useState } from 'react';
import { Avatar, Button, Dropdown, Space, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiReferencePath } from '@wharf/rules';
import { useMe, useSignOut } from '../hooks';
import { CreateTeamDialog } from './CreateTeamDialog';
import { useGoToTeam } from './go-to-team';

/** The header's account menu: who is signed in, the current team, switch team, sign out. */
export function AccountMenu() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const me = useMe();
  const { goTo: switchTo, switching } = useGoToTeam();
  const signOut = useSignOut();
  const [creating, setCreating] = useState(false);
  const data = me.data;
  const current = data?.teams.find((team) => team.teamId === data.currentTeamId);

  const goTo = (teamId: string, name?: string) => switchTo(teamId, name ?? data?.teams.find((x) => x.teamId === teamId)?.name ?? '');

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{data?.displayName}</Typography.Text>
          <Typography.Text type="secondary">{data?.email}</Typography.Text>
        </Space>
      ),
    },
    { type: 'divider' },
    {
      key: 'team',
      type: 'group',
      label: t('menu.currentTeam', { team: current?.name ?? t('menu.noTeam') }),
    },
    {
      key: 'switch',
      label: t('menu.switchTeam'),
      disabled: !data || data.teams.length < 2,
      children: (data?.teams ?? []).map((team) => ({
        key: `team:${team.teamId}`,
        label: team.teamId === data?.currentTeamId ? t('menu.teamCurrent', { team: team.name }) : team.name,
        disabled: team.teamId === data?.currentTeamId,
      })),
    },
    { key: 'create', label: t('menu.createTeam') },
    { key: 'agreements', label: t('menu.agreements') },
    {
      key: 'apiReference',
      label: (
        <a href={apiReferencePath(window.location.pathname)} target="_blank" rel="noopener noreferrer">
          {t('menu.apiReference')}
        </a>
      ),
    },
    { type: 'divider' },
    { key: 'signOut', label: t('menu.signOut'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('team:')) goTo(key.slice('team:'.length));
    else if (key === 'create') setCreating(true);
    else if (key === 'agreements') void navigate('/team/agreements');
    else if (key === 'signOut') signOut.mutate();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <Button type="text" aria-label={t('menu.label')} style={{ color: '#fff', height: 'auto' }} loading={switching}>
          <Space>
            <Avatar size="small" style={{ background: '#1677ff' }}>
              {(data?.displayName ?? '?').slice(0, 1).toUpperCase()}
            </Avatar>
            <span>{data?.displayName ?? ''}</span>
            {/* A personal team carries the person's name: saying it twice says nothing. */}
            {current && current.name !== data?.displayName && <Typography.Text style={{ color: 'rgba(255,255,255,0.65)' }}>· {current.name}</Typography.Text>}
          </Space>
        </Button>
      </Dropdown>
      <CreateTeamDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(teamId, name) => {
          setCreating(false);
          goTo(teamId, name);
        }}
      />
    </>
  );
}
