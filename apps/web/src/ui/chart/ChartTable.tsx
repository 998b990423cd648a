import { Table } from 'antd';
import { formatValue, formatX, type ChartSpec } from './spec';

/** The chart's numbers as a table: for people who compare in rows, and for screen readers. */
export function ChartTable({ spec, language, caption }: { spec: ChartSpec; language: string; caption: string }) {
  const rows = spec.x.values.map((x, i) => ({ key: x, x, values: spec.series.map((s) => s.values[i] ?? null) }));
  return (
    <Table
      size="small"
      pagination={false}
      title={() => caption}
      dataSource={rows}
      columns={[
        { title: spec.x.label, dataIndex: 'x', render: (x: string) => formatX(spec, x, language) },
        ...spec.series.map((s, i) => ({
          title: s.name,
          key: `s${i}`,
          align: 'right' as const,
          render: (_: unknown, row: (typeof rows)[number]) => formatValue(spec.unit, row.values[i], language),
        })),
        ...(spec.intervals
          ? [
              {
                title: spec.intervals.name,
                key: 'interval',
                align: 'right' as const,
                render: (_: unknown, row: (typeof rows)[number]) => {
                  const iv = spec.intervals!.values[rows.indexOf(row)];
                  return iv ? `${formatValue(spec.unit, iv[0], language)} … ${formatValue(spec.unit, iv[1], language)}` : '—';
                },
              },
            ]
          : []),
      ]}
    />
  );
}
