import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Version } from '@wharf/contract';
import { stateColor, useStateLabel } from '../display';
import { HistoryTimeline } from './HistoryTimeline';
import { useDisplay } from '../../../session/display';

/** The app's versions, newest first, each with its history on demand. */
export function VersionList({ versions }: { versions: Version[] }) {
  const { t } = useTranslation('versions');
  const display = useDisplay();
  const stateLabel = useStateLabel();
  return (
    <Table<Version>
      size="small"
      rowKey="versionId"
      pagination={false}
      dataSource={versions}
      expandable={{ expandedRowRender: (v) => <HistoryTimeline appId={v.appId} versionId={v.versionId} /> }}
      columns={[
        { key: 'version', title: t('list.version'), render: (_: unknown, v) => (v.versionName || v.versionCode !== null ? `${v.versionName ?? ''} (${display.number(v.versionCode)})` : t('status.noPackage')) },
        { key: 'state', title: t('status.state'), render: (_: unknown, v) => <Tag color={stateColor(v.releaseState)}>{stateLabel(v)}</Tag> },
        { key: 'type', title: t('status.releaseType'), render: (_: unknown, v) => t(`releaseType.${v.releaseType}`) },
        { key: 'createdAt', title: t('list.createdAt'), render: (_: unknown, v) => display.dateTime(v.createdAt) },
        { key: 'onShelfAt', title: t('status.onShelfAt'), render: (_: unknown, v) => display.dateTime(v.onShelfAt) || '—' },
      ]}
    />
  );
}
