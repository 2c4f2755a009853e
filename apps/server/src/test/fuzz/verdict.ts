import type { LightMyRequestResponse } from 'fastify';
import { ZErrorResponse } from '@srpf/shared';

/**
 * What every answer to bad input must be: below 500, and a 4xx in the error envelope
 * `{success:false,error:{code,message,…}}` of the shared schema. Answers the problems found, empty
 * when there are none.
 */
export function answerProblems(response: LightMyRequestResponse): string[] {
  const status = response.statusCode;
  if (status >= 500) return [`answered ${status}: ${response.body.slice(0, 300)}`];
  if (status < 400) return [];
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [
      `answered ${status} with a body that is not JSON (${String(response.headers['content-type'])}): ${response.body.slice(0, 200)}`,
    ];
  }
  const parsed = ZErrorResponse.safeParse(body);
  if (!parsed.success) return [`answered ${status} outside the error envelope: ${response.body.slice(0, 300)}`];
  return [];
}

/** A request that was not carried out: any answer but 2xx and 3xx. */
export const isRefusal = (status: number) => status >= 400;
