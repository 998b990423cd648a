// ECharts ships its locale objects as plain modules without types.
declare module 'echarts/i18n/langRU-obj.js' {
  import type { registerLocale } from 'echarts/core';
  const lang: Parameters<typeof registerLocale>[1];
  export default lang;
}
