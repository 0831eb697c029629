/**
 * Which push endpoints the server will ever contact: the server POSTs
 * to whatever address a browser's push service handed out, so an endpoint is an address a person
 * chose. Only `https:` on the standard port, without credentials, spaces or control characters;
 * the host must not be a metadata or local name, and it must resolve only to public addresses
 * (not loopback, private, link-local, carrier-grade NAT, unique-local, multicast, reserved or
 * 0.0.0.0, whatever form the address is written in: decimal, hex, IPv4-mapped IPv6). With
 * PUSH_SERVICES set, the host must also be one of the listed push services. Checked when a
 * person subscribes and again before every send (a name can resolve elsewhere later).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to its addresses (injected in tests; never the network there). */
export type ResolveHost = (host: string) => Promise<string[]>;

export const systemResolver: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped, IPv4-compatible, NAT64), if any. */
function embeddedIpv4(address: string): string | null {
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address is one the server must never contact for a person. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address.toLowerCase());
  if (v4 !== null) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** Names of cloud metadata services and local-only names. */
const FORBIDDEN_NAMES =
  /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan)$|^(metadata|instance-data)(\.|$)/i;

export type EndpointRefusal =
  'malformed' | 'not-https' | 'local-name' | 'not-allowed-service' | 'unresolvable' | 'private-address';

export interface EndpointRules {
  resolve: ResolveHost;
  /** Plain http on loopback (the tests' local push service). */
  allowLoopbackHttp: boolean;
  /** PUSH_SERVICES, or null for any public host. */
  services: readonly string[] | null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function listedService(host: string, services: readonly string[]): boolean {
  return services.some((s) => (s.startsWith('*.') ? host.endsWith(s.slice(1)) : host === s));
}

/** Null when the server may send to `endpoint` now, else why not. */
export async function refuseEndpoint(endpoint: string, rules: EndpointRules): Promise<EndpointRefusal | null> {
  if (/[\s\p{Cc}\p{Cf}]/u.test(endpoint)) return 'malformed';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'malformed';
  }
  if (url.username || url.password) return 'malformed';
  if (rules.allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.protocol !== 'https:' || url.port !== '') return 'not-https';
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (isIP(host) !== 0)
    return isForbiddenAddress(host) ? 'private-address' : rules.services ? 'not-allowed-service' : null;
  if (!host.includes('.') || FORBIDDEN_NAMES.test(host)) return 'local-name';
  if (rules.services && !listedService(host, rules.services)) return 'not-allowed-service';
  let addresses: string[];
  try {
    addresses = await rules.resolve(host);
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.some(isForbiddenAddress) ? 'private-address' : null;
}
