import { useState } from 'react';
import { App as AntApp, Button, Descriptions, Empty, Flex, Progress, Skeleton, Slider, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { phaseTransition, type PhaseAction } from '@wharf/rules';
import type { Version } from '@wharf/contract';
import { usePermissions } from '../../team/public';
import { useChangePhasedRelease, usePhasedRelease } from '../hooks';
import { ActionDialog, type ActionDialogProps } from './ActionDialog';
import { NumberInput } from '../../../ui/NumberInput';
import { useDisplay } from '../../../session/display';

const PHASE_COLOR: Record<string, string> = { pending: 'default', active: 'processing', paused: 'warning', completed: 'success', terminated: 'error' };
const BUTTONS = ['SUSPEND', 'RESUME', 'RELEASE', 'ROLLBACK'] as const;

/** Percentages have two decimals. */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The phased release of a version on shelf: percentage (only up), pause and resume, convert to full, terminate, history. */
export function PhasedPanel({ version }: { version: Version }) {
  const { t } = useTranslation('versions');
  const { message } = AntApp.useApp();
  const display = useDisplay();
  const permissions = usePermissions();
  const ref = { appId: version.appId, versionId: version.versionId };
  const phase = usePhasedRelease(ref);
  const change = useChangePhasedRelease(ref);
  const [percent, setPercent] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Omit<ActionDialogProps, 'open' | 'onClose'> | null>(null);
  if (phase.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const current = phase.data?.phasedRelease;
  if (!current) return <Empty description={t('phased.none')} />;
  const may = permissions.can('version.release') && !version.superseded;
  const can = (a: PhaseAction) => may && phaseTransition(current.state, a) !== null;
  const target = percent ?? current.percent;
  const raise = () =>
    setDialog({
      title: t('phased.raise.title'),
      text: t('phased.raise.text', { from: current.percent, to: target }),
      okText: t('phased.raise.ok'),
      onOk: () => change.mutateAsync({ state: 'UPDATE', percent: target }).then(() => {
        setPercent(null);
        void message.success(t('phased.raise.done', { percent: target }));
      }),
    });
  const act = (a: (typeof BUTTONS)[number]) =>
    setDialog({
      title: t(`phased.action.${a}.title`),
      text: t(`phased.action.${a}.text`),
      okText: t(`phased.action.${a}.ok`),
      danger: a === 'ROLLBACK',
      onOk: () => change.mutateAsync({ state: a }).then(() => void message.success(t(`phased.action.${a}.done`))),
    });

  return (
    <Flex vertical gap="middle">
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('phased.state')}>
          <Tag color={PHASE_COLOR[current.state]}>{t(`phased.states.${current.state}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('phased.period')}>
          {display.dateTime(current.startAt)} – {display.dateTime(current.endAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('phased.note')}>{current.description}</Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Text>{t('phased.percentNow', { percent: current.percent })}</Typography.Text>
        <Progress percent={current.state === 'completed' ? 100 : current.percent} format={(p) => `${p}%`} aria-label={t('phased.percentLabel')} />
      </div>
      {current.state === 'paused' && <Typography.Text type="warning">{t('phased.pausedHint')}</Typography.Text>}
      {can('UPDATE') && (
        <Flex gap="middle" align="center" wrap>
          <Typography.Text>{t('phased.newPercent')}</Typography.Text>
          <Slider style={{ flex: 1, minWidth: 200 }} min={current.percent} max={99.99} step={0.01} value={target} onChange={(v) => setPercent(round2(v))} />
          <NumberInput
            aria-label={t('phased.newPercent')}
            min={current.percent}
            max={99.99}
            step={0.01}
            precision={2}
            value={target}
            suffix="%"
            onChange={(v) => setPercent(v === null ? null : round2(Math.max(current.percent, v)))}
          />
          <Button type="primary" disabled={!(target > current.percent)} onClick={raise}>
            {t('phased.raise.button')}
          </Button>
        </Flex>
      )}
      <Space wrap>
        {BUTTONS.filter(can).map((a) => (
          <Button key={a} danger={a === 'ROLLBACK'} onClick={() => act(a)}>
            {t(`phased.action.${a}.button`)}
          </Button>
        ))}
      </Space>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('phased.history')}
      </Typography.Title>
      <Table
        size="small"
        rowKey={(r) => `${r.at}-${r.action}`}
        pagination={false}
        dataSource={[...(phase.data?.items ?? [])].reverse()}
        columns={[
          { key: 'at', title: t('phased.columns.at'), render: (_: unknown, r) => display.dateTime(r.at) },
          { key: 'action', title: t('phased.columns.action'), render: (_: unknown, r) => t(`phased.actions.${r.action}`, { defaultValue: r.action }) },
          { key: 'state', title: t('phased.columns.state'), render: (_: unknown, r) => t(`phased.states.${r.toState}`) },
          { key: 'percent', title: t('phased.columns.percent'), render: (_: unknown, r) => `${r.percent}%` },
          { key: 'by', title: t('phased.columns.by'), render: (_: unknown, r) => (r.actorKind === 'system' ? t('history.system') : r.actorKind === 'operator' ? t('history.reviewer') : r.actorKind === 'api-client' ? t('history.apiClientShort') : t('history.developer')) },
        ]}
      />
      {dialog && <ActionDialog open {...dialog} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
