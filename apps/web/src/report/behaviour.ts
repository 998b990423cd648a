import { reportingRegionOfPath, siteOfPath, zoneOfSite, type Zone } from '@wharf/rules';
import type { ClientConfig } from '@wharf/contract';

/**
 * Behaviour reports (specification section 7): page views, jumps from external channels
 * and clicks, batched and sent to the analytics URL the configuration names, or to the
 * server's own collector when it names none.
 */

export type TagType = 'PageView' | 'ExternalChannel-Jump' | 'Click';

export interface BehaviourEvent {
  tagType: TagType;
  serviceItem: number;
  language: string;
  domain: 'AGC';
  DID: string;
  productID?: string;
  appID?: string;
  userType?: number;
  countryID?: string;
  teamID?: string;
  childType?: number;
  sourceChannel?: string;
  urlRef?: string;
  greyFlag: boolean;
  pageId?: string;
  url?: string;
  clickId?: string;
  at: string;
}

/** Facts of the page and session a report carries. */
export interface ReportContext {
  language: string;
  deviceId: string;
  productId: string | null;
  appId: string | null;
  childType: number | null;
  userType: number | null;
  countryId: string | null;
  teamId: string | null;
  sourceChannel: string | null;
  referrer: string;
  grey: boolean;
  url: string;
}

const SERVICE_ITEM = 4;
const MAX_BATCH = 50;

export function buildEvent(
  tagType: TagType,
  context: ReportContext,
  at: Date,
  extra: { pageId?: string; clickId?: string } = {},
): BehaviourEvent {
  const event: BehaviourEvent = {
    tagType,
    serviceItem: SERVICE_ITEM,
    language: context.language,
    domain: 'AGC',
    DID: context.deviceId,
    greyFlag: context.grey,
    at: at.toISOString(),
  };
  if (context.productId) event.productID = context.productId;
  if (context.appId) event.appID = context.appId;
  if (context.userType !== null) event.userType = context.userType;
  if (context.countryId) event.countryID = context.countryId;
  if (context.teamId) event.teamID = context.teamId;
  if (context.childType !== null) event.childType = context.childType;
  if (context.sourceChannel) event.sourceChannel = context.sourceChannel;
  if (context.referrer) event.urlRef = context.referrer.slice(0, 2000);
  if (context.url) event.url = context.url.slice(0, 2000);
  if (extra.pageId !== undefined) event.pageId = extra.pageId.slice(0, 200);
  if (extra.clickId !== undefined) event.clickId = extra.clickId.slice(0, 200);
  return event;
}

export interface SwitchInputs {
  config: Pick<ClientConfig, 'switches'> | null;
  /** Session data agc_ignoreHa. */
  ignoreHa: string | null;
  /** localStorage closeHa. */
  closeHa: string | null;
}

/** Reports are sent unless agc_ignoreHa is 1, AGC_enableHA is off, or closeHa is Y. */
export function reportsEnabled({ config, ignoreHa, closeHa }: SwitchInputs): boolean {
  if (ignoreHa === '1') return false;
  if (closeHa === 'Y') return false;
  return config?.switches.AGC_enableHA === true;
}

/** The zone whose report URL a signed-out page uses: the site's reporting region. */
export function siteReportZone(path: string): Zone {
  const region = reportingRegionOfPath(path);
  if (region) return region;
  const site = siteOfPath(path);
  return site === 'ru' ? 'russia' : site === 'en' ? 'europe' : 'china';
}

export type ReportTarget = { kind: 'url'; url: string } | { kind: 'collector' };

export interface TargetInputs {
  config: Pick<ClientConfig, 'zones' | 'haReportUrl'> | null;
  teamId: string | null;
  teamSiteId: string | null;
  path: string;
}

/**
 * Where reports go: the analytics SDK's own URL (haReportUrl) when set; otherwise the
 * team zone's report URL plus /webv1 when there is a team, else the site region's plus
 * /webv1. A zone without a report URL means the server's own collector.
 */
export function reportTarget({ config, teamId, teamSiteId, path }: TargetInputs): ReportTarget {
  if (config?.haReportUrl) return { kind: 'url', url: config.haReportUrl };
  const zone = teamId ? zoneOfSite(teamSiteId) : siteReportZone(path);
  const base = config?.zones.find((z) => z.zone === zone)?.reportUrl.replace(/\/+$/, '') ?? '';
  return base ? { kind: 'url', url: `${base}/webv1` } : { kind: 'collector' };
}

export interface ReporterDeps {
  /** Whether reports are on; null while the configuration is not known yet. */
  enabled(): boolean | null;
  target(): ReportTarget;
  context(): ReportContext;
  send(target: ReportTarget, events: BehaviourEvent[], leaving: boolean): Promise<void>;
  now?: () => Date;
  batchSize?: number;
  flushMs?: number;
}

/** Collects events and sends them in batches (by count, after a pause, or when leaving). */
export class BehaviourReporter {
  readonly #deps: ReporterDeps;
  #queue: BehaviourEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(deps: ReporterDeps) {
    this.#deps = deps;
  }

  pageView(pageId: string): void {
    this.#add('PageView', { pageId });
  }

  externalJump(): void {
    this.#add('ExternalChannel-Jump');
  }

  click(clickId: string): void {
    this.#add('Click', { clickId });
  }

  get pending(): number {
    return this.#queue.length;
  }

  /** Sends what is queued. `leaving`: the page is closing (beacons, no waiting). */
  async flush(leaving = false): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const enabled = this.#deps.enabled();
    if (enabled === null && !leaving) {
      this.#arm();
      return;
    }
    if (enabled !== true) {
      this.#queue = [];
      return;
    }
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      try {
        await this.#deps.send(this.#deps.target(), batch, leaving);
      } catch {
        // analytics never bother the user
      }
    }
  }

  #add(tagType: TagType, extra: { pageId?: string; clickId?: string } = {}): void {
    if (this.#deps.enabled() === false) return;
    const now = this.#deps.now?.() ?? new Date();
    this.#queue.push(buildEvent(tagType, this.#deps.context(), now, extra));
    if (this.#queue.length >= (this.#deps.batchSize ?? 10)) {
      void this.flush();
      return;
    }
    this.#arm();
  }

  #arm(): void {
    this.#timer ??= setTimeout(() => void this.flush(), this.#deps.flushMs ?? 2000);
  }
}
