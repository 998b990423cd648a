import type { Audiences } from '../audiences';
import type { AnalyticsIngest } from '../ingest';
import type { Reports } from '../reports';
import type { AnalyticsSettingsStore } from '../settings';

/** The family's services, handed to every route file. */
export interface AnalyticsServices {
  ingest: AnalyticsIngest;
  settings: AnalyticsSettingsStore;
  reports: Reports;
  audiences: Audiences;
}
