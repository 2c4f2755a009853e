import { chmod, mkdir, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from '../../lib/owner-only.js';
import { BackupRefusal } from './backup.errors.js';

/**
 * The embedded database may be opened by one process only, and PGlite does not stop a second one
 * (its postmaster.pid carries no real process id). So whoever opens it (the server, or `npm run
 * backup` / `npm run restore` while no server runs) first claims DATA_DIR by listening on a Unix
 * socket in `DATA_DIR/run/`, a folder only its owner may enter: binding is atomic, so two processes
 * never both hold it. The socket is also how `npm run backup` asks a running server for an archive.
 *
 * Protocol: one JSON line each way. `{"command":"who"}` → `{"holder","pid"}`;
 * `{"command":"backup","directory"}` → `{"archive"}` or `{"error"}`.
 */
export type Holder = 'server' | 'backup' | 'restore';
export type ControlRequest = { command: 'who' } | { command: 'backup'; directory: string };
export type ControlAnswer = { holder: Holder; pid: number } | { archive: string } | { error: string };

export const CONTROL_FOLDER = 'run';
const SOCKET_NAME = 'control.sock';
/** sun_path holds 108 bytes on Linux, the last a NUL. */
const SOCKET_PATH_MAX = 107;
const REQUEST_MAX_BYTES = 64 * 1024;
const WHO_TIMEOUT_MS = 5000;

export class DataDirInUse extends BackupRefusal {}

export function controlSocketPath(dataDir: string): string {
  const socketPath = path.join(dataDir, CONTROL_FOLDER, SOCKET_NAME);
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) {
    throw new BackupRefusal(
      `DATA_DIR is too long for its control socket (${socketPath} is ${Buffer.byteLength(socketPath)} bytes, at most ${SOCKET_PATH_MAX}): use a shorter path, or a symbolic link to the folder.`,
    );
  }
  return socketPath;
}

/** Sends one request to whoever holds DATA_DIR; null when nobody does (no socket, or one a crash left). */
export function askHolder(dataDir: string, request: ControlRequest, timeoutMs?: number): Promise<ControlAnswer | null> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = '';
    if (timeoutMs !== undefined)
      socket.setTimeout(timeoutMs, () =>
        socket.destroy(new BackupRefusal(`The holder of ${socketPath} did not answer within ${timeoutMs / 1000} s.`)),
      );
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer) as ControlAnswer);
      } catch {
        reject(new BackupRefusal(`The holder of ${socketPath} answered something unreadable.`));
      }
    });
  });
}

export interface DataDirClaim {
  /** From now on, backup requests reach `make`, which answers the archive's path (the server, once its database is open). */
  answerBackups(make: (directory: string) => Promise<string>): void;
  release(): Promise<void>;
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Reads one request line, answers it, closes the connection. */
function handleConnection(socket: net.Socket, answer: (request: ControlRequest) => Promise<ControlAnswer>): void {
  let received = '';
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  socket.on('data', (chunk: string) => {
    received += chunk;
    if (received.length > REQUEST_MAX_BYTES) return socket.destroy();
    const end = received.indexOf('\n');
    if (end === -1) return;
    socket.pause();
    let request: ControlRequest;
    try {
      request = JSON.parse(received.slice(0, end)) as ControlRequest;
    } catch {
      socket.end(`${JSON.stringify({ error: 'not a JSON request' })}\n`);
      return;
    }
    void answer(request).then(
      (reply) => socket.end(`${JSON.stringify(reply)}\n`),
      (error: unknown) =>
        socket.end(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`),
    );
  });
}

/**
 * Claims DATA_DIR for this process; throws DataDirInUse naming the holder when another process has
 * it. A socket left by a process that died is taken over.
 */
export async function claimDataDir(dataDir: string, holder: Holder): Promise<DataDirClaim> {
  const socketPath = controlSocketPath(dataDir);
  const folder = path.dirname(socketPath);
  await mkdir(folder, { recursive: true, mode: OWNER_ONLY_FOLDER });
  await chmod(folder, OWNER_ONLY_FOLDER);
  let makeBackup: ((directory: string) => Promise<string>) | null = null;

  const server = net.createServer((socket) =>
    handleConnection(socket, async (request) => {
      if (request.command === 'who') return { holder, pid: process.pid };
      if (request.command !== 'backup' || typeof request.directory !== 'string' || !path.isAbsolute(request.directory))
        return { error: 'unknown request' };
      if (!makeBackup)
        return {
          error: `DATA_DIR is held by ${holder === 'server' ? 'a server that is still starting' : `npm run ${holder}`} (pid ${process.pid}); try again when it is done`,
        };
      return { archive: await makeBackup(request.directory) };
    }),
  );
  try {
    await listen(server, socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const current = await askHolder(dataDir, { command: 'who' }, WHO_TIMEOUT_MS).catch((problem: Error) => ({
      error: problem.message,
    }));
    if (current !== null) {
      const who =
        'holder' in current
          ? `${current.holder === 'server' ? 'a running server' : `npm run ${current.holder}`} (pid ${current.pid})`
          : `a process that does not answer as expected (${'error' in current ? current.error : 'no holder named'})`;
      throw new DataDirInUse(`The embedded database in ${dataDir} is in use by ${who}.`);
    }
    await unlink(socketPath);
    await listen(server, socketPath);
  }
  await chmod(socketPath, OWNER_ONLY_FILE);
  // The claim alone never keeps a process alive.
  server.unref();

  return {
    answerBackups(make) {
      makeBackup = make;
    },
    async release() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(socketPath).catch(() => undefined);
    },
  };
}
