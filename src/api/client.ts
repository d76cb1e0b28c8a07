/**
 * The authenticated HTTP client every resource module uses. It never refreshes tokens
 * itself: it asks the session (through `SessionBridge`) and waits, so one refresh serves
 * every waiting request, and each request retries at most once.
 */
import redaxios from 'redaxios';
import type { SessionTokens } from './session.ts';
import { API_BASE_URL, JSON_ACCEPT } from './config.ts';

export interface SessionBridge {
  /** The tokens the session holds now, or null when logged out. */
  tokens(): SessionTokens | null;
  /**
   * Asks the session for fresh tokens because `used` expired or was rejected; resolves
   * with the new tokens, or null when the session ended.
   */
  refresh(reason: 'expired' | 'rejected', used: string): Promise<SessionTokens | null>;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly body: unknown,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(detail);
  }
  get isNetworkError() {
    return this.status === 0;
  }
}

export interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined | null>;
  data?: unknown;
  signal?: AbortSignal;
  /** Do not report this failure to the global error handler (the caller shows it). */
  quiet?: boolean;
  /** `blob` for downloads (CSV exports); JSON otherwise. */
  responseType?: 'json' | 'blob' | 'text';
}

export interface ApiClient {
  request<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, options?: RequestOptions): Promise<T>;
  get<T>(url: string, options?: RequestOptions): Promise<T>;
  post<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(url: string, data?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(url: string, options?: RequestOptions): Promise<T>;
  /**
   * The Authorization header value for a request the client cannot send itself (an upload
   * through XMLHttpRequest, for its progress events), refreshed first when about to expire.
   */
  authorization(): Promise<string>;
  /** The interface's language, for a request the client cannot send itself (`Accept-Language`). */
  language(): string;
}

/** An access token this close to expiry is refreshed before it is sent. */
const EXPIRY_MARGIN_MS = 5_000;

export function createApiClient(options: {
  session: SessionBridge;
  baseURL?: string;
  onError?: (error: ApiRequestError) => void;
  /** Every failure, quiet or not: a refusal that changes the app's state (the act-as session over) must be seen whoever asked. */
  onFailure?: (error: ApiRequestError) => void;
  now?: () => number;
  /** The interface's locale, sent as `Accept-Language` so the API's error messages come in it. */
  locale?: () => string;
  /** Headers every request carries besides these (the act-as session staff act as a vendor in). */
  headers?: () => Record<string, string>;
}): ApiClient {
  const http = redaxios.create({ baseURL: options.baseURL ?? API_BASE_URL, headers: { Accept: JSON_ACCEPT } });
  const now = options.now ?? Date.now;
  const language = () => options.locale?.() ?? 'en';

  async function send<T>(method: string, url: string, token: string, opts: RequestOptions): Promise<T> {
    const params = opts.params
      ? Object.fromEntries(Object.entries(opts.params).filter(([, v]) => v !== undefined && v !== null && v !== ''))
      : undefined;
    const signal = opts.signal;
    const response = await http<T>({
      url,
      method: method as 'GET',
      data: opts.data,
      params,
      headers: { ...options.headers?.(), Authorization: `JWT ${token}`, 'Accept-Language': language() },
      responseType: opts.responseType ?? 'json',
      // redaxios has no abort option of its own; its fetch hook carries the signal.
      fetch: signal ? (input, init) => fetch(input, { ...init, signal }) : undefined,
    });
    return response.data;
  }

  async function request<T>(method: Parameters<ApiClient['request']>[0], url: string, opts: RequestOptions = {}): Promise<T> {
    try {
      let tokens = options.session.tokens();
      if (!tokens) throw new ApiRequestError(401, 'Not signed in', null);
      if (tokens.accessExpiresAt <= now() + EXPIRY_MARGIN_MS) {
        tokens = await options.session.refresh('expired', tokens.access);
        if (!tokens) throw new ApiRequestError(401, 'Session expired', null);
      }
      try {
        return await send<T>(method, url, tokens.access, opts);
      } catch (error) {
        if ((error as { status?: number }).status !== 401) throw error;
        const fresh = await options.session.refresh('rejected', tokens.access);
        if (!fresh) throw new ApiRequestError(401, 'Session expired', null);
        return await send<T>(method, url, fresh.access, opts);
      }
    } catch (error) {
      const failure = toRequestError(error);
      if (!opts.signal?.aborted) {
        options.onFailure?.(failure);
        if (!opts.quiet) options.onError?.(failure);
      }
      throw failure;
    }
  }

  return {
    request,
    get: (url, opts) => request('GET', url, opts),
    post: (url, data, opts) => request('POST', url, { ...opts, data }),
    patch: (url, data, opts) => request('PATCH', url, { ...opts, data }),
    delete: (url, opts) => request('DELETE', url, opts),
    async authorization() {
      let tokens = options.session.tokens();
      if (tokens && tokens.accessExpiresAt <= now() + EXPIRY_MARGIN_MS) tokens = await options.session.refresh('expired', tokens.access);
      if (!tokens) throw new ApiRequestError(401, 'Not signed in', null);
      return `JWT ${tokens.access}`;
    },
    language,
  };
}

function toRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  const response = error as { status?: number; data?: unknown; statusText?: string };
  if (typeof response?.status === 'number') {
    const body = response.data as { detail?: string; errors?: Record<string, string[]> } | string | undefined;
    const detail = typeof body === 'object' && body?.detail ? body.detail : response.statusText || `HTTP ${response.status}`;
    return new ApiRequestError(response.status, detail, body, typeof body === 'object' ? body?.errors ?? {} : {});
  }
  return new ApiRequestError(0, error instanceof Error ? error.message : 'Network error', null);
}
