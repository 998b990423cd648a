import { useTranslation } from 'react-i18next';
import { zoneOfSite } from '@wharf/rules';
import { useClientConfig } from '../console/public';
import { currentTeamSiteId } from '../../session/session';

/** The data locations the platform offers (the client configuration's zones), and the one to suggest. */
export function useDataLocations() {
  const { t } = useTranslation();
  const config = useClientConfig();
  const zones = config.data?.zones.map((z) => z.zone) ?? [];
  const teamSite = currentTeamSiteId();
  const teamZone = teamSite ? zoneOfSite(teamSite) : null;
  const suggested = teamZone && zones.includes(teamZone) ? teamZone : (config.data?.defaultZone ?? zones[0]);
  return {
    loading: config.isPending,
    options: zones.map((zone) => ({ value: zone, label: t(`zones.${zone}`, { ns: 'common' }) })),
    suggested,
    label: (zone: string) => t(`zones.${zone}`, { ns: 'common' }),
  };
}
