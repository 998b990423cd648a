import { Alert, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useRouteAppId } from '../../console/public';
import { usePermissions } from '../../team/public';
import { useExperiment, useResults } from '../api/queries';
import { Actions } from '../components/Actions';
import { ResultsTab } from '../components/ResultsTab';
import { SetupTab } from '../components/SetupTab';
import { StateTag } from '../components/words';
import { useDisplay } from '../../../session/display';

/** One experiment: its state and actions, its results and its setup. */
export function ExperimentPage() {
  const { t } = useTranslation('ab-testing');
  const { experimentId = '' } = useParams();
  const appId = useRouteAppId();
  const display = useDisplay();
  const canManage = usePermissions().can('growth.manage');
  const one = useExperiment(appId, experimentId);
  const experiment = one.data?.experiment;
  const results = useResults(appId, experimentId, experiment?.state === 'running');
  if (one.isError) return <Result status="404" title={t('page.notFound')} extra={<Link to={`/apps/${appId}/ab-testing`}>{t('page.back')}</Link>} />;
  if (!experiment) return <Skeleton active />;
  const leader = results.data?.results?.metrics[0]?.leader ?? null;
  const when = experiment.startedAt ? t(experiment.stoppedAt ? 'page.ran' : 'page.running', { from: display.dateTime(experiment.startedAt), to: display.dateTime(experiment.stoppedAt) }) : t('page.notStarted');
  return (
    <>
      <Link to={`/apps/${appId}/ab-testing`}>{t('page.back')}</Link>
      <Flex justify="space-between" align="start" gap="middle" wrap style={{ marginTop: 8 }}>
        <div>
          <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 4 }}>
            {experiment.name} <StateTag state={experiment.state} />
          </Typography.Title>
          <Typography.Text type="secondary">{when}</Typography.Text>
        </div>
        {canManage && <Actions appId={appId} experiment={experiment} leader={leader} />}
      </Flex>
      {experiment.rolledOut && (
        <Alert
          style={{ marginTop: 16 }}
          type="success"
          showIcon
          message={
            experiment.rolledOut.version === null
              ? t('page.rolledOutDraft', { name: experiment.variants[experiment.rolledOut.variant]?.name })
              : t('page.rolledOut', { name: experiment.variants[experiment.rolledOut.variant]?.name, version: experiment.rolledOut.version })
          }
          action={<Link to={`/apps/${appId}/remote-config`}>{t('page.toRemoteConfig')}</Link>}
        />
      )}
      <Tabs
        style={{ marginTop: 8 }}
        items={[
          { key: 'results', label: t('tabs.results'), children: <ResultsTab appId={appId} experiment={experiment} /> },
          { key: 'setup', label: t('tabs.setup'), children: <SetupTab appId={appId} experiment={experiment} /> },
        ]}
      />
    </>
  );
}
