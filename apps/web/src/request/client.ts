import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import {
  authApi,
  buildPath,
  consoleApi,
  parseAccess,
  type BodyOf,
  type ClientConfig,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@wharf/contract';
import {
  LOGOUT_SUPPRESS_MS,
  mustSignInAgain,
  routeModeOfHash,
  shouldReloadSession,
  skipsSessionRefresh,
  type Language,
} from '@wharf/rules';
import { currentLanguage } from '../session/language';
import {
  beginLoginState,
  currentSessionStatus,
  forgetSession,
} from '../session/session';
import { ApiError, errorText, fieldErrorsOf, isRiskRefusal, isSessionInvalid, type Translate } from './errors';
import { forwardClientError } from './error-report';
import { readFileAnswer, withJsonBody } from './file-response';
import { callTarget } from './target';

/** What a call may carry; each part is typed by the endpoint's own schemas. */
export interface CallOptions<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
  /** Defaults to the page's display language. */
  language?: Language;
  /** The API origin; by default the zone gateway of the call (or this origin). */
  baseURL?: string;
  /** Skip the token refresh (before the call and after a refused session). */
  notRefresh?: boolean;
  /** Skip the session handling (sign-in check, recovery after a refused session). */
  notAuth?: boolean;
  /** No error box: the caller shows the failure itself (or nobody should see it). */
  silent?: boolean;
  timeoutMs?: number;
  /** Progress of sending the body (file uploads): bytes sent so far and the total when known. */
  onUploadProgress?: (sent: number, total: number | undefined) => void;
  /** The answer is a file (an export): `request` resolves to a FileAnswer (see `downloadEndpoint`). */
  asFile?: boolean;
}

/** Where the request layer shows things to the user; the app wires antd in. */
export interface RequestUi {
  /** The one error box (a new error replaces the one shown). */
  errorBox(text: string): void;
  /** The sign-in risk control dialog, with the server's message. */
  riskDialog(message: string): void;
}

export interface ClientEnvironment {
  now(): number;
  /** Reloads the page (an old session's page is reloaded to start afresh). */
  reload(): void;
  /** Goes to a route of the console (hash router path, e.g. `/login?redirect=%2F`). */
  navigate(path: string): void;
  location(): { href: string; hash: string };
  language(): Language;
  translate: Translate;
  ui: RequestUi;
  /** Development build: calls stay on this origin for the Vite proxy. */
  dev: boolean;
  random(): number;
  timeoutMs: number;
  /** The client configuration, when known up front (tests); else it is fetched. */
  config?: ClientConfig | null;
}

const DEFAULT_TIMEOUT_MS = 30_000;

function defaultEnvironment(): ClientEnvironment {
  return {
    now: () => Date.now(),
    reload: () => window.location.reload(),
    navigate: (path) => {
      window.location.hash = `#${path}`;
    },
    location: () => window.location,
    language: () => currentLanguage(),
    translate: (key) => key,
    ui: { errorBox: () => undefined, riskDialog: () => undefined },
    dev: Boolean(import.meta.env?.DEV),
    random: Math.random,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  };
}

interface RetShape {
  code: number;
  msg: string;
}

function retOf(data: unknown): RetShape | null {
  if (typeof data !== 'object' || data === null || !('ret' in data)) return null;
  const ret = (data as { ret: unknown }).ret;
  if (typeof ret !== 'object' || ret === null) return null;
  const { code, msg } = ret as { code?: unknown; msg?: unknown };
  if (typeof code !== 'number') return null;
  return { code, msg: typeof msg === 'string' ? msg : '' };
}

/**
 * The new login mode (account status checked after a refused session): the switch
 * useAgcLoginSwitch for the console, h5UseAgcLoginSwitch for pages in embedded (H5) app mode.
 */
export function usesNewLoginMode(config: ClientConfig | null | undefined, hash: string): boolean {
  if (!config) return false;
  return routeModeOfHash(hash).embeddedApp ? config.switches.h5UseAgcLoginSwitch : config.switches.useAgcLoginSwitch;
}

/**
 * The shared client of the specification (section 7, first paragraph; section 8). One
 * per page; every screen calls through `callEndpoint`, which uses it.
 */
