import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where the server may post a Web Push ring. A push endpoint comes from a client, and the server
 * POSTs to it when a volunteer is rung: without a check, any user could make the server send
 * requests into its own network (blind SSRF). So an endpoint must be https on one of the push
 * services (PUSH_SERVICES, the browsers' own by default: a host or a subdomain of it), and the address it
 * resolves to must not be loopback, private or link-local. An entry written as an origin
 * ("http://127.0.0.1") allows that scheme and host on any port, private or not: an on-premises
 * push relay, or a test's own push service.
 */
interface Rule {
  protocol: string;
  host: string;
  /** Only this host, on any port, whatever it resolves to. */
  exact: boolean;
}

function rulesOf(services: readonly string[]): Rule[] {
  return services.map((entry) => {
    const origin = /^(https?):\/\/([^/:]+)/i.exec(entry);
    return origin
      ? { protocol: `${origin[1]!.toLowerCase()}:`, host: origin[2]!.toLowerCase(), exact: true }
      : { protocol: 'https:', host: entry.toLowerCase(), exact: false };
  });
}

/** The rule an endpoint falls under, or null when it is not a push service's address. */
function ruleFor(endpoint: string, services: readonly string[]): Rule | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  return (
    rulesOf(services).find(
      (rule) =>
        url.protocol === rule.protocol &&
        (host === rule.host || (!rule.exact && host.endsWith(`.${rule.host}`))),
    ) ?? null
  );
}

/** Whether a subscription's endpoint may be kept at all (checked when it is saved). */
export const isPushServiceEndpoint = (endpoint: string, services: readonly string[]): boolean =>
  ruleFor(endpoint, services) !== null;

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
] as const)
  internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

const isInternal = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return internal.check(mapped, 'ipv4');
  return internal.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
};

export type Resolve = (host: string) => Promise<string[]>;
const resolveAll: Resolve = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

/**
 * Whether a ring may be posted to `endpoint` now: still a push service's address, and (unless its
 * entry names it exactly) resolving only to public addresses, checked at each send so a name that
 * later points inside is caught too.
 */
export async function mayPostTo(
  endpoint: string,
  services: readonly string[],
  resolve: Resolve = resolveAll,
): Promise<boolean> {
  const rule = ruleFor(endpoint, services);
  if (!rule) return false;
  if (rule.exact) return true;
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
  return addresses.length > 0 && !addresses.some(isInternal);
}
