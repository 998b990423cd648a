import { Alert, Button, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAct } from '../../../ui/use-act';
import { useMe } from '../../accounts/public';
import { useApproveReview, useRejectReview } from '../api/mutations';
import type { RemoteConfigState } from './DraftBar';
import { useDisplay } from '../../../session/display';

/** A review waiting: another member approves (and so publishes) or turns it down; who asked may withdraw it. */
export function ReviewBar({ appId, config, canManage, status }: { appId: string; config: RemoteConfigState; canManage: boolean; status: string }) {
  const { t } = useTranslation('remote-config');
  const display = useDisplay();
  const act = useAct();
  const me = useMe();
  const approve = useApproveReview(appId);
  const reject = useRejectReview(appId);
  const review = config.draft.review!;
  const mine = me.data?.userId === review.requestedById;
  const asked = t('review.pending', { who: review.requestedBy ?? t('draft.someone'), at: display.dateTime(review.requestedAt) });
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type="warning"
      showIcon
      title={review.description ? `${asked} “${review.description}”` : asked}
      description={`${mine ? t('review.waitingForOthers') : t('review.yourTurn')} ${status}`}
      action={
        canManage ? (
          <Flex gap="small">
            <Popconfirm title={t(mine ? 'review.withdrawConfirm' : 'review.rejectConfirm')} onConfirm={() => void act(reject.mutateAsync(undefined), t(mine ? 'review.withdrawn' : 'review.rejected'))}>
              <Button>{t(mine ? 'review.withdraw' : 'review.reject')}</Button>
            </Popconfirm>
            {!mine && (
              <Button type="primary" loading={approve.isPending} onClick={() => void act(approve.mutateAsync(review.revision), t('draft.published'))}>
                {t('review.approve')}
              </Button>
            )}
          </Flex>
        ) : undefined
      }
    />
  );
}
