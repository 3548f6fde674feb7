import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import type { PushHostRule } from '../../lib/push-hosts.ts';

/**
 * Where a push may go (issue 20.1, docs/product.md#push-quiet-hours-and-read-receipts "Push targets"). A subscription's endpoint is a URL
 * a seller hands us and the server POSTs to, so it is checked twice:
 * - at subscribe time and again at send time, its text: https, port 443, a host of a real push
 *   service (PUSH_SERVICE_HOSTS in lib/push-hosts.ts, extended by PUSH_EXTRA_HOSTS for a self-hosted one);
 * - at send time, the addresses its host resolves to: every one must be public unicast, and the
 *   connection goes to the address that was checked (send.ts pins it), so a DNS answer that changes
 *   between the check and the connection (rebinding) cannot reach another address.
 * The tests' local push service (an http:// loopback listener) gets through only by a programmatic
 * switch, `localTestService`, that no setting or environment variable can turn on.
 */

export interface PushTargetPolicy {
  rules: readonly PushHostRule[];
  /**
   * The tests' local push service: http:// or https:// on `localhost` or a loopback address, any
   * port, and loopback addresses at send time. Only code sets it (PushPluginOptions).
   */
  localTestService?: boolean;
}

/** `localhost` or a loopback address: where the tests' local push service listens. */
const isLocalTestHost = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
};

/**
 * Why this endpoint cannot receive pushes (`invalid`: not an https URL a push service would give;
 * `not-allowed`: not one of the allowed push services), or null when it can.
 */
export function endpointProblem(
  endpoint: string,
  policy: PushTargetPolicy,
): 'invalid' | 'not-allowed' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password) return 'invalid';
  if (policy.localTestService && (url.protocol === 'http:' || url.protocol === 'https:')) {
    if (isLocalTestHost(url.hostname)) return null;
  }
  if (url.protocol !== 'https:') return 'invalid';
  // The URL parser lower-cases the host and drops :443 (https' default), so port '' is 443.
  const port = url.port === '' ? 443 : Number(url.port);
  const host = url.hostname;
  // An empty label ("a..push.services.mozilla.com") is no name a push service gives.
  if (host.split('.').some((label) => label === '')) return 'invalid';
  const allowed = policy.rules.some(
    (rule) =>
      rule.port === port &&
      (rule.wildcard
        ? host.endsWith(`.${rule.host}`) && host.length > rule.host.length + 1
        : host === rule.host),
  );
  return allowed ? null : 'not-allowed';
}

/**
 * The one spelling of an endpoint that passed `endpointProblem`, as it is stored and compared: the URL
 * parser's (scheme and host lower-cased, a host's percent-escapes and full-width letters read as the
 * letters they are, :443 dropped). The path is left as sent: push services tell devices apart by it.
 * One device can then not be stored under several spellings (issue 28, item 10).
 */
export function canonicalEndpoint(endpoint: string): string {
  try {
    return new URL(endpoint).href;
  } catch {
    return endpoint;
  }
}

/**
 * Public unicast only: not loopback, private, link-local, CGNAT, benchmarking (198.18/15),
 * multicast (224/4), reserved (240/4), documentation, unspecified or broadcast; for IPv6 only the
 * global unicast block 2000::/3 outside its special ranges, so the IPv4-mapped (::ffff:0:0/96),
 * IPv4-compatible (::127.0.0.1), NAT64 (64:ff9b::/96), 6to4, Teredo, site-local (fec0::/10) and
 * unique-local (fc00::/7) forms are all refused. ipaddr.js keeps the IANA special-purpose tables.
 */
export function isPublicUnicast(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const globalUnicast = (v6.parts[0]! & 0xe000) === 0x2000;
  return globalUnicast && v6.range() === 'unicast';
}

export type Lookup = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (getaddrinfo, as a connection would use), every address it gives. */
export const systemLookup: Lookup = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, order: 'verbatim' }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** A send refused before any connection: its target is not allowed. */
export class RefusedTargetError extends Error {
  constructor(
    message: string,
    /** `host`: the endpoint itself is not allowed (it never will be); `address`: what it resolved to. */
    readonly reason: 'host' | 'address',
  ) {
    super(message);
    this.name = 'RefusedTargetError';
  }
}

/**
 * The address to connect to for `hostname`: an IP literal is checked as it is; a name is resolved
 * once and every address it has must pass (one private answer among public ones is refused too),
 * then the first one is used. The caller connects to exactly this address.
 */
export async function resolvePushAddress(
  hostname: string,
  { lookup = systemLookup, localTestService = false }: { lookup?: Lookup; localTestService?: boolean } = {},
): Promise<LookupAddress> {
  const allowed = (address: string) =>
    isPublicUnicast(address) || (localTestService && ipaddr.process(address).range() === 'loopback');
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(bare)) {
    if (!allowed(bare)) throw new RefusedTargetError(`dirección no pública: ${bare}`, 'address');
    return { address: bare, family: bare.includes(':') ? 6 : 4 };
  }
  const addresses = await lookup(bare);
  if (addresses.length === 0) throw new RefusedTargetError(`${bare} no tiene direcciones`, 'address');
  const refused = addresses.find((a) => !allowed(a.address));
  if (refused) {
    throw new RefusedTargetError(
      `${bare} resuelve a una dirección no pública: ${refused.address}`,
      'address',
    );
  }
  return addresses[0]!;
}
