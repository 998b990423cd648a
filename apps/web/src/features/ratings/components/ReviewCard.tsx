import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Rate, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppReview } from '@wharf/contract';
import { formatDate } from '@wharf/rules';
import { useAct } from '../../../ui/use-act';
import { useReply } from '../api/mutations';
import { readReplyDraft } from './reply-draft';
import { ReplyEditor } from './ReplyEditor';

/** One review as the team reads it, with its reply (written, changed or taken back here). */
export function ReviewCard({ appId, review, canReply }: { appId: string; review: AppReview; canReply: boolean }) {
  const { t, i18n } = useTranslation('ratings');
  // A reply started earlier on this device opens where it was left.
  const [editing, setEditing] = useState(() => canReply && readReplyDraft(review.reviewId) !== null);
  const reply = useReply(appId);
  const act = useAct();
  const meta = [
    review.versionName ? t('review.version', { version: review.versionName }) : null,
    review.country,
    review.language,
    formatDate(review.updatedAt, i18n.language),
    review.helpful ? t('review.helpful', { count: review.helpful }) : null,
  ].filter(Boolean);
  return (
    <Card size="small" data-testid="review">
      <Flex vertical gap={6}>
        <Flex gap={12} align="center" wrap>
          <Rate disabled value={review.rating} style={{ fontSize: 14 }} aria-label={t('review.stars', { count: review.rating })} />
          <Typography.Text type="secondary">{meta.join(' · ')}</Typography.Text>
          {review.author === 'appUser' && <Tag>{t('review.appUser')}</Tag>}
          {review.state === 'held' && <Tag color="gold">{t('review.held', { why: review.flags.map((f) => t(`moderation.flag.${f}`)).join(', ') || t('review.changed') })}</Tag>}
          {review.state === 'hidden' && <Tag color="red">{t('review.hidden', { reason: review.moderationReason ?? '' })}</Tag>}
          {review.reports > 0 && <Typography.Text type="secondary">{t('review.reported', { count: review.reports })}</Typography.Text>}
        </Flex>
        {review.text ? <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{review.text}</Typography.Paragraph> : <Typography.Text type="secondary">{t('review.noText')}</Typography.Text>}
        {editing ? (
          <ReplyEditor appId={appId} reviewId={review.reviewId} initial={review.reply?.text ?? ''} onDone={() => setEditing(false)} />
        ) : review.reply ? (
          <div style={{ borderInlineStart: '3px solid rgba(128,128,128,.35)', paddingInlineStart: 12 }}>
            <Typography.Text strong>{t('reply.yours')}</Typography.Text>{' '}
            <Typography.Text type="secondary">{formatDate(review.reply.updatedAt, i18n.language)}</Typography.Text>
            <Typography.Paragraph style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>{review.reply.text}</Typography.Paragraph>
            {canReply && (
              <Flex gap={8}>
                <Button size="small" onClick={() => setEditing(true)}>
                  {t('reply.edit')}
                </Button>
                <Popconfirm title={t('reply.deleteConfirm')} okText={t('reply.delete')} onConfirm={() => act(reply.mutateAsync({ reviewId: review.reviewId, text: null }), t('reply.deleted'))}>
                  <Button size="small" danger>
                    {t('reply.delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            )}
          </div>
        ) : (
          canReply && (
            <div>
              <Button size="small" onClick={() => setEditing(true)}>
                {t('reply.write')}
              </Button>
            </div>
          )
        )}
      </Flex>
    </Card>
  );
}
