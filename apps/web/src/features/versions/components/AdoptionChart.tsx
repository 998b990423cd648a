import { Empty, Flex, Skeleton, Statistic, Table, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseOf, versionApi } from '@wharf/contract';
import { countryById, formatNumber, type Language } from '@wharf/rules';
import { useDownloadStats } from '../hooks';

type Stats = ResponseOf<typeof versionApi.downloadStats>;

/** Days the chart covers, today included (UTC days, as the server counts them). */
export const ADOPTION_DAYS = 30;
const DAY_MS = 24 * 3600_000;

export function adoptionRange(now: Date, days = ADOPTION_DAYS): { from: string; to: string } {
  return { from: new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}

/** Every day of the range, oldest first. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const label = (v: Stats['versions'][number]) => v.versionName ?? String(v.versionCode ?? v.versionId.slice(0, 8));

/**
 * Downloads per day, stacked by version: how fast a new version is taken up. A plain SVG
 * chart: the console has no chart library and one stacked bar chart does not need one.
 */
export function AdoptionChart({ appId, now = new Date() }: { appId: string; now?: Date }) {
  const { t, i18n } = useTranslation('versions');
  const { token } = theme.useToken();
  const { from, to } = adoptionRange(now);
  const stats = useDownloadStats(appId, from, to);
  if (stats.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (stats.isError) return <Typography.Text type="danger">{t('adoption.failed')}</Typography.Text>;
  const data = stats.data;
  if (data.total === 0) return <Empty description={t('adoption.empty', { days: ADOPTION_DAYS })} />;
  const palette = [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError, token.colorInfo, token.purple6 ?? '#722ed1', token.cyan6 ?? '#13c2c2', token.magenta6 ?? '#eb2f96'];
  const color = new Map(data.versions.map((v, i) => [v.versionId, palette[i % palette.length]!]));
  const byDay = new Map<string, Array<{ versionId: string; count: number }>>();
  for (const d of data.days) byDay.set(d.day, [...(byDay.get(d.day) ?? []), d]);
  const days = daysOf(from, to);
  const max = Math.max(...days.map((d) => (byDay.get(d) ?? []).reduce((n, x) => n + x.count, 0)), 1);
  const width = 600;
  const height = 180;
  const slot = width / days.length;
  const names = new Map(data.versions.map((v) => [v.versionId, label(v)]));
  return (
    <Flex vertical gap="middle">
      <Flex gap="large" wrap align="center">
        <Statistic title={t('adoption.total', { days: ADOPTION_DAYS })} value={formatNumber(data.total, i18n.language)} />
        <Flex gap="small" wrap data-testid="adoption-legend">
          {data.versions.map((v) => (
            <Tag key={v.versionId} color={color.get(v.versionId)}>
              {t('adoption.series', { version: label(v), count: formatNumber(v.total, i18n.language) })}
            </Tag>
          ))}
        </Flex>
      </Flex>
      <svg role="img" aria-label={t('adoption.chart', { from, to })} viewBox={`0 0 ${width} ${height + 20}`} width="100%" style={{ maxWidth: width }}>
        {days.map((day, i) => {
          let y = height;
          return (
            <g key={day} data-day={day}>
              {(byDay.get(day) ?? []).map((seg) => {
                const h = (seg.count / max) * height;
                y -= h;
                return (
                  <rect key={seg.versionId} data-version={seg.versionId} x={i * slot + 1} y={y} width={Math.max(slot - 2, 1)} height={h} fill={color.get(seg.versionId)}>
                    <title>{`${day} · ${names.get(seg.versionId) ?? ''}: ${seg.count}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
        <line x1={0} x2={width} y1={height} y2={height} stroke={token.colorBorder} />
        <text x={0} y={height + 16} fontSize={11} fill={token.colorTextSecondary}>
          {from}
        </text>
        <text x={width} y={height + 16} fontSize={11} textAnchor="end" fill={token.colorTextSecondary}>
          {to}
        </text>
      </svg>
      <Table
        size="small"
        pagination={false}
        rowKey="country"
        dataSource={data.countries.slice(0, 10)}
        columns={[
          { key: 'country', dataIndex: 'country', title: t('adoption.country'), render: (c: string) => (c === 'ZZ' ? t('adoption.unknownCountry') : (countryById(c)?.names[i18n.language as Language] ?? c)) },
          { key: 'count', dataIndex: 'count', title: t('adoption.downloads'), align: 'right', render: (n: number) => formatNumber(n, i18n.language) },
        ]}
      />
    </Flex>
  );
}
