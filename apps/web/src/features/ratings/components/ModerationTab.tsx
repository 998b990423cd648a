import { useMemo } from 'react';
import { Empty, Flex, Rate, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModerationItem } from '@wharf/contract';
import { Decision } from '../../../ui/Decision';
import { ShowMore } from '../../../ui/ShowMore';
import { useAct } from '../../../ui/use-act';
import { useDisplay } from '../../../session/display';
import { useModerate } from '../api/mutations';
import { useModerationQueue } from '../api/queries';

/** Reviews of every team's apps waiting for an operator: held by the filter or reported by readers. */
export function ModerationTab() {
  const { t } = useTranslation('ratings');
  const display = useDisplay();
  const queue = useModerationQueue();
  const moderate = useModerate();
  const act = useAct();
  const rows = useMemo(() => queue.data?.pages.flatMap((p) => p.items) ?? [], [queue.data]);
  const why = (r: ModerationItem) => [...r.flags.map((f) => t(`moderation.flag.${f}`)), ...r.reportReasons.map((reason) => t(`moderation.report.${reason}`))];
  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ maxWidth: 760, marginBottom: 0 }}>
        {t('moderation.text')}
      </Typography.Paragraph>
      <Table<ModerationItem>
        rowKey="reviewId"
        dataSource={rows}
        loading={queue.isPending}
        pagination={false}
        locale={{ emptyText: <Empty description={t('moderation.empty')} /> }}
        columns={[
          { key: 'app', title: t('moderation.app'), render: (_: unknown, r) => <Typography.Text strong>{r.appName}</Typography.Text> },
          {
            key: 'review',
            title: t('moderation.review'),
            render: (_: unknown, r) => (
              <Space orientation="vertical" size={2}>
                <Rate disabled value={r.rating} style={{ fontSize: 12 }} />
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{r.text || t('review.noText')}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[r.language, r.country, display.dateTime(r.updatedAt)].filter(Boolean).join(' · ')}
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'why',
            title: t('moderation.why'),
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                {why(r).map((w) => (
                  <Tag key={w}>{w}</Tag>
                ))}
                {r.reports > 0 && <Typography.Text type="secondary">{t('moderation.reports', { count: r.reports })}</Typography.Text>}
              </Space>
            ),
          },
          {
            key: 'decide',
            title: '',
            render: (_: unknown, r) => (
              <Decision
                approveText={t('moderation.show')}
                rejectText={t('moderation.hide')}
                label={t('moderation.reason')}
                pending={moderate.isPending}
                onApprove={() => void act(moderate.mutateAsync({ reviewId: r.reviewId, reason: null }), t('moderation.shown'))}
                onReject={(reason) => void act(moderate.mutateAsync({ reviewId: r.reviewId, reason }), t('moderation.hidden'))}
              />
            ),
          },
        ]}
      />
      <ShowMore list={queue}>{t('list.more')}</ShowMore>
    </Flex>
  );
}

/** The reviewers' queue tab of app reviews (the shell adds it to the review page). */
export function useReviewModerationTab() {
  const { t } = useTranslation('ratings');
  return { key: 'app-reviews', label: t('moderation.tab'), children: <ModerationTab /> };
}
