import type { FastifyReply, FastifyRequest } from 'fastify';
import { multistream, pino, stdSerializers, type Logger } from 'pino';
import { processLogRing, type LogRing } from './health/log-ring.js';

/** Fields that hold a secret wherever they are logged: at the top or one level down. */
const SECRET_FIELDS = ['password', 'newPassword', 'token', 'accessToken', 'refreshToken', 'secret', 'authorization'];

/**
 * The server's structured log (pino, one JSON line per event). Passwords and tokens never reach it:
 * requests are logged through the serialisers below, which keep no header or body, and the
 * redaction catches the headers, and secret fields, should anyone log a raw request or a body.
 * Warnings and errors are also kept, redacted, in the process's bounded ring (lib/health/log-ring.ts),
 * which the health sample carries to the system health page.
 */
export function createLogger(level: string, stream?: NodeJS.WritableStream, ring: LogRing = processLogRing): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          ...SECRET_FIELDS,
          ...SECRET_FIELDS.map((field) => `*.${field}`),
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url,
          host: request.host,
          remoteAddress: request.ip,
        }),
        res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
        err: stdSerializers.err,
      },
    },
    // Every line to the log as before (the logger's level decides), and warn and above to the ring too.
    multistream([
      { level: 'trace', stream: stream ?? process.stdout },
      { level: 'warn', stream: ring },
    ]),
  );
}
