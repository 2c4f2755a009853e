/**
 * The Graph API's errors as the WhatsApp Cloud API answers them: the envelope
 * `{error:{message,type,code,error_subcode?,error_data:{messaging_product,details},fbtrace_id}}` and,
 * per code, the title (part of `message`, "(#code) title") and the HTTP status Meta's error-code
 * reference lists (throttling 429, authorization 401/403, service errors 5xx, most others 400).
 */
import { randomBytes } from 'node:crypto';

interface CodeInfo {
  title: string;
  httpStatus: number;
  details: string;
}

const CODES: Record<number, CodeInfo> = {
  0: { title: 'AuthException', httpStatus: 401, details: 'We were unable to authenticate the app user.' },
  1: { title: 'API Unknown', httpStatus: 400, details: 'Invalid request or possible server error.' },
  2: { title: 'API Service', httpStatus: 503, details: 'Temporary due to downtime or due to being overloaded.' },
  3: { title: 'API Method', httpStatus: 500, details: 'Capability or permissions issue.' },
  4: { title: 'API Too Many Calls', httpStatus: 429, details: 'The app has reached its API call rate limit.' },
  10: { title: 'Permission Denied', httpStatus: 403, details: 'Permission is either not granted or has been removed.' },
  100: {
    title: 'Invalid parameter',
    httpStatus: 400,
    details: 'The request included one or more unsupported or misspelled parameters.',
  },
  190: { title: 'Access token has expired', httpStatus: 401, details: 'Your access token has expired.' },
  368: {
    title: 'Temporarily blocked for policies violations',
    httpStatus: 403,
    details:
      'The WhatsApp Business Account associated with the app has been restricted or disabled for violating a platform policy.',
  },
  80007: {
    title: 'Rate limit issues',
    httpStatus: 429,
    details: 'The WhatsApp Business Account has reached its rate limit.',
  },
  130429: {
    title: 'Rate limit hit',
    httpStatus: 429,
    details:
      'Message failed to send because there were too many messages sent from this phone number in a short period of time.',
  },
  131000: {
    title: 'Something went wrong',
    httpStatus: 500,
    details: 'Message failed to send due to an unknown error.',
  },
  131005: { title: 'Access denied', httpStatus: 403, details: 'Permission is either not granted or has been removed.' },
  131008: {
    title: 'Required parameter is missing',
    httpStatus: 400,
    details: 'The request is missing a required parameter.',
  },
  131009: {
    title: 'Parameter value is not valid',
    httpStatus: 400,
    details: 'One or more parameter values are invalid.',
  },
  131016: { title: 'Service unavailable', httpStatus: 503, details: 'A service is temporarily unavailable.' },
  131026: { title: 'Message undeliverable', httpStatus: 400, details: 'Unable to deliver message.' },
  131031: {
    title: 'Account has been locked',
    httpStatus: 403,
    details: 'The WhatsApp Business Account associated with the app has been restricted or disabled.',
  },
  131042: {
    title: 'Business eligibility payment issue',
    httpStatus: 400,
    details: 'There was an error related to your payment method.',
  },
  131047: {
    title: 'Re-engagement message',
    httpStatus: 400,
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  131048: {
    title: 'Spam rate limit hit',
    httpStatus: 429,
    details:
      'Message failed to send because there are restrictions on how many messages can be sent from this phone number.',
  },
  131049: {
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    httpStatus: 400,
    details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
  131050: {
    title: 'User has stopped marketing messages',
    httpStatus: 400,
    details:
      'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
  },
  131051: { title: 'Unsupported message type', httpStatus: 400, details: 'Unsupported message type.' },
  131053: { title: 'Media upload error', httpStatus: 400, details: 'Unable to upload the media used in the message.' },
  131056: {
    title: '(Business Account, Consumer Account) pair rate limit hit',
    httpStatus: 429,
    details:
      'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  },
  131057: {
    title: 'Account in maintenance mode',
    httpStatus: 500,
    details: 'Business Account is in maintenance mode.',
  },
  132000: {
    title: 'Number of parameters does not match the expected number of params',
    httpStatus: 400,
    details:
      'The number of variable parameter values included in the request did not match the number of variable parameters defined in the template.',
  },
  132001: {
    title: 'Template does not exist',
    httpStatus: 404,
    details: 'The template does not exist in the specified language or the template has not been approved.',
  },
  132015: {
    title: 'Template is Paused',
    httpStatus: 400,
    details: 'Template is paused due to low quality so it cannot be sent in a template message.',
  },
  132016: {
    title: 'Template is Disabled',
    httpStatus: 400,
    details: 'Template has been paused too many times due to low quality and is now permanently disabled.',
  },
  133010: {
    title: 'Phone number Not Registered',
    httpStatus: 400,
    details: 'The phone number is not registered on the WhatsApp Business Platform.',
  },
};

/** The title, documented HTTP status and details of a code (an unlisted code: 400, "Unknown error"). */
export function graphCodeInfo(code: number): CodeInfo {
  return CODES[code] ?? { title: 'Unknown error', httpStatus: 400, details: `Error ${code}.` };
}

export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    error_data: { messaging_product: 'whatsapp'; details: string };
    fbtrace_id: string;
  };
}

export interface GraphErrorOptions {
  /** Overrides the documented status (e.g. a 5xx on purpose). */
  httpStatus?: number;
  details?: string;
  subcode?: number;
  /** OAuthException unless told (Graph uses it for most Cloud API errors). */
  type?: string;
}

/** An error answer: its HTTP status and Graph's body. */
export function graphError(code: number, options: GraphErrorOptions = {}): { status: number; body: GraphErrorBody } {
  const info = graphCodeInfo(code);
  return {
    status: options.httpStatus ?? info.httpStatus,
    body: {
      error: {
        message: `(#${code}) ${info.title}`,
        type: options.type ?? 'OAuthException',
        code,
        ...(options.subcode === undefined ? {} : { error_subcode: options.subcode }),
        error_data: { messaging_product: 'whatsapp', details: options.details ?? info.details },
        fbtrace_id: randomBytes(12).toString('base64url'),
      },
    },
  };
}

/** An error in a `failed` status callback (`statuses[].errors[]`). */
export function webhookError(code: number, details?: string) {
  const info = graphCodeInfo(code);
  return {
    code,
    title: info.title,
    message: info.title,
    error_data: { details: details ?? info.details },
    href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
  };
}
