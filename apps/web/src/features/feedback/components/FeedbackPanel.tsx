import { Card, Descriptions, Empty, Flex, Image, Select, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_STATES_LIST, type FeedbackDetail } from '../states';
import { useDisplay } from '../../../session/display';
import { useAssignees, useFeedback, useUpdateFeedback } from '../hooks';
import { Composer } from './Composer';

export const STATE_COLORS: Record<string, string> = { new: 'blue', inProgress: 'gold', resolved: 'green' };

/** One feedback: what the user wrote and showed, the device, and the team's handling of it. */
export function FeedbackPanel({ appId, feedbackId, canHandle }: { appId: string; feedbackId: string; canHandle: boolean }) {
  const { t } = useTranslation('feedback');
  const one = useFeedback(appId, feedbackId);
  if (one.isPending) return <Card><Skeleton active /></Card>;
  if (!one.data) return <Card><Empty description={t('detail.gone')} /></Card>;
  return <Panel feedback={one.data.feedback} canHandle={canHandle} />;
}

function Panel({ feedback: f, canHandle }: { feedback: FeedbackDetail; canHandle: boolean }) {
  const { t } = useTranslation('feedback');
  const display = useDisplay();
  const assignees = useAssignees(f.appId, canHandle);
  const update = useUpdateFeedback();
  const set = (patch: { state?: FeedbackDetail['state']; assigneeId?: string | null }) => update.mutate({ appId: f.appId, feedbackId: f.feedbackId, ...patch });
  return (
    <Card data-testid="feedback-panel" title={<Space wrap><Tag color={STATE_COLORS[f.state]}>{t(`state.${f.state}`)}</Tag><Tag>{t(`category.${f.category}`)}</Tag></Space>}>
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 15 }}>{f.text}</Typography.Paragraph>
        {f.screenshotUrls.length > 0 && (
          <Image.PreviewGroup>
            <Space wrap>
              {f.screenshotUrls.map((url, i) => (
                <Image key={url} src={url} height={160} alt={t('detail.screenshot', { n: i + 1 })} />
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('detail.received')}>{display.dateTime(f.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.appVersion')}>{f.appVersion ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.device')}>{[f.deviceModel, f.os].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.language')}>{[f.language, f.country].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.contact')}>{f.contact ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.sender')}>{f.fromAppUser ? t('detail.appUser') : t('detail.install')}</Descriptions.Item>
        </Descriptions>
        {canHandle && (
          <Flex gap={12} wrap>
            <Select aria-label={t('detail.state')} style={{ width: 180 }} value={f.state} loading={update.isPending} onChange={(state: FeedbackDetail['state']) => set({ state })} options={FEEDBACK_STATES_LIST.map((s) => ({ value: s, label: t(`state.${s}`) }))} />
            <Select
              aria-label={t('detail.assignee')}
              style={{ width: 240 }}
              value={f.assigneeId ?? 'none'}
              loading={assignees.isPending}
              onChange={(v: string) => set({ assigneeId: v === 'none' ? null : v })}
              options={[{ value: 'none', label: t('detail.nobody') }, ...(assignees.data?.members ?? (f.assigneeId ? [{ userId: f.assigneeId, name: f.assigneeName ?? '' }] : [])).map((m) => ({ value: m.userId, label: m.name }))]}
            />
          </Flex>
        )}
        {f.notes.length > 0 && (
          <Timeline
            items={f.notes.map((n) => ({
              color: n.kind === 'reply' ? 'green' : 'gray',
              children: (
                <Flex vertical gap={2} data-testid="feedback-note">
                  <Typography.Text type="secondary">
                    {n.kind === 'reply' ? t('detail.repliedTo', { who: n.authorName ?? '', to: n.mailedTo ?? '' }) : t('detail.noted', { who: n.authorName ?? '' })} · {display.dateTime(n.createdAt)}
                  </Typography.Text>
                  <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{n.text}</Typography.Text>
                </Flex>
              ),
            }))}
          />
        )}
        {canHandle && <Composer key={f.feedbackId} feedback={f} />}
      </Flex>
    </Card>
  );
}
