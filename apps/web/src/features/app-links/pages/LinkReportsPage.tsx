import { Button, Empty, Flex, Popconfirm, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LinkReport } from '@wharf/contract';
import { formatDate, formatNumber } from '@wharf/rules';
import { useDecideReport, useLinkReports } from '../api/reports';

/** The operator's takedown queue: links reported from their preview pages, most reported first. */
export function LinkReportsPage() {
  const { t, i18n } = useTranslation('app-links');
  const reports = useLinkReports();
  const decide = useDecideReport();
  if (reports.isPending) return <Skeleton active />;
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('reports.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('reports.intro')}
      </Typography.Paragraph>
      <Table<LinkReport>
        rowKey="reportId"
        pagination={false}
        dataSource={reports.data?.reports ?? []}
        locale={{ emptyText: <Empty description={t('reports.empty')} /> }}
        columns={[
          { title: t('reports.link'), render: (_: unknown, r) => <Typography.Text copyable>{r.shortLink}</Typography.Text> },
          { title: t('reports.goesTo'), dataIndex: 'deepLink', ellipsis: true },
          { title: t('reports.reason'), dataIndex: 'reason' },
          { title: t('reports.count'), dataIndex: 'reports', align: 'right', render: (n: number) => formatNumber(n, i18n.language) },
          { title: t('reports.first'), dataIndex: 'createdAt', render: (at: string) => formatDate(at, i18n.language) },
          {
            title: t('actions.title'),
            render: (_: unknown, r) => (
              <Flex gap="small">
                <Popconfirm title={t('reports.takeDownConfirm', { link: r.shortLink })} onConfirm={() => decide.mutateAsync({ reportId: r.reportId, decision: 'takeDown' })}>
                  <Button danger size="small">
                    {t('reports.takeDown')}
                  </Button>
                </Popconfirm>
                <Button size="small" onClick={() => decide.mutate({ reportId: r.reportId, decision: 'dismiss' })}>
                  {t('reports.dismiss')}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
