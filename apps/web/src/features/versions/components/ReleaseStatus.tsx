import { useState } from 'react';
import { Alert, App as AntApp, Button, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVIEW_REASONS, type Version } from '@wharf/contract';
import { allowedActions, isReleaseState, type DeveloperAction } from '@wharf/rules';
import { usePermissions } from '../../team/public';
import { stateColor, useStateLabel } from '../display';
import { useCancelOnShelf, useCancelRollback, useCancelShelfOff, useDeleteVersion, useOnShelfTime, usePhasedRelease, useRollback, useShelfOff, useUrge, useVersions } from '../hooks';
import { ActionDialog, type ActionDialogProps } from './ActionDialog';
import { useDisplay } from '../../../session/display';

/** The buttons of the status area, in this order; edit and submit live in the editor. */
const STATUS_ACTIONS: readonly DeveloperAction[] = ['cancelOnShelf', 'urge', 'changeReleaseTime', 'releaseNow', 'requestShelfOff', 'cancelShelfOff', 'requestRollback', 'cancelRollback', 'delete'];

/** What the rules library's transition table allows now (a history version allows nothing). */
export function actionsOf(version: Version): DeveloperAction[] {
  if (version.superseded || !isReleaseState(version.releaseState)) return [];
  return allowedActions(version.releaseState, { rollbackPending: version.rollbackPending, firstRelease: false, releaseTimeAhead: false });
}

type Dialog = Omit<ActionDialogProps, 'open' | 'onClose'>;

/** The version a rollback brings back: the history version that was on shelf last. */
export function rollbackTargetOf(versions: readonly Version[]): Version | null {
  const history = versions.filter((v) => v.superseded && v.onShelfAt);
  history.sort((a, b) => b.onShelfAt!.localeCompare(a.onShelfAt!));
  return history[0] ?? null;
}

