/**
 * `npm run bench:whatsapp`: salary slips over WhatsApp (issue 30) through the built server and
 * `npm run worker` as its own process, on a PostgreSQL server, against the loopback Graph API of
 * @srpf/test-kit (refusing beyond 80 messages in 1,000 ms as Graph does, and calling the server's
 * webhook back with signed sent/delivered statuses). Slips are seeded with small PDFs straight into
 * the database and DATA_DIR/files (bench/lib/whatsapp-seed.ts), then sent with
 * POST /api/payslips/bulk-send (≤ 5,000 ids a request) as the administrator.
 *
 * 1. plain: SLIPS (10,000) slips. Targets: all sent within 150 s per 10,000 (judged from 10,000 slips
 *    on: a short run is mostly the worker's warm-up, and CI's machine is busy), never more than 80
 *    received in any sliding 1,000 ms window (the loopback's receipt times), 0 lost, 0 sent twice
 *    (by callback data and by slip).
 * 2. kills: the same with the worker SIGKILLed KILLS (3) times at random moments and restarted at
 *    once. Targets: 0 sent twice, needs_check ≤ the attempts in flight at the kills (printed), 0
 *    lost, every other slip settled within 180 s of the last restart.
 *
 * Environment: SLIPS, KILLS, RUN (plain | kills | both, default both), POSTGRES_SERVER
 * (postgres://postgres@127.0.0.1:5432; a database of the bench's own is made and dropped),
 * UNKNOWN_SECONDS (WHATSAPP_UNKNOWN_OUTCOME_SECONDS, 60), LIMIT_SECONDS (the plain run's wait, 4 × its target). Exits 1 when a target is missed.
 * CI's short version: SLIPS=300 KILLS=1 npm run bench:whatsapp.
 */
import os from 'node:os';
import { MESSAGES_PER_SECOND, runWhatsappBench, type RunFigures } from './lib/whatsapp-run.js';

const SLIPS = Number(process.env.SLIPS ?? 10_000);
const KILLS = Number(process.env.KILLS ?? 3);
const RUN = process.env.RUN ?? 'both';
const POSTGRES_SERVER = process.env.POSTGRES_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const UNKNOWN_SECONDS = Number(process.env.UNKNOWN_SECONDS ?? 60);
const TARGET_SECONDS = (150 * SLIPS) / 10_000;
const SPEED_JUDGED = SLIPS >= 10_000;
const SETTLE_AFTER_RESTART_SECONDS = 180;
/** How long the plain run waits for the last slip before it stops and reports what is still queued. */
const LIMIT_SECONDS = Number(process.env.LIMIT_SECONDS ?? Math.max(TARGET_SECONDS * 4, 180));

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const failures: string[] = [];

function report(name: string, figures: RunFigures) {
  const rows: [string, string][] = [
    ['slips (queued / skipped)', `${figures.slips} (${figures.queued} / ${figures.skipped})`],
    ['messages received by the loopback', String(figures.received)],
    ['seconds to the last message', figures.sendSeconds.toFixed(1)],
    ['messages per second', (figures.received / figures.sendSeconds).toFixed(1)],
    ['seconds until settled', figures.settledSeconds.toFixed(1)],
    [`most received in any 1,000 ms (≤ ${MESSAGES_PER_SECOND})`, String(figures.maxInWindow)],
    ['refused by the loopback for the rate (130429)', String(figures.refusedForRate)],
    ['lost', String(figures.lost)],
    ['sent twice (callback data / slip)', `${figures.duplicateCallbackData} / ${figures.duplicateSlips}`],
    ['slip statuses', JSON.stringify(figures.statuses)],
    ['worker starts', String(figures.workerStarts)],
    [
      'send jobs: count, p50, p95 (ms; 8 at a time per worker)',
      `${figures.sendJobs.count}, ${figures.sendJobs.p50}, ${figures.sendJobs.p95}`,
    ],
  ];
  for (const [index, kill] of figures.kills.entries())
    rows.push([
      `kill ${index + 1}`,
      `at ${kill.atSeconds.toFixed(1)} s, ${kill.sentBefore} received before, ${kill.inFlight} attempts in flight`,
    ]);
  if (figures.settledAfterRestartSeconds !== null)
    rows.push(['seconds from the last restart until settled', figures.settledAfterRestartSeconds.toFixed(1)]);
  rows.push(['load average (1, 5, 15 min)', load()]);
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${name}`);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);

  const fail = (text: string) => failures.push(`${name}: ${text}`);
  if (figures.queued !== figures.slips) fail(`${figures.skipped} slips skipped`);
  if (figures.maxInWindow > MESSAGES_PER_SECOND) fail(`${figures.maxInWindow} messages in one 1,000 ms window`);
  if (figures.lost > 0) fail(`${figures.lost} slips lost`);
  if (figures.duplicateCallbackData + figures.duplicateSlips > 0)
    fail(`sent twice: ${figures.duplicateCallbackData} callback data, ${figures.duplicateSlips} slips`);
  const needsCheck = figures.statuses.needs_check ?? 0;
  const inFlight = figures.kills.reduce((sum, kill) => sum + kill.inFlight, 0);
  if (needsCheck > inFlight)
    fail(`${needsCheck} needs_check, more than the ${inFlight} attempts in flight at the kills`);
  if (figures.statuses.queued) fail(`${figures.statuses.queued} slips still queued at the end`);
  if (figures.statuses.failed) fail(`${figures.statuses.failed} slips failed`);
  if (SPEED_JUDGED && figures.kills.length === 0 && figures.sendSeconds > TARGET_SECONDS)
    fail(`the sends took ${figures.sendSeconds.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s)`);
  if (figures.settledAfterRestartSeconds !== null && figures.settledAfterRestartSeconds > SETTLE_AFTER_RESTART_SECONDS)
    fail(`settled ${figures.settledAfterRestartSeconds.toFixed(0)} s after the last restart`);
}

console.log(
  `WhatsApp bench: ${SLIPS} slips, PostgreSQL ${POSTGRES_SERVER}, the server (RUN_JOBS=false) and npm run worker apart; ` +
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, node ${process.version}; load average ${load()}`,
);
const common = { slips: SLIPS, postgresServer: POSTGRES_SERVER, unknownOutcomeSeconds: UNKNOWN_SECONDS };
if (RUN !== 'kills') {
  report('plain', await runWhatsappBench({ ...common, kills: 0, limitMs: LIMIT_SECONDS * 1000 }));
}
if (RUN !== 'plain' && KILLS > 0) {
  report(
    `kills (${KILLS} × SIGKILL)`,
    await runWhatsappBench({ ...common, kills: KILLS, limitMs: (SETTLE_AFTER_RESTART_SECONDS + 120) * 1000 }),
  );
}

for (const failure of failures) console.error(`FAILED: ${failure}`);
process.exitCode = failures.length > 0 ? 1 : 0;
