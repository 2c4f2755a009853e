/**
 * How pg_dump and psql reach the database of DATABASE_URL: the URL without its password, and the
 * password in PGPASSWORD, so it never shows in the process list (`ps`) while they run.
 */
export function postgresClientArguments(connectionString: string): { url: string; env: Record<string, string> } {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}
