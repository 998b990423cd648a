import { WharfError } from './errors';

/** The configuration file as the console downloads it (`agconnect-services.json`, AppGallery Connect's layout). */
export interface WharfConfigFile {
  configuration_version?: string;
  region?: string;
  agcgw?: { url?: string; backurl?: string };
  agcgw_all?: Record<string, string>;
  client?: {
    app_id?: string;
    project_id?: string;
    product_id?: string;
    cp_id?: string;
    client_id?: string;
    api_key?: string;
    package_name?: string;
  };
  /** Cloud Storage: where devices call it (the deployment's user-content origin). */
  cloudstorage?: { storage_url?: string };
  service?: Record<string, unknown>;
}

/** What the SDK needs of the file. */
export interface ClientConfig {
  /** Base URL of the calls, ending in `/agc/edge`, without a trailing slash. */
  gateway: string;
  appId: string;
  projectId: string;
  clientId: string;
  apiKey: string;
  /** Sent as `x-package-name` (keys restricted to package names check it). */
  packageName: string | null;
  /** Cloud Storage's base URL (`…/storage/v0`), from the file's `cloudstorage.storage_url`; null in older files. */
  storageUrl: string | null;
}

/**
 * Reads the configuration file (its text or its parsed object). A `gateway` option wins
 * over the file's `agcgw.url`, for a server reached under another name (a proxy, a test).
 */
export function readConfig(file: string | WharfConfigFile, gateway?: string): ClientConfig {
  let parsed: WharfConfigFile;
  try {
    parsed = typeof file === 'string' ? (JSON.parse(file) as WharfConfigFile) : file;
  } catch {
    throw new WharfError('The configuration file is not JSON: download agconnect-services.json again from App information.', 'config');
  }
  const client = parsed?.client;
  const missing = (['app_id', 'project_id', 'client_id', 'api_key'] as const).filter((k) => typeof client?.[k] !== 'string' || !client[k]);
  const url = gateway ?? parsed?.agcgw?.url;
  if (!url) missing.push('agcgw.url' as never);
  if (missing.length) {
    throw new WharfError(`The configuration file lacks ${missing.join(', ')}: download agconnect-services.json again from App information.`, 'config');
  }
  return {
    gateway: url!.replace(/\/+$/, ''),
    appId: client!.app_id!,
    projectId: client!.project_id!,
    clientId: client!.client_id!,
    apiKey: client!.api_key!,
    packageName: client!.package_name || null,
    storageUrl: parsed.cloudstorage?.storage_url?.replace(/\/+$/, '') || null,
  };
}
