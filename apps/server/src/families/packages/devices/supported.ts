import { DEVICE_CATALOGUE, type DeviceModel, type DeviceType } from './catalogue';

export interface PackageFacts {
  kind: string | null;
  minSdk: number | null;
  extra: Record<string, unknown>;
}

export interface Requirements {
  /** Which system level minApi is measured in. */
  system: 'android' | 'harmony' | 'quickapp' | null;
  minApi: number | null;
  maxApi: number | null;
  deviceTypes: DeviceType[];
  /** Android features every device must have. */
  features: string[];
  /** Why no model fits, when the kind runs on none of them. */
  note: string | null;
}

const DEVICE_TYPES: readonly DeviceType[] = ['phone', 'tablet', 'wearable', 'tv', 'car', '2in1'];

/** HarmonyOS spells some device types differently in module.json and pack.info. */
function deviceTypeOf(raw: unknown): DeviceType | null {
  if (raw === 'default') return 'phone';
  if (raw === 'liteWearable' || raw === 'smartWatch') return 'wearable';
  return DEVICE_TYPES.includes(raw as DeviceType) ? (raw as DeviceType) : null;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function harmonyDeviceTypes(extra: Record<string, unknown>): DeviceType[] {
  const own = strings(extra.deviceTypes);
  const modules = Array.isArray(extra.modules) ? extra.modules.flatMap((m) => strings((m as Record<string, unknown>).deviceTypes)) : [];
  const types = [...own, ...modules].map(deviceTypeOf).filter((t): t is DeviceType => t !== null);
  return types.length ? [...new Set(types)] : ['phone'];
}

/** What a parsed package asks of a device, from the facts its parser found. */
export function requirementsOf(p: PackageFacts): Requirements {
  const none = (note: string): Requirements => ({ system: null, minApi: null, maxApi: null, deviceTypes: [], features: [], note });
  switch (p.kind) {
    case 'apk':
    case 'aab': {
      const features = strings(p.extra.requiredFeatures ?? p.extra.features);
      // supports-screens: tablets are large/xlarge screens, phones small/normal ones.
      const screens = (p.extra.supportsScreens ?? {}) as Partial<Record<'small' | 'normal' | 'large' | 'xlarge', boolean>>;
      let deviceTypes: DeviceType[] = [
        ...(screens.small === false && screens.normal === false ? [] : (['phone'] as const)),
        ...(screens.large === false && screens.xlarge === false ? [] : (['tablet'] as const)),
      ];
      if (features.includes('android.hardware.type.watch')) deviceTypes = ['wearable'];
      else if (features.includes('android.software.leanback')) deviceTypes = ['tv'];
      else if (features.includes('android.hardware.type.automotive')) deviceTypes = ['car'];
      return { system: 'android', minApi: p.minSdk ?? 1, maxApi: int(p.extra.maxSdk), deviceTypes, features, note: null };
    }
    case 'hap':
    case 'app': {
      const level = (p.extra.apiLevel as { min?: unknown } | undefined)?.min;
      return { system: 'harmony', minApi: int(level), maxApi: null, deviceTypes: harmonyDeviceTypes(p.extra), features: [], note: null };
    }
    case 'rpk': {
      const declared = strings(p.extra.deviceTypeList).map(deviceTypeOf).filter((t): t is DeviceType => t !== null);
      return { system: 'quickapp', minApi: p.minSdk, maxApi: null, deviceTypes: declared.length ? [...new Set(declared)] : ['phone'], features: [], note: null };
    }
    case 'wpk':
      return { system: 'harmony', minApi: null, maxApi: null, deviceTypes: ['wearable'], features: [], note: null };
    case 'exe':
      return none('A Windows executable runs on PCs, which the device catalogue does not list');
    case 'obb':
      return none('An expansion file runs with its APK: ask for the APK');
    default:
      return none('The package has no parsed facts');
  }
}

function fits(d: DeviceModel, r: Requirements, checked: ReadonlySet<string>): boolean {
  if (!r.system || !r.deviceTypes.includes(d.deviceType)) return false;
  const level = r.system === 'android' ? d.androidApi : r.system === 'harmony' ? d.harmonyApi : d.quickAppPlatform;
  if (level === null) return false;
  if (r.minApi !== null && level < r.minApi) return false;
  if (r.maxApi !== null && level > r.maxApi) return false;
  return r.features.every((f) => !checked.has(f) || d.features.includes(f));
}

/** The catalogue's models that can install the package, newest first. */
export function supportedDevices(p: PackageFacts, catalogue: readonly DeviceModel[] = DEVICE_CATALOGUE) {
  const requirements = requirementsOf(p);
  // Features the catalogue does not record (screen.portrait, faketouch...) cannot rule a model out.
  const checked = new Set(catalogue.flatMap((d) => d.features).filter((f) => !f.startsWith('android.hardware.type.') && f !== 'android.software.leanback'));
  const items = catalogue.filter((d) => fits(d, requirements, checked)).sort((a, b) => b.releaseYear - a.releaseYear || a.model.localeCompare(b.model));
  return { requirements, items };
}