/** A version's state in words, its review result, and exactly the buttons its state allows. */
export function ReleaseStatus({ version, complete, phased }: { version: Version; complete?: boolean; phased?: boolean }) {
  const { t } = useTranslation('versions');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const stateLabel = useStateLabel();
  const permissions = usePermissions();
  const ref = { appId: version.appId, versionId: version.versionId };
  const cancelOnShelf = useCancelOnShelf(ref);
  const urge = useUrge(ref);
  const onShelfTime = useOnShelfTime(ref);
  const shelfOff = useShelfOff(ref);
  const cancelShelfOff = useCancelShelfOff(ref);
  const rollback = useRollback(ref);
  const cancelRollback = useCancelRollback(ref);
  const remove = useDeleteVersion(ref);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const state = version.releaseState;
  // The version page has read the app's versions already: the same query, no new request.
  const target = rollbackTargetOf(useVersions(version.appId).data?.items ?? []);
  const done = (text: string) => () => void message.success(text);
  // An approved phased version is on shelf for the database, but until its phase starts
  // nobody gets it: say that, not "released".
  const phase = usePhasedRelease(ref, !!phased && state === 0 && !version.superseded);
  const waitingPhase = phased && state === 0 && phase.data?.phasedRelease?.state === 'pending' ? phase.data.phasedRelease : null;

  const dialogs: Record<string, Dialog> = {
    cancelOnShelf:
      state === 3
        ? { title: t('actions.cancelRelease.title'), text: t('actions.cancelRelease.text'), okText: t('actions.cancelRelease.ok'), danger: true, onOk: () => cancelOnShelf.mutateAsync().then(done(t('actions.cancelRelease.done'))) }
        : { title: t('actions.cancelReview.title'), text: t('actions.cancelReview.text'), okText: t('actions.cancelReview.ok'), danger: true, onOk: () => cancelOnShelf.mutateAsync().then(done(t('actions.cancelReview.done'))) },
    urge: { title: t('actions.urge.title'), text: t('actions.urge.text'), okText: t('actions.urge.ok'), onOk: () => urge.mutateAsync().then(done(t('actions.urge.done'))) },
    changeReleaseTime: {
      title: t('actions.changeReleaseTime.title'),
      text: t('actions.changeReleaseTime.text'),
      okText: t('actions.changeReleaseTime.ok'),
      ask: 'time',
      onOk: ({ time }) => onShelfTime.mutateAsync(time!).then(done(t('actions.changeReleaseTime.done'))),
    },
    releaseNow: { title: t('actions.releaseNow.title'), text: t('actions.releaseNow.text'), okText: t('actions.releaseNow.ok'), onOk: () => onShelfTime.mutateAsync(null).then(done(t('actions.releaseNow.done'))) },
    requestShelfOff: {
      title: t('actions.requestShelfOff.title'),
      text: t('actions.requestShelfOff.text'),
      okText: t('actions.requestShelfOff.ok'),
      danger: true,
      ask: 'reason',
      onOk: ({ reason }) => shelfOff.mutateAsync(reason!).then(done(t('actions.requestShelfOff.done'))),
    },
    cancelShelfOff: { title: t('actions.cancelShelfOff.title'), text: t('actions.cancelShelfOff.text'), okText: t('actions.cancelShelfOff.ok'), onOk: () => cancelShelfOff.mutateAsync().then(done(t('actions.cancelShelfOff.done'))) },
    requestRollback: {
      title: t('actions.requestRollback.title'),
      text: target
        ? t('actions.requestRollback.textTo', { version: target.noPackage ? t('actions.requestRollback.preRegistrationPage') : `${target.versionName ?? ''} (${display.number(target.versionCode)})` })
        : t('actions.requestRollback.text'),
      ...(target?.noPackage ? { warning: t('actions.requestRollback.preRegistrationWarning') } : {}),
      okText: t('actions.requestRollback.ok'),
      danger: true,
      ask: 'reason',
      onOk: ({ reason }) => rollback.mutateAsync(reason!).then(done(t('actions.requestRollback.done'))),
    },
    cancelRollback: { title: t('actions.cancelRollback.title'), text: t('actions.cancelRollback.text'), okText: t('actions.cancelRollback.ok'), onOk: () => cancelRollback.mutateAsync().then(done(t('actions.cancelRollback.done'))) },
    delete: { title: t('actions.delete.title'), text: t('actions.delete.text'), okText: t('actions.delete.ok'), danger: true, onOk: () => remove.mutateAsync().then(done(t('actions.delete.done'))) },
  };

  const allowed = new Set(actionsOf(version));
  const mayRelease = permissions.can('version.release');
  const mayManage = permissions.can('version.manage');
  const buttons = STATUS_ACTIONS.filter((a) => allowed.has(a))
    // A phased version is taken down by terminating its phased release, not by a rollback.
    .filter((a) => !(a === 'requestRollback' && phased))
    .filter((a) => (a === 'delete' ? mayManage : mayRelease));
  const labelOf = (a: DeveloperAction) => (a === 'cancelOnShelf' ? (state === 3 ? t('actions.cancelRelease.button') : t('actions.cancelReview.button')) : t(`actions.${a}.button`));

  return (
    <Flex vertical gap="middle">
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('status.state')}>
          {waitingPhase ? <Tag color="gold">{t('status.phasedWaiting', { date: display.dateTime(waitingPhase.startAt) })}</Tag> : <Tag color={stateColor(state)}>{stateLabel(version, complete)}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('status.version')}>
          {version.versionName || version.versionCode !== null ? `${version.versionName ?? ''} (${display.number(version.versionCode)})` : t('status.noPackage')}
        </Descriptions.Item>
        <Descriptions.Item label={t('status.releaseType')}>{t(`releaseType.${version.releaseType}`)}</Descriptions.Item>
        {version.submittedAt && <Descriptions.Item label={t('status.submittedAt')}>{display.dateTime(version.submittedAt)}</Descriptions.Item>}
        {(state === 3 || (version.releaseAt && !version.onShelfAt)) && (
          <Descriptions.Item label={t('status.releaseAt')}>{version.releaseAt ? display.dateTime(version.releaseAt) : t('release.immediately')}</Descriptions.Item>
        )}
        {version.onShelfAt && !waitingPhase && <Descriptions.Item label={t('status.onShelfAt')}>{display.dateTime(version.onShelfAt)}</Descriptions.Item>}
        {version.urgedAt && <Descriptions.Item label={t('status.urgedAt')}>{display.dateTime(version.urgedAt)}</Descriptions.Item>}
      </Descriptions>
      {version.rejection && (state === 1 || state === 8 || state === 7) && (
        <Alert
          type={state === 7 ? 'info' : 'error'}
          showIcon
          title={state === 7 ? t('status.lastRejection', { date: display.dateTime(version.rejection.at) }) : t('status.rejected', { date: display.dateTime(version.rejection.at) })}
          description={
            <Space orientation="vertical" size={2}>
              {version.rejection.reasons.map((r) => (
                <Typography.Text key={r}>• {r in REVIEW_REASONS ? t(`reasons.${r}`) : r}</Typography.Text>
              ))}
              {version.rejection.comment && <Typography.Text>{t('status.reviewerComment', { comment: version.rejection.comment })}</Typography.Text>}
              {state !== 7 && <Typography.Text type="secondary">{t('status.fixAndResubmit')}</Typography.Text>}
            </Space>
          }
        />
      )}
      {waitingPhase && <Alert type="info" showIcon title={t('status.phasedWaitingHint')} />}
      {state === 0 && version.rollbackPending && <Alert type="info" showIcon title={t('status.rollbackPendingHint')} />}
      {state === 6 && <Alert type="info" showIcon title={t('status.shelfOffPendingHint')} />}
      {(state === 4 || state === 5) && <Alert type="info" showIcon title={t('status.underReviewHint')} />}
      {state === 3 && <Alert type="success" showIcon title={version.releaseAt ? t('status.waitingHint', { date: display.dateTime(version.releaseAt) }) : t('status.waitingNowHint')} />}
      {buttons.length > 0 && (
        <Space wrap>
          {buttons.map((a) => (
            <Button key={a} danger={dialogs[a]?.danger} onClick={() => setDialog(dialogs[a] ?? null)}>
              {labelOf(a)}
            </Button>
          ))}
        </Space>
      )}
      {dialog && <ActionDialog open {...dialog} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
