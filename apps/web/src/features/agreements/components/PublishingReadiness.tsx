import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { versionApi } from '@wharf/contract';
import { callEndpoint } from '../../../request/call';
import { useTeamId } from '../../team/public';
import { agreementKeys } from '../hooks';

/** Above the team's apps: before anything can be submitted, the agreement the team still has to sign. */
export function PublishingReadiness() {
  const { t } = useTranslation('agreements');
  const teamId = useTeamId();
  const service = useQuery({
    queryKey: [...agreementKeys.all, versionApi.distributionService.id, teamId],
    queryFn: ({ signal }) => callEndpoint(versionApi.distributionService, { signal }),
    enabled: Boolean(teamId),
  });
  if (!service.data || service.data.canPublish) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="publishing-readiness"
      title={t('readiness.title')}
      description={
        <>
          {t('readiness.text', { names: service.data.missingAgreements.map((id) => t(`names.${id}`)).join(', ') })} <Link to="/team/agreements">{t('page.title')}</Link>
        </>
      }
    />
  );
}
