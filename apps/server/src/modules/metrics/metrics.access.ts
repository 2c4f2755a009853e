import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Who may read the metrics (issue 32): a bearer token equal to METRICS_TOKEN, or a socket peer of
 * METRICS_ALLOW for a request that carries no forwarding header. A request through a proxy reaches
 * the server from the proxy's address, so an allowed address with any header a proxy adds about the
 * client (X-Forwarded-*, Forwarded, X-Real-IP, True-Client-IP, CF-Connecting-IP) is someone outside
 * being passed on: refused. A proxy that adds none of them must not pass /api/metrics on (README).
 * Everyone else gets the router's 404, as if there were no such route.
 */
/** Headers through which proxies tell the server about the client they pass on. */
const FORWARDING_HEADERS = new Set(['forwarded', 'x-real-ip', 'true-client-ip', 'cf-connecting-ip', 'x-client-ip']);
const isForwardingHeader = (name: string) => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.has(name);

export function metricsAccess(settings: { token?: string; allow: readonly string[] }) {
  const allowed = new BlockList();
  for (const entry of settings.allow) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(prefix), family);
  }
  // Compared as digests, so the comparison takes the same time whatever the length given.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const tokenDigest = settings.token === undefined ? null : digest(settings.token);

  function peerAllowed(request: FastifyRequest): boolean {
    if (settings.allow.length === 0) return false;
    if (Object.keys(request.headers).some(isForwardingHeader)) return false;
    let peer = request.socket.remoteAddress ?? '';
    // An IPv4 client of a dual-stack socket is seen as ::ffff:a.b.c.d.
    if (peer.startsWith('::ffff:') && isIPv4(peer.slice(7))) peer = peer.slice(7);
    if (isIPv4(peer)) return allowed.check(peer, 'ipv4');
    if (isIPv6(peer)) return allowed.check(peer, 'ipv6');
    return false;
  }

  function tokenGiven(request: FastifyRequest): boolean {
    if (tokenDigest === null) return false;
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return false;
    return timingSafeEqual(digest(token), tokenDigest);
  }

  return (request: FastifyRequest): boolean => tokenGiven(request) || peerAllowed(request);
}
