import { useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Flex, Segmented, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChartTable } from './ChartTable';
import { loadECharts } from './load';
import { chartOption, ECHARTS_LOCALE } from './options';
import { isEmpty, type ChartSpec } from './spec';

export interface ChartProps {
  spec: ChartSpec;
  /** What the chart shows, in a sentence: its accessible name and the table's caption. */
  summary: string;
  /** What to do when there is nothing to draw yet. */
  emptyText: string;
  height?: number;
}

const HIDDEN: React.CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

/**
 * The console's chart (docs/kernel/charts.md): ECharts, loaded with the first chart drawn,
 * in the antd theme and the page's language, with the same numbers as a table one click
 * away and always there for screen readers.
 */
export function Chart({ spec, summary, emptyText, height = 240 }: ChartProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const box = useRef<HTMLDivElement>(null);
  const empty = isEmpty(spec);
  const language = i18n.language;
  const option = useMemo(
    () =>
      chartOption(spec, language, {
        palette: [token.colorPrimary, token.colorSuccess, token.colorWarning, token.colorError, token.colorInfo, token.purple6 ?? '#722ed1', token.cyan6 ?? '#13c2c2', token.magenta6 ?? '#eb2f96'],
        text: token.colorText,
        secondaryText: token.colorTextSecondary,
        border: token.colorBorderSecondary,
        fontFamily: token.fontFamily,
      }),
    [spec, language, token],
  );

  useEffect(() => {
    if (empty || view !== 'chart' || !box.current) return;
    const el = box.current;
    let disposed = false;
    let dispose = () => {};
    loadECharts().then(
      (echarts) => {
        if (disposed) return;
        const chart = echarts.init(el, null, { renderer: 'svg', locale: ECHARTS_LOCALE[language] ?? 'EN' });
        chart.setOption(option);
        const resize = new ResizeObserver(() => chart.resize());
        resize.observe(el);
        dispose = () => {
          resize.disconnect();
          chart.dispose();
        };
        setState('ready');
      },
      () => !disposed && setState('failed'),
    );
    return () => {
      disposed = true;
      dispose();
    };
  }, [empty, view, option, language]);

  if (empty) return <Empty description={emptyText} />;
  const table = <ChartTable spec={spec} language={language} caption={summary} />;
  return (
    <Flex vertical gap="small">
      <Segmented
        aria-label={t('chart.views')}
        size="small"
        style={{ alignSelf: 'flex-end' }}
        value={view}
        onChange={(v) => setView(v as 'chart' | 'table')}
        options={[
          { value: 'chart', label: t('chart.viewChart') },
          { value: 'table', label: t('chart.viewTable') },
        ]}
      />
      {view === 'table' ? (
        table
      ) : (
        <div style={{ position: 'relative' }}>
          {state === 'loading' && <Skeleton active paragraph={{ rows: 4 }} />}
          {state === 'failed' && <Typography.Text type="danger">{t('chart.failed')}</Typography.Text>}
          <div ref={box} role="img" aria-label={summary} data-testid="chart" style={{ height, display: state === 'ready' ? 'block' : 'none' }} />
          <div style={HIDDEN}>{table}</div>
        </div>
      )}
    </Flex>
  );
}