export class RequestClient {
  readonly env: ClientEnvironment;
  readonly #http: AxiosInstance;
  #config: ClientConfig | null;
  #configLoad: Promise<ClientConfig | null> | null = null;
  #refreshing: Promise<void> | null = null;
  #recovering: Promise<boolean> | null = null;
  #firstRequestAt: number | null = null;
  #logoutStartedAt: number | null = null;

  constructor(env: Partial<ClientEnvironment> = {}) {
    this.env = { ...defaultEnvironment(), ...env };
    this.#config = env.config ?? null;
    this.#http = axios.create({ headers: { Accept: 'application/json' } });
  }

  /** The client configuration, once known. */
  get config(): ClientConfig | null {
    return this.#config;
  }

  setConfig(config: ClientConfig | null): void {
    this.#config = config;
  }

  /** The configuration, fetched once (a failure leaves it unknown and is tried again later). */
  loadConfig(): Promise<ClientConfig | null> {
    if (this.#config) return Promise.resolve(this.#config);
    this.#configLoad ??= this.request(consoleApi.getConfig, { silent: true })
      .then(
        (config) => config as ClientConfig,
        () => null,
      )
      .finally(() => {
        this.#configLoad = null;
      });
    return this.#configLoad;
  }

  setUi(ui: RequestUi, translate: Translate): void {
    this.env.ui = ui;
    this.env.translate = translate;
  }

  async request<E extends Endpoint>(endpoint: E, options: CallOptions<E> = {}): Promise<ResponseOf<E>> {
    const access = parseAccess(endpoint.access).kind;
    const anonymous = access === 'anonymous' || access === 'device';
    const notRefresh = anonymous || options.notRefresh === true;
    const notAuth = anonymous || options.notAuth === true;
    const location = this.env.location();
    const isConfigCall = endpoint.id === consoleApi.getConfig.id;

    const now = this.env.now();
    this.#firstRequestAt ??= now;
    if (!notRefresh && !skipsSessionRefresh(location.href)) {
      if (shouldReloadSession(this.#firstRequestAt, now)) {
        this.env.reload();
        throw new ApiError('The page is reloading', endpoint.id, null, null, null, '', '', true);
      }
      if (currentSessionStatus(now) === 'refresh') await this.refresh().catch(() => undefined);
    }

    const config = isConfigCall ? this.#config : await this.loadConfig();
    const body = options.body as unknown;
    const { headers, baseURL, openTest } = callTarget(endpoint, { config, language: options.language ?? this.env.language(), hash: location.hash, body, baseURL: options.baseURL, dev: this.env.dev });

    let response: AxiosResponse<unknown>;
    try {
      response = await this.#http.request<unknown>({
        method: endpoint.method,
        url: buildPath(endpoint, (options.params ?? {}) as Record<string, string | number>),
        baseURL,
        params: options.query,
        data: body,
        signal: options.signal,
        timeout: options.timeoutMs ?? this.env.timeoutMs,
        onUploadProgress: options.onUploadProgress ? (event) => options.onUploadProgress?.(event.loaded, event.total) : undefined,
        withCredentials: !openTest,
        headers,
        ...(options.asFile ? { responseType: 'blob' as const } : {}),
      });
    } catch (err) {
      const error = toApiError(options.asFile ? await withJsonBody(err) : err, endpoint.id);
      await this.#handleFailure(error, { notRefresh, notAuth, silent: options.silent === true });
      throw error;
    }
    const file = options.asFile ? await readFileAnswer(response) : null;
    if (file) return file as ResponseOf<E>;
    const ret = retOf(response.data);
    if (!ret || ret.code !== 0) {
      const error = ret
        ? new ApiError(ret.msg || `ret.code ${ret.code}`, endpoint.id, response.status, ret.code, ret.msg, response.statusText)
        : new ApiError('The answer carries no ret', endpoint.id, response.status, null, null, response.statusText);
      error.fieldErrors = fieldErrorsOf(response.data);
      await this.#handleFailure(error, { notRefresh, notAuth, silent: options.silent === true });
      throw error;
    }
    if (isConfigCall) this.#config = response.data as ClientConfig;
    return response.data as ResponseOf<E>;
  }

  /** Refreshes the session token; one refresh at a time, later callers wait for it. */
  refresh(): Promise<void> {
    this.#refreshing ??= this.request(authApi.refresh, { notRefresh: true, notAuth: true, silent: true })
      .then(() => undefined)
      .finally(() => {
        this.#refreshing = null;
      });
    return this.#refreshing;
  }

