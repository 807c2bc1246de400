// The address spaces of Chromium's Private Network Access (public < private < local), as the address policy
// (src/main/net/address-policy.ts, where each range is listed and argued) and the renderer's links
// (./link.ts) both judge them. Pure: no DNS, no Node; an IP address in, its space out.

export type AddressSpace = 'public' | 'private' | 'local'

/** An address's space and, for a message, what kind of address it is. */
export interface AddressClass {
  space: AddressSpace
  what: string
}

const RANK: Readonly<Record<AddressSpace, number>> = { public: 0, private: 1, local: 2 }

/** Whether `space` is more private than `ceiling`. */
export function morePrivate(space: AddressSpace, ceiling: AddressSpace): boolean {
  return RANK[space] > RANK[ceiling]
}

/** The least private of `spaces` (public when there are none). */
export function leastPrivate(spaces: readonly AddressSpace[]): AddressSpace {
  return spaces.reduce<AddressSpace | null>((a, b) => (a === null || RANK[b] < RANK[a] ? b : a), null) ?? 'public'
}

export const PUBLIC: AddressClass = { space: 'public', what: 'public' }

function v4Parts(ip: string): number[] {
  return ip.split('.').map(Number)
}

export function classifyV4(ip: string): AddressClass {
  const [a = 0, b = 0, c = 0, d = 0] = v4Parts(ip)
  if (a === 127) return { space: 'local', what: 'loopback' }
  if (a === 0) return { space: 'local', what: 'unspecified address' }
  if (a === 169 && b === 254) return c === 169 && d === 254 ? { space: 'local', what: 'cloud metadata address' } : { space: 'local', what: 'link-local' }
  if (a >= 224) return { space: 'local', what: 'multicast or reserved' }
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return { space: 'private', what: 'private network' }
  if (a === 100 && b >= 64 && b <= 127) return { space: 'private', what: 'carrier-grade NAT' }
  if (a === 198 && (b === 18 || b === 19)) return { space: 'private', what: 'private network' }
  return PUBLIC
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part read as two groups). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().replace(/%.*$/, '')
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = v4Parts(dotted[1]!)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16))
}

function v4Of(hi: number, lo: number): string {
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
}

export function classifyV6(ip: string): AddressClass {
  const g = v6Groups(ip)
  const zeros = (n: number): boolean => g.slice(0, n).every((x) => x === 0)
  if (zeros(8)) return { space: 'local', what: 'unspecified address' }
  if (zeros(7) && g[7] === 1) return { space: 'local', what: 'loopback' }
  // IPv4 inside: mapped, compatible, NAT64, 6to4
  if (zeros(5) && g[5] === 0xffff) return classifyV4(v4Of(g[6]!, g[7]!))
  if (zeros(6)) return classifyV4(v4Of(g[6]!, g[7]!))
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return classifyV4(v4Of(g[6]!, g[7]!))
  if (g[0] === 0x2002) return classifyV4(v4Of(g[1]!, g[2]!))
  const first = g[0]!
  if ((first & 0xffc0) === 0xfe80) return { space: 'local', what: 'link-local' }
  if ((first & 0xff00) === 0xff00) return { space: 'local', what: 'multicast or reserved' }
  if ((first & 0xfe00) === 0xfc00) return { space: 'private', what: 'private network (unique local)' }
  if ((first & 0xffc0) === 0xfec0) return { space: 'private', what: 'private network (site-local)' }
  return PUBLIC
}

/** localhost and its subdomains: loopback without asking DNS, as browsers take them. */
export function isLocalhostName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost')
}
