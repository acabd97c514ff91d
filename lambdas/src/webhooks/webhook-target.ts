import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (issue 36): HTTPS to a public address only — never this hub's own
 * network, loopback, link-local (the cloud's metadata service), private, shared or reserved
 * ranges — checked on the URL when an endpoint is subscribed and again on every address a
 * delivery's name resolves to when it connects (the lookup below), so a name re-pointed at a
 * private address after the check (DNS rebinding) is refused too. Offline, a loopback target
 * over plain HTTP is allowed by configuration (WEBHOOK_ALLOW_LOOPBACK): the simulated partner
 * systems listen there.
 */

export interface WebhookTargetPolicy {
  /** Offline only: http://127.0.0.1:… and http://localhost:… are allowed. */
  allowLoopback: boolean;
}

/** What an address is, when it is not one a webhook may reach. */
export type NonPublic = 'loopback' | 'private' | 'link-local' | 'reserved';

const ranges = (() => {
  const v4: [string, number, NonPublic][] = [
    ['0.0.0.0', 8, 'reserved'],
    ['10.0.0.0', 8, 'private'],
    ['100.64.0.0', 10, 'private'],
    ['127.0.0.0', 8, 'loopback'],
    ['169.254.0.0', 16, 'link-local'],
    ['172.16.0.0', 12, 'private'],
    ['192.0.0.0', 24, 'reserved'],
    ['192.0.2.0', 24, 'reserved'],
    ['192.88.99.0', 24, 'reserved'],
    ['192.168.0.0', 16, 'private'],
    ['198.18.0.0', 15, 'reserved'],
    ['198.51.100.0', 24, 'reserved'],
    ['203.0.113.0', 24, 'reserved'],
    ['224.0.0.0', 4, 'reserved'],
    ['240.0.0.0', 4, 'reserved'],
  ];
  const v6: [string, number, NonPublic][] = [
    ['::', 128, 'reserved'],
    ['::1', 128, 'loopback'],
    ['100::', 64, 'reserved'],
    ['2001::', 23, 'reserved'],
    ['2001:db8::', 32, 'reserved'],
    ['fc00::', 7, 'private'],
    ['fe80::', 10, 'link-local'],
    ['ff00::', 8, 'reserved'],
  ];
  return (
    [
      ...v4.map(([net, bits, kind]) => ({ net, bits, kind, type: 'ipv4' as const })),
      ...v6.map(([net, bits, kind]) => ({ net, bits, kind, type: 'ipv6' as const })),
    ] as const
  ).map((r) => {
    const list = new BlockList();
    list.addSubnet(r.net, r.bits, r.type);
    return { list, kind: r.kind, type: r.type };
  });
})();

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4). */
const embeddedV4 = (address: string): string | null => {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/u.exec(lower);
  if (dotted?.[1] !== undefined) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/u.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/u.exec(lower);
  const parts = hex ?? sixToFour;
  if (parts?.[1] === undefined || parts[2] === undefined) return null;
  const [high, low] = [parseInt(parts[1], 16), parseInt(parts[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
};

/** Null for a public address; else what it is. Anything not an IP address is `reserved`. */
export const nonPublicAddress = (address: string): NonPublic | null => {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (type === 'ipv6') {
    const v4 = embeddedV4(address);
    if (v4 !== null) return nonPublicAddress(v4);
  }
  return ranges.find((r) => r.type === type && r.list.check(address, type))?.kind ?? null;
};

const isLoopbackName = (host: string) =>
  host === 'localhost' || host === '[::1]' || nonPublicAddress(host) === 'loopback';

/**
 * Whether `raw` may be subscribed: a reason to refuse it (for the 400's message), or null. The
 * name's addresses are checked when a delivery connects (`guardedLookup`).
 */
export const webhookUrlProblem = (raw: string, policy: WebhookTargetPolicy): string | null => {
  if (!URL.canParse(raw)) return 'The URL is not a valid absolute URL.';
  const url = new URL(raw);
  if (url.username !== '' || url.password !== '') {
    return 'The URL must not carry a user name or password: the signature authenticates us.';
  }
  if (url.hash !== '') return 'The URL must not have a fragment (#…).';
  const host = url.hostname;
  const loopback = isLoopbackName(host);
  if (loopback && policy.allowLoopback) {
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? null
      : 'The URL must be http or https.';
  }
  if (url.protocol !== 'https:') return 'The URL must be https.';
  const literal = host.replace(/^\[(.*)\]$/u, '$1');
  const kind = isIP(literal) === 0 ? (loopback ? 'loopback' : null) : nonPublicAddress(literal);
  if (kind !== null) return `The URL must name a public address, not a ${kind} one.`;
  if (!host.includes('.')) return 'The URL must name a host by its full domain name.';
  return null;
};

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request: the name resolved as usual, then refused (ENOTPUBLIC) when
 * any of its addresses is not public — unless loopback is allowed and that is all it is.
 */
export const guardedLookup =
  (policy: WebhookTargetPolicy, resolve: typeof dnsLookup = dnsLookup) =>
  (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname, { all: true }, (err, addresses) => {
      if (err !== null) {
        callback(err, []);
        return;
      }
      const list = addresses;
      const refused = list.find((a) => {
        const kind = nonPublicAddress(a.address);
        return kind !== null && !(kind === 'loopback' && policy.allowLoopback);
      });
      if (refused !== undefined || list.length === 0) {
        const error: NodeJS.ErrnoException = new Error(
          `${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address.`,
        );
        error.code = 'ENOTPUBLIC';
        callback(error, []);
        return;
      }
      if (options.all === true) callback(null, list);
      else callback(null, list[0]?.address ?? '', list[0]?.family);
    });
  };
