import type { Deps } from '../../platform/deps';
import { sendAsDevices, type DeviceBatch } from '../analytics/public';

/** Days of use the demo app has had, ending yesterday. */
export const USAGE_DAYS = 14;
const DAY_MS = 86_400_000;

const PLACES = [
  { country: 'CN', language: 'zh-CN', weight: 5 },
  { country: 'DE', language: 'de-DE', weight: 2 },
  { country: 'RU', language: 'ru-RU', weight: 3 },
  { country: 'US', language: 'en-US', weight: 3 },
] as const;
const MODELS = ['Pixel 8', 'Galaxy S23', 'Mate 60', 'Redmi Note 13', 'Xperia 10'] as const;
/** Chance a device comes back, by days since its first: the steep early drop real apps see. */
const RETURN = [1, 0.45, 0.35, 0.3, 0.28, 0.26, 0.25];

/** A small deterministic generator (mulberry32): the demo is the same on every fresh server. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Device {
  id: string;
  firstDay: number;
  place: (typeof PLACES)[number];
  model: string;
}

export interface DemoUsage {
  /** Installs per day and country: what the store's download counts of 1.0 say. */
  downloads: Array<{ day: string; country: string; count: number }>;
  events: number;
}

/**
 * The demo app's last two weeks as its devices lived them: people install it (more on
 * some days), open it, split bills and add tips, come back less and less (all on 1.0: the
 * phased 2.0 starts on the day of the seed). Every event goes through ingestion as the
 * devices would send it, each day with the clock at that day's end, so App Analytics shows
 * what its rollups made of them; the installs are the store's downloads.
 */
export async function simulateDemoUsage(deps: Deps, app: { appId: string; teamId: string; projectId: string; versionName: string }): Promise<DemoUsage> {
  const random = generator(20_261_128);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const place = () => {
    let r = random() * PLACES.reduce((n, p) => n + p.weight, 0);
    return PLACES.find((p) => (r -= p.weight) < 0) ?? PLACES[0];
  };
  const today = Math.floor(deps.clock.now().getTime() / DAY_MS) * DAY_MS;
  const devices: Device[] = [];
  const downloads = new Map<string, number>();
  let events = 0;
  let ids = 0;
  for (let d = 0; d < USAGE_DAYS; d += 1) {
    const dayStart = today - (USAGE_DAYS - d) * DAY_MS;
    const day = new Date(dayStart).toISOString().slice(0, 10);
    const installs = 5 + Math.floor(random() * 5) + (d % 7 === 5 ? 4 : 0);
    for (let i = 0; i < installs; i += 1) {
      const device: Device = { id: `demo-${d}-${i}-${Math.floor(random() * 1e9).toString(36)}`, firstDay: d, place: place(), model: pick(MODELS) };
      devices.push(device);
      const key = `${day}|${device.place.country}`;
      downloads.set(key, (downloads.get(key) ?? 0) + 1);
    }
    const batches: DeviceBatch[] = [];
    for (const device of devices) {
      const age = d - device.firstDay;
      if (random() >= (RETURN[age] ?? 0.22)) continue;
      // From 08:00 in Shanghai (the demo project's data location: 00:00 UTC), a second
      // session two hours later still before 21:00 there.
      let at = dayStart + Math.floor(random() * 10 * 3_600_000);
      const list: Array<Record<string, unknown>> = [];
      const add = (name: string, extra: Record<string, unknown> = {}) => {
        list.push({ id: `${device.id}-${(ids += 1)}`, name, at, ...extra });
        at += 5_000 + Math.floor(random() * 60_000);
      };
      if (age === 0) add('first_open');
      for (let s = 0, sessions = 1 + (random() < 0.3 ? 1 : 0); s < sessions; s += 1) {
        const started = at;
        add('session_start');
        add('screen_view', { screen: 'home' });
        if (random() < 0.6) {
          add('split_bill', { people: 2 + Math.floor(random() * 5) });
          if (random() < 0.45) add('add_tip', { percent: pick([10, 12, 15, 18, 20]) });
        }
        add('session_end', { value: Math.max(10, Math.round((at - started) / 1000)) });
        at += 2 * 3_600_000;
      }
      events += list.length;
      batches.push({ deviceId: device.id, context: { appVersion: app.versionName, os: 'android', osVersion: '14', deviceModel: device.model, country: device.place.country, language: device.place.language }, events: list });
    }
    // The day's batches arrive by its end, as devices send them within hours.
    await sendAsDevices(deps, app, new Date(dayStart + 23 * 3_600_000), batches);
  }
  return {
    downloads: [...downloads].map(([key, count]) => {
      const [day, country] = key.split('|') as [string, string];
      return { day, country, count };
    }),
    events,
  };
}
