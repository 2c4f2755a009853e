import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** How long the parser may keep the next part waiting once the whole body has arrived: between one and two of these. */
const STALL_CHECK_MS = 500;

/**
 * The parts of a multipart request (`request.parts()`), failing with `stalled()` when the parser
 * stops handing them over although the whole body has arrived. @fastify/busboy (3.2.6) does that
 * with a part it skips (no Content-Disposition, another disposition than form-data) larger than its
 * buffer when the rest of the form comes in the same chunk: it waits for the skipped part to be
 * read, which nobody does, and the request would never be answered. Only the wait for a part is
 * watched, and only once the body is complete, so a slow upload or slow storage never counts.
 */
export async function* formParts(request: FastifyRequest, stalled: () => Error): AsyncGenerator<Multipart> {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    const next = await nextPart(request, parts.next(), stalled);
    if (next.done) return;
    yield next.value;
  }
}

/** Every byte of the body has come in (read or not): from a socket, or from a test's injected request. */
function bodyArrived(request: FastifyRequest): boolean {
  const raw = request.raw as typeof request.raw & { _readableState?: { ended?: boolean } };
  return raw.readableEnded || raw.complete || raw._readableState?.ended === true;
}

function nextPart<T>(request: FastifyRequest, next: Promise<T>, stalled: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let checksSinceArrival = 0;
    const timer = setInterval(() => {
      if (bodyArrived(request)) checksSinceArrival += 1;
      if (checksSinceArrival > 1) reject(stalled());
    }, STALL_CHECK_MS);
    next.then(resolve, reject).finally(() => clearInterval(timer));
  });
}
