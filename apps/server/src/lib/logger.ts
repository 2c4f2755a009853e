import type { FastifyReply, FastifyRequest } from 'fastify';
import { pino, stdSerializers, type Logger } from 'pino';

/**
 * The server's structured log (pino, one JSON line per event). Passwords and tokens never reach it:
 * requests are logged through the serialisers below, which keep no header or body, and the
 * redaction catches the headers should anyone log a raw request.
 */
export function createLogger(level: string, stream?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
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
    stream ?? process.stdout,
  );
}
