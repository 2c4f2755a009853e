/** What PostgreSQL says about a failed statement, whichever driver (pg, PGlite) and wrapper (Drizzle) carried it. */
interface PgErrorFields {
  code: string;
  constraint?: string;
}

function pgErrorOf(error: unknown): PgErrorFields | null {
  let current: unknown = error;
  // Drizzle wraps the driver's error in `cause`; a few levels are enough.
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return null;
}

/** The constraint a unique violation (SQLSTATE 23505) hit, or undefined for any other error. */
export function uniqueViolationOf(error: unknown): string | undefined {
  const fields = pgErrorOf(error);
  return fields?.code === '23505' ? (fields.constraint ?? '') : undefined;
}

/** The constraint a foreign-key violation (SQLSTATE 23503) hit, or undefined for any other error. */
export function foreignKeyViolationOf(error: unknown): string | undefined {
  const fields = pgErrorOf(error);
  return fields?.code === '23503' ? (fields.constraint ?? '') : undefined;
}

/**
 * True when PostgreSQL refused text it cannot store: a NUL character (SQLSTATE 22021, 22P05) sent
 * in a search or a field. That is bad input, not a server fault.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * A transaction PostgreSQL gave up because it crossed another one (a deadlock, 40P01, or a
 * serialisation failure, 40001): nothing of it was written, and the same request may simply be sent
 * again. The services take their locks in one order so this should not happen; if it does, the client
 * hears a 409, not a 500.
 */
export function isConcurrencyConflict(error: unknown): boolean {
  const code = pgErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
}
