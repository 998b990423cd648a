import { App as AntApp } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSwitchTeam } from '../hooks';

/** Switches to a team, says so, and opens its home: after choosing a team or creating one. */
export function useGoToTeam() {
  const { t } = useTranslation('accounts');
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const switchTeam = useSwitchTeam();
  const goTo = (teamId: string, name: string) =>
    switchTeam.mutate(teamId, {
      onSuccess: () => {
        void message.success(t('menu.switched', { team: name }));
        void navigate('/', { replace: true });
      },
    });
  return { goTo, switching: switchTeam.isPending };
}
