import type { TErrorResponse, TLoginResponse } from '@srpf/shared';
import { TEST_ADMIN, type Credentials } from './credentials.js';

/**
 * The product's API over fetch, as one signed-in person: the bearer token on every call, answers
 * typed with the contracts of @srpf/shared (`session.get<TFormTreeResponse>(…)`). A call that does
 * not answer 2xx fails with its method, path, status and body, which is what a failing test prints.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON body, or a multipart form (FormData). */
export type ApiBody = FormData | object;

export class ApiCallError extends Error {
  constructor(
    readonly method: ApiMethod,
    readonly path: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${path}: ${status} ${body.slice(0, 500)}`);
    this.name = 'ApiCallError';
  }

  /** The body as the server's error envelope, when it is one. */
  error(): TErrorResponse['error'] | undefined {
    try {
      return (JSON.parse(this.body) as Partial<TErrorResponse>).error;
    } catch {
      return undefined;
    }
  }
}

/** One answer as it came, for a test that checks a status itself. */
export interface ApiAnswer<T> {
  status: number;
  ok: boolean;
  /** The parsed JSON body: T when `ok`, else usually TErrorResponse. */
  body: T | TErrorResponse;
  text: string;
}

function requestInit(method: ApiMethod, headers: Record<string, string>, body?: ApiBody): RequestInit {
  if (body === undefined) return { method, headers };
  if (body instanceof FormData) return { method, headers, body };
  return { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

async function answerOf<T>(response: Response): Promise<ApiAnswer<T>> {
  const text = await response.text();
  let body: T | TErrorResponse;
  try {
    body = JSON.parse(text) as T | TErrorResponse;
  } catch {
    body = undefined as T;
  }
  return { status: response.status, ok: response.ok, body, text };
}

/** POST /api/auth/login; answers the whole sign-in (token, must_change_password, user), failing unless 200. */
export async function logIn(baseUrl: string, credentials: Credentials = TEST_ADMIN): Promise<TLoginResponse> {
  const answer = await answerOf<TLoginResponse>(
    await fetch(`${baseUrl}/api/auth/login`, requestInit('POST', {}, credentials)),
  );
  if (answer.status !== 200) throw new ApiCallError('POST', '/api/auth/login', answer.status, answer.text);
  return answer.body as TLoginResponse;
}

/** Signs in and answers the bearer token; fails when the person must change their password first (sign in on a fresh database). */
export async function signIn(baseUrl: string, credentials: Credentials = TEST_ADMIN): Promise<string> {
  const login = await logIn(baseUrl, credentials);
  if (login.must_change_password)
    throw new Error(`sign-in of ${credentials.email}: the password must be changed first (use a fresh database)`);
  return login.token;
}

export class ApiSession {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  /** Signs in (the kit's administrator by default); a person who must change their password still gets a session, to change it. */
  static async signIn(baseUrl: string, credentials: Credentials = TEST_ADMIN): Promise<ApiSession> {
    return new ApiSession(baseUrl, (await logIn(baseUrl, credentials)).token);
  }

  /** The bearer header, for calls a test makes with another client. */
  get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` };
  }

  /** One call, whatever its status. */
  async send<T>(method: ApiMethod, path: string, body?: ApiBody): Promise<ApiAnswer<T>> {
    return answerOf<T>(await fetch(`${this.baseUrl}${path}`, requestInit(method, this.headers, body)));
  }

  /** One call that must answer 2xx: its body. */
  async call<T>(method: ApiMethod, path: string, body?: ApiBody): Promise<T> {
    const answer = await this.send<T>(method, path, body);
    if (!answer.ok) throw new ApiCallError(method, path, answer.status, answer.text);
    return answer.body as T;
  }

  get<T>(path: string, query?: Record<string, string | number | boolean>): Promise<T> {
    const search = query
      ? `?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()}`
      : '';
    return this.call<T>('GET', `${path}${search}`);
  }

  post<T>(path: string, body?: ApiBody): Promise<T> {
    return this.call<T>('POST', path, body);
  }

  put<T>(path: string, body?: ApiBody): Promise<T> {
    return this.call<T>('PUT', path, body);
  }

  delete<T>(path: string): Promise<T> {
    return this.call<T>('DELETE', path);
  }
}
