// The part of ECharts the console draws with, in a chunk of its own that loads with the
// first chart (see load.ts): only these chart types and components are bundled.
import * as echarts from 'echarts/core';
import { BarChart, CustomChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import langRU from 'echarts/i18n/langRU-obj.js';

echarts.use([BarChart, CustomChart, LineChart, PieChart, AriaComponent, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);
// ZH and EN are built in.
echarts.registerLocale('RU', langRU);

export { echarts };
