import { afterAll, expect, it } from 'vitest';
import {
  createCategory,
  downloadedSha256,
  randomPdf,
  uploadTogether,
  urlOf,
  type KeptUpload,
  type KillMoment,
  type PlannedUpload,
  type UploadOutcome,
} from '../test/crash-uploads.js';
import { serverSandbox, signIn, stop, type ServerProcess } from '../test/server-process.js';
import { auditStoredFiles, sweepPastGrace, temporaryFiles } from '../test/stored-files-audit.js';

/**
 * The crash check of uploads (issue 17; `npm run test:crash`, outside the default run): the real
 * server is killed with SIGKILL at a random moment while it takes several uploads at once (new
 * documents and new versions, some sent slowly so the kill lands mid-stream), then started again on
 * the same DATA_DIR; twenty times. After every restart each upload answered before the kill is still
 * there byte for byte, no row refers to a missing file, no temporary file older than the idle timeout
 * survived the start, and a final file no row refers to can only be the PDF of an upload the kill cut
 * (between its rename and its commit). After the last round the daily sweep, run with the clock past
 * its hour of grace, leaves no such file at all.
 */

const ROUNDS = 20;
const NEW_DOCUMENTS = 6;
const NEW_VERSIONS = 2;
const PDF_BYTES = { min: 300 * 1024, max: 2 * 1024 * 1024 };
/** The connection timeout, which is also the age past which a start removes a temporary file. */
const IDLE_SECONDS = 2;

const sandbox = serverSandbox('srpf-upload-crash-', { IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS) });
afterAll(() => sandbox.dispose());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function plan(round: string, replaceable: number[]): PlannedUpload[] {
  const uploads: PlannedUpload[] = [];
  for (let index = 0; index < NEW_DOCUMENTS; index += 1) {
    const name = `${round} upload ${index}`;
    uploads.push({ name, replaces: null, slow: index % 2 === 1, pdf: randomPdf(name, PDF_BYTES.min, PDF_BYTES.max) });
  }
  const targets = [...replaceable].sort(() => Math.random() - 0.5).slice(0, NEW_VERSIONS);
  for (const [index, documentId] of targets.entries()) {
    const name = `${round} version of ${documentId}`;
    uploads.push({
      name,
      replaces: documentId,
      slow: index % 2 === 0,
      pdf: randomPdf(name, PDF_BYTES.min, PDF_BYTES.max),
    });
  }
  return uploads;
}

/**
 * A random moment in a batch: once none to all but one of its uploads have been answered, and then
 * within the time between two answers (answers come in clusters, so this lands amid the rest of the
 * streams and commits); before the first answer, within the time a whole batch takes.
 */
function killMoment(uploads: number, batchMs: number): KillMoment {
  const afterAnswers = Math.floor(Math.random() * uploads);
  return { afterAnswers, delayMs: Math.floor(Math.random() * (afterAnswers === 0 ? batchMs : batchMs / uploads)) };
}

/** The temporary files of interrupted uploads the server says it removed as it started. */
function removedAtStart(running: ServerProcess): number {
  let removed = 0;
  for (const line of running.lines) {
    if (!line.includes('removed temporary files of interrupted uploads')) continue;
    removed += (JSON.parse(line) as { files: number }).files;
  }
  return removed;
}

/** What the server logged of its answers to this URL: status and time taken (one it answered after the connection broke included). */
function answersLogged(server: ServerProcess, url: string): string {
  const answers = server.lines.flatMap((line) => {
    if (!line.includes('"request completed"') || !line.includes(`"url":"${url}"`)) return [];
    const { res, responseTime } = JSON.parse(line) as { res: { statusCode: number }; responseTime: number };
    return [`${res.statusCode} in ${Math.round(responseTime)} ms`];
  });
  return `the server logged ${answers.length > 0 ? answers.join(', ') : 'no answer'} for ${url}`;
}

interface RoundFigures {
  round: number;
  killedAfterAnswers: number;
  killDelayMs: number;
  answered: number;
  cut: number;
  brokeBeforeKill: number;
  temporaryLeft: number;
  temporaryRemovedAtStart: number;
  filesWithoutRow: number;
  rowsWithoutFile: number;
}

