import { Empty, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isReleaseState } from '@wharf/rules';
import { useVersionHistory } from '../hooks';
import { useDisplay } from '../../../session/display';

/** Who did what when to a version, newest first. */
export function HistoryTimeline({ appId, versionId }: { appId: string; versionId: string }) {
  const { t } = useTranslation('versions');
  const display = useDisplay();
  const history = useVersionHistory({ appId, versionId });
  if (history.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const events = [...(history.data ?? [])].reverse();
  if (!events.length) return <Empty description={t('history.empty')} />;
  return (
    <Timeline
      items={events.map((e, i) => {
        const who =
          e.actorKind === 'system'
            ? t('history.system')
            : e.actorKind === 'operator'
              ? t('history.reviewer')
              : e.actorKind === 'api-client'
                ? t('history.apiClient', { clientId: String(e.data.clientId ?? '') })
                : (e.actorName ?? t('history.someone'));
        const action = t(`history.action.${e.action}`, { defaultValue: e.action });
        const moved = e.fromState !== e.toState && e.toState !== null && isReleaseState(e.toState) ? t('history.toState', { state: t(`state.${e.toState}`) }) : '';
        const reason = typeof e.data.reason === 'string' ? e.data.reason : null;
        return {
          key: `${e.at}-${i}`,
          color: e.action === 'reject' ? 'red' : e.action === 'approve' || e.action === 'release' || e.action === 'releaseNow' ? 'green' : 'blue',
          content: (
            <>
              <Typography.Text strong>{action}</Typography.Text>
              {moved && <Typography.Text type="secondary"> · {moved}</Typography.Text>}
              <br />
              <Typography.Text type="secondary">
                {display.dateTime(e.at)} · {who}
              </Typography.Text>
              {reason && (
                <>
                  <br />
                  <Typography.Text italic>{t('history.reason', { reason })}</Typography.Text>
                </>
              )}
            </>
          ),
        };
      })}
    />
  );
}