  /**
   * Signs out. A second sign-out within 10 seconds of the first is ignored (answers
   * false). The session is forgotten on this side even when the server cannot be told.
   */
  async logout(): Promise<boolean> {
    const now = this.env.now();
    if (this.#logoutStartedAt !== null && now - this.#logoutStartedAt < LOGOUT_SUPPRESS_MS) return false;
    this.#logoutStartedAt = now;
    try {
      await this.request(authApi.logout, { notRefresh: true, notAuth: true, silent: true });
    } catch {
      // the session may be gone already; it is forgotten below either way
    }
    forgetSession();
    return true;
  }

  /**
   * Sends the user to sign in: the user-info cookie is cleared, a fresh login state is
   * remembered (checked when the sign-in returns), and the current route becomes the
   * redirect.
   */
  forceSignIn(): void {
    forgetSession();
    const route = routeOfHash(this.env.location().hash);
    if (route.startsWith('/login')) return;
    beginLoginState(this.env.random);
    this.env.navigate(`/login?redirect=${encodeURIComponent(route)}`);
  }

  /** A fresh sign-in: the session clock restarts and sign-out is possible again. */
  signedIn(): void {
    this.#firstRequestAt = this.env.now();
    this.#logoutStartedAt = null;
  }

  async #handleFailure(error: ApiError, flags: { notRefresh: boolean; notAuth: boolean; silent: boolean }): Promise<void> {
    if (error.canceled) return;
    forwardClientError(this.#config?.errorReportUrl, {
      kind: 'request',
      message: error.message,
      endpointId: error.endpointId,
      status: error.status,
      code: error.code,
      url: this.env.location().href,
      at: new Date(this.env.now()).toISOString(),
    });
    if (isSessionInvalid(error) && !flags.notAuth) {
      const renewed = await this.#recoverSession(flags.notRefresh);
      if (renewed && !flags.silent) this.env.ui.errorBox(this.env.translate('errors.sessionRenewed'));
      return;
    }
    if (isRiskRefusal(error)) {
      this.env.ui.riskDialog(error.msg || this.env.translate('errors.code.riskControl'));
      return;
    }
    if (!flags.silent) this.env.ui.errorBox(errorText(error, this.env.translate, this.env.language()));
  }

  /**
   * After a refused session: in the new login mode the user info says whether the account
   * must sign in again (status 6: forced sign-in); otherwise the token is refreshed, and a
   * session that cannot be refreshed signs in again too. Answers whether the session was
   * renewed. Calls refused together share one recovery.
   */
  #recoverSession(notRefresh: boolean): Promise<boolean> {
    this.#recovering ??= (async (): Promise<boolean> => {
      if (usesNewLoginMode(this.#config, this.env.location().hash)) {
        let status: number;
        try {
          status = (await this.request(authApi.userInfo, { notRefresh: true, notAuth: true, silent: true })).accountStatus;
        } catch {
          this.forceSignIn();
          return false;
        }
        if (mustSignInAgain(status)) {
          this.forceSignIn();
          return false;
        }
      }
      if (notRefresh) return false;
      try {
        await this.refresh();
        return true;
      } catch {
        this.forceSignIn();
        return false;
      }
    })().finally(() => {
      this.#recovering = null;
    });
    return this.#recovering;
  }
}

/** The hash router's path of a location hash ('#/team/users?x=1' gives '/team/users?x=1'). */
export function routeOfHash(hash: string): string {
  const route = hash.replace(/^#/, '');
  return route.startsWith('/') ? route : `/${route}`;
}

function toApiError(err: unknown, endpointId: string): ApiError {
  if (axios.isCancel(err)) {
    return new ApiError('canceled', endpointId, null, null, null, '', 'canceled', true);
  }
  if (axios.isAxiosError(err)) {
    const ret = retOf(err.response?.data);
    const error = new ApiError(
      ret?.msg || err.message,
      endpointId,
      err.response?.status ?? null,
      ret?.code ?? null,
      ret?.msg ?? null,
      err.response?.statusText ?? '',
      err.message,
    );
    error.fieldErrors = fieldErrorsOf(err.response?.data);
    return error;
  }
  return new ApiError(err instanceof Error ? err.message : String(err), endpointId, null, null, null);
}
