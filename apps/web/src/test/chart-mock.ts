import { vi } from 'vitest';

/**
 * The chart port's loader as tests see it: the setup file puts it in place of
 * `ui/chart/load` for every file and forwards to the real loader after each test. A test
 * that reads what a chart is asked to draw gives it a fake ECharts.
 */
export const loadECharts = vi.fn();

