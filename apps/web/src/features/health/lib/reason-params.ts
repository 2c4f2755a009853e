import { formatCount, formatDuration, formatMoment, formatMs, formatPercent } from './health-format';

/**
 * A reason's parameters as its text shows them, formatted by their name (`ms`, `seconds`,
 * `percent`, `since`, `resource` …); an unknown one as it came.
 */
export function formatReasonParams(
  params: Record<string, string | number>,
  locale: string,
  resourceName: (kind: string) => string,
): Record<string, string | number> {
  const shown: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number') {
      // i18next chooses the plural form from a number `count` only (a formatted string stays singular).
      if (name === 'count') shown[name] = value;
      else if (name === 'ms') shown[name] = formatMs(value, locale);
      else if (name === 'seconds') shown[name] = formatDuration(value, locale);
      else if (name === 'percent') shown[name] = formatPercent(value, locale);
      else shown[name] = formatCount(value, locale);
    } else if (name === 'since') {
      shown[name] = formatMoment(value, locale);
    } else if (name === 'resource') {
      shown[name] = resourceName(value);
    } else {
      shown[name] = value;
    }
  }
  return shown;
}

/** `database_check_failed` and the like: the probe of a service threw; the service it names. */
export function failedCheckService(code: string): string | undefined {
  return /^([a-z]+)_check_failed$/.exec(code)?.[1];
}

/** The system's own words beside a reason (`detail` of the renderer, `error` of a failed check), if any. */
export function reasonDetail(reason: { params?: Record<string, string | number> }): string | undefined {
  const detail = reason.params?.detail ?? reason.params?.error;
  return typeof detail === 'string' && detail.trim() !== '' ? detail.trim() : undefined;
}
