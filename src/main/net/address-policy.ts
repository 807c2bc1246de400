// Where a URL that a service named may lead. The query service is not trusted: its records name RPC URLs, its
// lists name icons, its answers name redirects. Left alone, a service on the internet could send the app to the
// user's router, a database on localhost or the cloud metadata address, and time the answers to map the network.
//
// The rule is Chromium's Private Network Access (https://wicg.github.io/private-network-access/): every address
// is in one of three spaces, public < private < local, and a URL a service names may not lead to a space more
// private than the service's own. A service on loopback (the demo network, a test rig) may name loopback; one
// on the internet may name only the internet. URLs the user typed are not asked about: they are the user's
// choice. The check is made on the addresses a host resolves to, and again on the address actually connected
// to where the network lets us pin it (./guarded.ts), so a name that resolves differently the second time
// (DNS rebinding) cannot pass.
//
// The spaces, stricter than the draft where a service has no business at all:
//   local   loopback (127/8, ::1, localhost), the unspecified address (0/8, ::), link-local (169.254/16,
//           fe80::/10) with the cloud metadata address 169.254.169.254 in it, multicast, broadcast and the
//           reserved 240/4 — nothing a public service should make a desktop reach
//   private RFC 1918 (10/8, 172.16/12, 192.168/16), carrier-grade NAT 100.64/10 (RFC 6598: an ISP's or a
//           VPN's own network, e.g. Tailscale's), benchmarking 198.18/15, unique local fc00::/7, site-local
//           fec0::/10
//   public  everything else
// An IPv6 address carrying an IPv4 one (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96,
// 6to4 2002::/16) is judged by the IPv4 address inside. Decimal, octal and hex IPv4 forms (http://2130706433/,
// http://0x7f.1/) are read by the WHATWG URL parser before this module sees them, as a browser reads them.
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { classifyV4, classifyV6, isLocalhostName, leastPrivate, morePrivate, PUBLIC, type AddressClass, type AddressSpace } from '@shared/address-space'
import { AppError } from '@shared/errors'
import { redactUrl } from '@shared/redact'

export { morePrivate, type AddressClass, type AddressSpace }

/** The space of one IP address (v4 or v6, brackets allowed); a text that is no IP address is public. */
export function classifyAddress(address: string): AddressClass {
  const ip = address.replace(/^\[(.*)\]$/, '$1')
  const family = isIP(ip)
  return family === 4 ? classifyV4(ip) : family === 6 ? classifyV6(ip) : PUBLIC
}

/** Every address a host name resolves to; rejects when DNS has no answer. */
export type Lookup = (hostname: string) => Promise<readonly string[]>

/** The system resolver (getaddrinfo), every address it gives. */
export const systemLookup: Lookup = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address)

export interface AddressPolicyOptions {
  /** the resolver; the system's unless a test puts names where it needs them */
  lookup?: Lookup
  /** the spaces of addresses; classifyAddress unless a test must count a 127.0.0.x address as farther away */
  classify?: (address: string) => AddressClass
}

/** A host as a URL parser leaves it: no brackets, no trailing dot, lower case. */
function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase()
}

/** How a space is named in a refusal. */
function spaceWord(c: AddressClass): string {
  return c.space === 'public' ? 'public' : c.what
}

export class AddressPolicy {
  readonly lookup: Lookup
  readonly classify: (address: string) => AddressClass

  constructor(opts: AddressPolicyOptions = {}) {
    this.lookup = opts.lookup ?? systemLookup
    this.classify = opts.classify ?? classifyAddress
  }

  /**
   * What a host is: an IP literal is what it says, localhost is loopback without asking DNS (as browsers do),
   * a name is each address it resolves to. Null when DNS has no answer (nothing can be reached there either).
   */
  async hostClasses(hostname: string): Promise<AddressClass[] | null> {
    const host = bareHost(hostname)
    if (isIP(host) !== 0) return [this.classify(host)]
    if (isLocalhostName(host)) return [{ space: 'local', what: 'loopback' }]
    try {
      const addresses = await this.lookup(host)
      return addresses.length === 0 ? null : addresses.map((a) => this.classify(a))
    } catch {
      return null
    }
  }

  /**
   * The space a service at `urls` counts as: the least private of them. A service reached by a name (not
   * localhost, not an IP literal) never counts as local, whatever the name resolves to: otherwise a public
   * service whose DNS answered 127.0.0.1 once would be let name loopback.
   */
  async serviceSpace(urls: readonly string[]): Promise<AddressSpace> {
    const spaces: AddressSpace[] = []
    for (const text of urls) {
      let host: string
      try {
        host = bareHost(new URL(text).hostname)
      } catch {
        continue
      }
      const classes = await this.hostClasses(host)
      if (classes === null) {
        spaces.push('public')
        continue
      }
      const space = leastPrivate(classes.map((c) => c.space))
      spaces.push(isIP(host) === 0 && !isLocalhostName(host) && space === 'local' ? 'private' : space)
    }
    return leastPrivate(spaces)
  }

  /**
   * Throws AppError('input') when `url`, named by the service at `by.service` (whose space is `by.space`),
   * leads to an address more private than that: any address its host resolves to counts, since the
   * connection may take any of them. A URL that is not http(s) or carries credentials is refused too.
   * A name with no DNS answer passes here: nothing can be reached through it, and where the connection is
   * pinned its own lookup asks again (./guarded.ts).
   */
  async check(url: string, by: { service: string; space: AddressSpace }): Promise<void> {
    let u: URL
    try {
      u = new URL(url)
    } catch {
      throw refusal(`refused: the service at ${serviceName(by.service)} named something that is not a URL`)
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw refusal(`refused: the service at ${serviceName(by.service)} named ${redactUrl(url)}, which is not an http(s) URL`)
    if (u.username !== '' || u.password !== '') throw refusal(`refused: the service at ${serviceName(by.service)} named a URL with a user name or password (${redactUrl(url)})`)
    const classes = await this.hostClasses(u.hostname)
    if (classes === null) return
    const worst = classes.find((c) => morePrivate(c.space, by.space))
    if (worst) throw refusal(`refused: the service at ${serviceName(by.service)} (${by.space}) named ${redactUrl(url)} (${spaceWord(worst)})`)
  }

  /**
   * A redirect is a URL the answering server names: it may lead no more privately than that server's own
   * address (a public service cannot bounce the app's POST onto a service on this computer).
   */
  async checkRedirect(from: URL, to: URL): Promise<void> {
    await this.check(to.href, { service: from.href, space: await this.serviceSpace([from.href]) })
  }

  /**
   * The addresses a connection to `hostname` may use when what it leads to may be no more private than
   * `ceiling`: all of them, or a refusal naming the first one past it. For a connection's own lookup.
   */
  async addressesWithin(hostname: string, ceiling: AddressSpace): Promise<string[]> {
    const host = bareHost(hostname)
    const addresses = isIP(host) !== 0 ? [host] : isLocalhostName(host) ? ['127.0.0.1'] : [...(await this.lookup(host))]
    for (const address of addresses) {
      const c = this.classify(address)
      if (morePrivate(c.space, ceiling)) throw refusal(`refused: ${host} resolved to ${address} (${spaceWord(c)}), more private than the service that named it (${ceiling})`)
    }
    return addresses
  }
}

function serviceName(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return '(no URL)'
  }
}

function refusal(message: string): AppError {
  return new AppError({ kind: 'input', operation: 'address policy', message })
}
