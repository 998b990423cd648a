/** ECharts, fetched when a chart first renders; the console's first page does not wait for it. */
export const loadECharts = () => import('./echarts-core').then((m) => m.echarts);
