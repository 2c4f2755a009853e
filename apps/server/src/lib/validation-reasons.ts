import type { ErrorParams, ErrorReasonOf } from '@srpf/shared';

/** What a zod issue carries besides its code (fastify-type-provider-zod passes them as `params`). */
interface IssueFacts {
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
}

const numberOf = (value: unknown): number | string =>
  typeof value === 'number' || typeof value === 'string' ? value : typeof value === 'bigint' ? Number(value) : '';

/**
 * The reason and params of one zod issue, for the reader's language: a length on text (`too_short`),
 * a count of items (`too_few`), a size of a number or date (`too_small`), and so on. A missing
 * value is an `invalid_type` whose message says so (zod v4 reports no input), else the schemas'
 * own "is required" texts. A custom refinement gets the generic `validation.invalid`: its English
 * message stays the specific one.
 */
export function zodIssueReason(
  code: string,
  facts: IssueFacts,
  message: string,
): { reason: ErrorReasonOf<'VALIDATION_FAILED'>; params: ErrorParams } {
  const sized =
    facts.origin === 'string' ? 'text' : facts.origin === 'array' || facts.origin === 'set' ? 'list' : 'value';
  switch (code) {
    case 'too_small':
      if (sized === 'text' && Number(facts.minimum) === 1) return { reason: 'validation.required', params: {} };
      return {
        reason:
          sized === 'text' ? 'validation.too_short' : sized === 'list' ? 'validation.too_few' : 'validation.too_small',
        params: { minimum: numberOf(facts.minimum) },
      };
    case 'too_big':
      return {
        reason:
          sized === 'text' ? 'validation.too_long' : sized === 'list' ? 'validation.too_many' : 'validation.too_big',
        params: { maximum: numberOf(facts.maximum) },
      };
    case 'invalid_type':
      return {
        reason: /required|received undefined/i.test(message) ? 'validation.required' : 'validation.invalid_type',
        params: {},
      };
    case 'invalid_format':
      return { reason: 'validation.invalid_format', params: {} };
    case 'invalid_value':
    case 'invalid_union':
      return { reason: 'validation.invalid_choice', params: {} };
    case 'unrecognized_keys':
      return { reason: 'validation.unknown_field', params: {} };
    default:
      return { reason: /is required$/i.test(message) ? 'validation.required' : 'validation.invalid', params: {} };
  }
}