it(
  `keeps every answered upload and leaves no orphan and no row without its file, killed ${ROUNDS} times during uploads`,
  async () => {
    await sandbox.prepare();
    const embedded = !sandbox.shared;
    let running: ServerProcess | undefined = await sandbox.start();
    let token = await signIn(running);
    const categoryId = await createCategory(running, token, 'Crash uploads');

    const kept: KeptUpload[] = [];
    const keep = (outcomes: UploadOutcome[]) =>
      kept.push(...outcomes.flatMap((outcome) => (outcome.kept ? [outcome.kept] : [])));
    /** sha256 of every PDF whose upload the kill cut: the only bytes a file without a row may hold. */
    const cutPdfs = new Set<string>();

    // Two documents to put new versions of, then a batch of a round's shape, answered in full: how
    // long one takes sets the range of the random kill moments.
    keep(await uploadTogether(running, token, categoryId, plan('Seed', []).slice(0, NEW_VERSIONS), null));
    const started = Date.now();
    const warmUp = await uploadTogether(
      running,
      token,
      categoryId,
      plan(
        'Warm-up',
        kept.map((upload) => upload.documentId),
      ),
      null,
    );
    const batchMs = Date.now() - started;
    expect(warmUp.map((outcome) => outcome.status)).toEqual(
      warmUp.map((outcome) => (outcome.upload.replaces === null ? 201 : 200)),
    );
    keep(warmUp);
    if (embedded) {
      await stop(running);
      running = undefined;
    }

    const figures: RoundFigures[] = [];
    /** Connections that broke before the kill came, and why (the idle timeout on a loaded machine). */
    const brokeEarly: string[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      running ??= await sandbox.start();
      token = await signIn(running);
      const documents = [...new Set(kept.map((upload) => upload.documentId))];
      const uploads = plan(`Round ${round}`, documents);
      const killAt = killMoment(uploads.length, batchMs);
      const killed = running;
      const outcomes = await uploadTogether(running, token, categoryId, uploads, killAt);
      const context = `round ${round}, killed ${killAt.delayMs} ms after answer ${killAt.afterAnswers} of ${uploads.length} (a batch takes about ${batchMs} ms): ${JSON.stringify(outcomes.map(({ upload, status, error }) => ({ name: upload.name, slow: upload.slow, status, error })))}`;
      // Whatever was answered before the kill was answered as a success.
      for (const outcome of outcomes)
        if (outcome.status !== null) expect(outcome.status, context).toBe(outcome.upload.replaces === null ? 201 : 200);
      const answered = outcomes.flatMap((outcome) => (outcome.kept ? [outcome.kept] : []));
      kept.push(...answered);
      for (const outcome of outcomes)
        if (outcome.brokeBeforeKill)
          brokeEarly.push(
            `round ${round}, ${outcome.upload.name}: ${outcome.error}; ${answersLogged(killed, urlOf(outcome.upload))}`,
          );
      for (const outcome of outcomes) if (outcome.status === null) cutPdfs.add(outcome.upload.pdf.sha256);

      // Restart once every file the kill left is older than the idle timeout: the start must remove them all.
      await pause(IDLE_SECONDS * 1000 + 250);
      const left = temporaryFiles(sandbox.filesRoot);
      const spawnedAt = Date.now();
      running = await sandbox.start();
      const survivors = temporaryFiles(sandbox.filesRoot);
      expect(
        survivors.filter((file) => left.some((before) => before.name === file.name)),
        context,
      ).toEqual([]);
      expect(
        survivors.filter((file) => file.modifiedMs < spawnedAt - IDLE_SECONDS * 1000),
        context,
      ).toEqual([]);
      const temporaryRemovedAtStart = removedAtStart(running);
      expect(temporaryRemovedAtStart, context).toBe(left.length);

      // Each upload answered before the kill downloads byte for byte.
      token = await signIn(running);
      for (const upload of answered)
        expect(await downloadedSha256(running, token, upload), `${upload.name}; ${context}`).toBe(upload.sha256);

      if (embedded) {
        await stop(running);
        running = undefined;
      }
      const audit = await sandbox.withDatabase((db) => auditStoredFiles(db, sandbox.filesRoot));
      expect(audit.rowsWithoutFile, context).toEqual([]);
      expect(audit.rowsWithOtherBytes, context).toEqual([]);
      for (const upload of kept)
        expect(audit.versionFiles.get(`${upload.documentId}/${upload.version}`), `${upload.name}; ${context}`).toBe(
          upload.sha256,
        );
      for (const file of audit.filesWithoutRow)
        expect(cutPdfs.has(file.sha256), `file ${file.key} belongs to no row and to no cut upload; ${context}`).toBe(
          true,
        );

      figures.push({
        round,
        killedAfterAnswers: killAt.afterAnswers,
        killDelayMs: killAt.delayMs,
        answered: answered.length,
        cut: outcomes.filter((outcome) => outcome.status === null).length,
        brokeBeforeKill: outcomes.filter((outcome) => outcome.brokeBeforeKill).length,
        temporaryLeft: left.length,
        temporaryRemovedAtStart,
        filesWithoutRow: audit.filesWithoutRow.length,
        rowsWithoutFile: audit.rowsWithoutFile.length,
      });
    }
    if (running) await stop(running);

    // The daily sweep, an hour and more later: no file without its row is left, and no row lost its file.
    const filesWithoutRowBefore = figures.at(-1)!.filesWithoutRow;
    const swept = await sandbox.withDatabase((db) => sweepPastGrace(db, sandbox.filesRoot));
    const final = await sandbox.withDatabase((db) => auditStoredFiles(db, sandbox.filesRoot));
    expect(swept).toMatchObject({ orphans: filesWithoutRowBefore, missing: 0 });
    expect(final).toMatchObject({ rowsWithoutFile: [], rowsWithOtherBytes: [], filesWithoutRow: [] });
    expect(temporaryFiles(sandbox.filesRoot)).toEqual([]);
    for (const upload of kept)
      expect(final.versionFiles.get(`${upload.documentId}/${upload.version}`), upload.name).toBe(upload.sha256);

    const total = (key: keyof RoundFigures) => figures.reduce((sum, figure) => sum + figure[key], 0);
    const summary = {
      database: embedded ? 'embedded (PGlite)' : 'PostgreSQL',
      kills: figures.length,
      batchMs,
      uploadsSent: figures.length * (NEW_DOCUMENTS + NEW_VERSIONS),
      answeredBeforeKills: total('answered'),
      cutByKills: total('cut'),
      brokeBeforeKills: brokeEarly,
      temporaryFilesLeftByKills: total('temporaryLeft'),
      temporaryFilesRemovedAtStart: total('temporaryRemovedAtStart'),
      filesWithoutRowBeforeSweep: filesWithoutRowBefore,
      orphansRemovedBySweep: swept.orphans,
      orphansAfterSweep: final.filesWithoutRow.length,
      rowsWithoutFile: total('rowsWithoutFile') + final.rowsWithoutFile.length,
      uploadsKept: kept.length,
      finalFiles: final.files,
    };
    console.log(
      `upload crash run:\n${JSON.stringify(summary, null, 2)}\nrounds:\n${figures.map((figure) => JSON.stringify(figure)).join('\n')}`,
    );
  },
  40 * 60_000,
);
