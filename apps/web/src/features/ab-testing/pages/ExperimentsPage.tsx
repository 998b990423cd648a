import { Button, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Experiment } from '@wharf/contract';
import { useRouteAppId } from '../../console/public';
import { usePermissions } from '../../team/public';
import { useExperiments } from '../api/queries';
import { metricText, StateTag } from '../components/words';
import { useDisplay } from '../../../session/display';

/** A/B Testing: the app's experiments, newest first, and a way to start one. */
export function ExperimentsPage() {
  const { t } = useTranslation('ab-testing');
  const appId = useRouteAppId();
  const display = useDisplay();
  const navigate = useNavigate();
  const canManage = usePermissions().can('growth.manage');
  const list = useExperiments(appId);
  const create = canManage && (
    <Button type="primary" onClick={() => void navigate(`/apps/${appId}/ab-testing/new`)}>
      {t('list.create')}
    </Button>
  );

  return (
    <>
      <Flex justify="space-between" align="start" gap="middle">
        <div>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {t('page.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ maxWidth: 760 }}>
            {t('page.text')}
          </Typography.Paragraph>
        </div>
        {Boolean(list.data?.experiments.length) && create}
      </Flex>
      {!list.data ? (
        <Skeleton active />
      ) : list.data.experiments.length === 0 ? (
        <Empty data-testid="experiments-empty" description={t(canManage ? 'list.empty' : 'list.emptyReadOnly')}>
          {create}
        </Empty>
      ) : (
        <Table<Experiment>
          rowKey="id"
          pagination={false}
          dataSource={list.data.experiments}
          columns={[
            { title: t('list.name'), key: 'name', render: (_, e) => <Link to={`/apps/${appId}/ab-testing/${e.id}`}>{e.name}</Link> },
            { title: t('list.state'), key: 'state', render: (_, e) => <StateTag state={e.state} /> },
            { title: t('list.variants'), key: 'variants', render: (_, e) => e.variants.map((v) => v.name).join(' · ') },
            { title: t('list.goal'), key: 'goal', render: (_, e) => metricText(e.primaryMetric, t) },
            { title: t('list.started'), key: 'started', render: (_, e) => (e.startedAt ? display.dateTime(e.startedAt) : '—') },
            { title: t('list.createdBy'), key: 'by', render: (_, e) => e.createdBy ?? '—' },
          ]}
        />
      )}
    </>
  );
}
