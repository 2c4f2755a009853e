import { writeFileSync } from 'node:fs';
import type { Role } from './actors.js';

/**
 * The suite's figures: answers by status code, over all routes and per route and role, and the
 * cases sent. Printed at the end of the run, and written as JSON to FUZZ_REPORT when it is set
 * (docs/RELIABILITY.md quotes them).
 */
export function createTally() {
  const byStatus = new Map<number, number>();
  const byRole = new Map<Role, number>();
  const byRoute = new Map<string, Map<number, number>>();
  let cases = 0;
  const add = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

  return {
    count(route: string, role: Role, status: number) {
      cases += 1;
      add(byStatus, status);
      add(byRole, role);
      if (!byRoute.has(route)) byRoute.set(route, new Map());
      add(byRoute.get(route)!, status);
    },
    /** One route's answers by status: `{"400":12,"401":3}`. */
    ofRoute(route: string): Record<string, number> {
      return Object.fromEntries([...(byRoute.get(route) ?? [])].sort(([a], [b]) => a - b));
    },
    summary(extra: Record<string, unknown>) {
      const sorted = <K extends number | string>(map: Map<K, number>) =>
        Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : 1)));
      return {
        ...extra,
        routes: byRoute.size,
        cases,
        byStatus: sorted(byStatus),
        byRole: sorted(byRole),
        byRoute: Object.fromEntries([...byRoute].map(([route, statuses]) => [route, sorted(statuses)])),
      };
    },
    /** Prints the totals, and writes the whole summary where FUZZ_REPORT says. */
    report(extra: Record<string, unknown>) {
      const summary = this.summary(extra);
      const { byRoute: _perRoute, ...totals } = summary;
      console.log(`bad-input suite: ${JSON.stringify(totals)}`);
      if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, `${JSON.stringify(summary, null, 2)}\n`);
    },
  };
}

export type Tally = ReturnType<typeof createTally>;
