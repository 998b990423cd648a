import { Flex, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../../ui/chart/Chart';
import type { ChartSpec } from '../../../ui/chart/spec';
import { useStorageUsage } from '../api/queries';

/** A bucket's uploads, downloads and deletes per day, and the bytes moved, as charts. */
export function UsageTab({ projectId, bucket }: { projectId: string; bucket: string }) {
  const { t } = useTranslation('storage');
  const [days, setDays] = useState(30);
  const usage = useStorageUsage(projectId, bucket, days);
  if (usage.isPending) return <Skeleton active />;
  const rows = usage.data?.days ?? [];
  const x = { kind: 'day' as const, values: rows.map((d) => d.day), label: t('usage.day') };
  const requests: ChartSpec = {
    kind: 'bar',
    unit: 'count',
    x,
    series: [
      { name: t('usage.uploads'), values: rows.map((d) => d.uploads) },
      { name: t('usage.downloads'), values: rows.map((d) => d.downloads) },
      { name: t('usage.deletes'), values: rows.map((d) => d.deletes) },
    ],
  };
  const bytes: ChartSpec = {
    kind: 'area',
    unit: 'bytes',
    x,
    series: [
      { name: t('usage.uploadBytes'), values: rows.map((d) => d.uploadBytes) },
      { name: t('usage.downloadBytes'), values: rows.map((d) => d.downloadBytes) },
    ],
  };
  return (
    <Flex vertical gap="middle">
      <Segmented value={days} onChange={(v) => setDays(Number(v))} options={[7, 30, 90].map((n) => ({ value: n, label: t('usage.days', { days: n }) }))} />
      <Chart spec={requests} summary={t('usage.requestsSummary', { days })} emptyText={t('usage.empty')} />
      <Chart spec={bytes} summary={t('usage.bytesSummary', { days })} emptyText={t('usage.empty')} />
    </Flex>
  );
}
