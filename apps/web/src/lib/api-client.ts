import { XSRF_COOKIE } from '@srpf/shared/auth/auth.cookies';
import type { TErrorResponse, TLoginResponse } from '@srpf/shared';
import { ApiError } from './api-error';
import { clearSession, getStoredUser, getToken, msUntilExpiry, storeSession, storeUser } from './session';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 120_000;

type UnauthorizedHandler = (reason: 'expired') => void;
let onUnauthorized: UnauthorizedHandler = () => window.location.assign('/login');

/** The app registers how to leave for /login (with the router) once it has one. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  timeoutMs?: number;
  /** Calls such as sign-in must not trigger the refresh-and-redirect dance on a 401. */
  skipAuthRecovery?: boolean;
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The headers every call carries: JSON answers, the bearer token and the XSRF cookie's echo (for callers that cannot use `api`, such as an upload that reports progress). */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
  return headers;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = requestHeaders();
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const url = path.startsWith('/api/') ? path : `/api${path}`;
  try {
    return await fetch(withQuery(url, options.query), {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    throw transportError(error);
  }
}

/** A request or its body that never arrived whole: the time limit ran out, or the connection failed (status 0). */
export function transportError(error: unknown): ApiError {
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  return new ApiError(0, timedOut ? 'TIMEOUT' : 'NETWORK', timedOut ? 'The request timed out' : 'Network error');
}

type ErrorBody = { error?: Partial<TErrorResponse['error']>; message?: string } | null;

/** A refused answer's error envelope (or whatever the body is) as an ApiError. */
export function errorFromBody(status: number, body: unknown, statusText?: string): ApiError {
  const error = (body as ErrorBody)?.error;
  const message = error?.message ?? (body as ErrorBody)?.message ?? statusText ?? 'Request failed';
  return new ApiError(
    status,
    error?.code ?? 'HTTP_ERROR',
    message,
    error?.field,
    error?.details,
    error?.reason,
    error?.params,
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  return errorFromBody(response.status, await response.json().catch(() => null), response.statusText);
}

let refreshing: Promise<boolean> | null = null;

/**
 * Rotates the refresh cookie for a new access token. One refresh at a time across tabs (Web Locks):
 * a tab that waited finds the token another tab stored and skips its own, so rotation never trips
 * the server's reuse detection.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const tokenBefore = getToken();
    const run = async (): Promise<boolean> => {
      const current = getToken();
      if (current && current !== tokenBefore && (msUntilExpiry(current) ?? 0) > 5_000) return true;
      const response = await send('/auth/refresh', { method: 'POST', skipAuthRecovery: true }).catch(() => null);
      if (!response?.ok) return false;
      const body = (await response.json()) as TLoginResponse;
      return storeSession(body.token, body.data.user);
    };
    return navigator.locks ? navigator.locks.request('srpf-refresh', run) : run();
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Ends the session locally and sends the user to /login with 'Session expired'. */
export function expireSession(): void {
  clearSession();
  onUnauthorized('expired');
}

/**
 * The server refuses every call but the password change until a one-time or administrator-set
 * password is replaced; marking the stored user makes the route guard show the change screen.
 */
function markPasswordChangeRequired(): void {
  const user = getStoredUser();
  if (user && !user.must_change_password) storeUser({ ...user, must_change_password: true });
}

/** A raw response (for files); JSON callers use `api`. Retries once after a refresh on 401. */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  let response = await send(path, options);
  if (response.status === 401 && !options.skipAuthRecovery) {
    if (await refreshSession()) response = await send(path, options);
    if (response.status === 401) {
      expireSession();
      throw await toApiError(response);
    }
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (error.code === 'PASSWORD_CHANGE_REQUIRED') markPasswordChangeRequired();
    else if (response.status === 403) console.warn('Permission denied:', path, error.message);
    else if (response.status >= 500) console.error('Server error:', path, error.message);
    throw error;
  }
  return response;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
