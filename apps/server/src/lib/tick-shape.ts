import { createHook } from 'node:async_hooks';

/**
 * Keeps one of Node's own tick objects (what `process.nextTick` queues) alive for the life of the
 * process, so V8 keeps the hidden-class transitions they are built through.
 *
 * Why: tick objects live for microseconds, so nothing holds the maps of their shape. The embedded
 * database's start-up (PGlite loading its pg_trgm extension) runs several full garbage collections
 * while ticks are being queued; each one drops those unused maps, each tick then builds new ones,
 * and `nextTick`'s inline caches turn megamorphic for good. Every later tick (eight or so per HTTP
 * request, in Node's streams) then takes V8's slow runtime path: ≈ 3.5 µs more per request, a
 * quarter of a health check's CPU (docs/PERFORMANCE.md, "Health check"). One live tick object keeps
 * the maps, and the caches stay monomorphic. Call before anything else runs.
 */
let keptTick: object | undefined;

export function keepTickObjectShape(): void {
  if (keptTick) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') keptTick ??= resource;
    },
  }).enable();
  process.nextTick(() => undefined);
  hook.disable();
}
