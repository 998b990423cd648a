export { Analytics, getAnalytics, ANALYTICS_CALLS, type AnalyticsOptions, type DeviceContext, type PropertyValue } from './analytics';
