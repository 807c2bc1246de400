// Where a URL a service names may lead: every IPv4 address and every way of writing one lands in the space its
// address is in, and a service is never let name anything more private than where it answers itself.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AddressPolicy, classifyAddress, type AddressSpace, type Lookup } from '../../../../src/main/net'
import { AppError } from '../../../../src/shared/errors'

const octets = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255))
const dotted = ([a, b, c, d]: [number, number, number, number]): string => `${a}.${b}.${c}.${d}`
const hex16 = (n: number): string => n.toString(16)

/** The space RFC 1918 and friends put an IPv4 address in, written out again as the test's own oracle. */
function expected([a, b, c, d]: [number, number, number, number]): AddressSpace {
  if (a === 127 || a === 0 || (a === 169 && b === 254) || a >= 224) return 'local'
  if (a === 10 || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b < 128) || (a === 198 && (b === 18 || b === 19))) return 'private'
  void c
  void d
  return 'public'
}

describe('the space of an address', () => {
  it('places every IPv4 address by its range, and the same address inside IPv6 (mapped, compatible, NAT64, 6to4) alike', () => {
    fc.assert(
      fc.property(octets, (o) => {
        const [a, b, c, d] = o
        const space = expected(o)
        const hi = hex16((a << 8) | b)
        const lo = hex16((c << 8) | d)
        expect(classifyAddress(dotted(o)).space).toBe(space)
        expect(classifyAddress(`::ffff:${dotted(o)}`).space).toBe(space)
        expect(classifyAddress(`::ffff:${hi}:${lo}`).space).toBe(space)
        expect(classifyAddress(`64:ff9b::${hi}:${lo}`).space).toBe(space)
        expect(classifyAddress(`2002:${hi}:${lo}::1`).space).toBe(space)
      }),
      { numRuns: 2000 }
    )
  })

  it('reads decimal, octal, hex and short IPv4 forms in a URL as the address they are', () => {
    fc.assert(
      fc.property(octets, (o) => {
        const n = ((o[0] * 256 + o[1]) * 256 + o[2]) * 256 + o[3]
        const forms = [String(n), `0x${n.toString(16)}`, `0${o[0].toString(8)}.${o[1]}.${o[2]}.${o[3]}`, `${o[0]}.${o[1] * 65536 + o[2] * 256 + o[3]}`, `[::ffff:${dotted(o)}]`]
        for (const form of forms) expect(classifyAddress(new URL(`http://${form}:8545/`).hostname).space).toBe(expected(o))
      })
    )
  })

  it('names the cloud metadata address, link-local, loopback and the unspecified address as this computer', () => {
    expect(classifyAddress('169.254.169.254')).toEqual({ space: 'local', what: 'cloud metadata address' })
    expect(classifyAddress('169.254.1.1')).toEqual({ space: 'local', what: 'link-local' })
    expect(classifyAddress('::1')).toEqual({ space: 'local', what: 'loopback' })
    expect(classifyAddress('[::1]')).toEqual({ space: 'local', what: 'loopback' })
    expect(classifyAddress('::')).toEqual({ space: 'local', what: 'unspecified address' })
    expect(classifyAddress('0.0.0.0')).toEqual({ space: 'local', what: 'unspecified address' })
    expect(classifyAddress('fe80::1%eth0').space).toBe('local')
    expect(classifyAddress('fd12:3456::1').space).toBe('private')
    expect(classifyAddress('fc00::1').space).toBe('private')
    expect(classifyAddress('2606:4700::1111').space).toBe('public')
    expect(classifyAddress('8.8.8.8').space).toBe('public')
  })
})

/** A resolver from a table; any other name has no answer. */
function table(names: Record<string, string[]>): Lookup {
  return (host) => (names[host] ? Promise.resolve(names[host]) : Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`)))
}

const policy = new AddressPolicy({
  lookup: table({
    'bridge.example': ['93.184.216.34'],
    'intranet.example': ['10.0.0.5'],
    'split.example': ['93.184.216.34', '192.168.1.1'],
    'sneaky.example': ['127.0.0.1'],
    'rpc.example': ['2606:4700::1111']
  })
})

async function verdict(service: string, named: string): Promise<string> {
  const space = await policy.serviceSpace([service])
  try {
    await policy.check(named, { service, space })
    return 'allowed'
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    return (error as AppError).message
  }
}

describe('what a service may name', () => {
  it('a public service names public hosts only: loopback, private, link-local and metadata are refused with the reason', async () => {
    const service = 'https://bridge.example/api'
    expect(await verdict(service, 'https://rpc.example/v3/key')).toBe('allowed')
    expect(await verdict(service, 'http://10.0.0.5:8545')).toBe('refused: the service at https://bridge.example (public) named http://10.0.0.5:8545/ (private network)')
    expect(await verdict(service, 'http://intranet.example:8545')).toBe('refused: the service at https://bridge.example (public) named http://intranet.example:8545/ (private network)')
    expect(await verdict(service, 'http://split.example')).toMatch(/\(private network\)$/)
    expect(await verdict(service, 'http://169.254.169.254/latest/meta-data/')).toMatch(/\(cloud metadata address\)$/)
    for (const local of ['http://127.0.0.1:5183/__harness/ipc/cache:clear', 'http://localhost:8545', 'http://[::1]:8545', 'http://2130706433/', 'http://0x7f.1/', 'http://0/', 'http://[::ffff:127.0.0.1]/', 'http://sneaky.example/'])
      expect(await verdict(service, local)).toMatch(/^refused: the service at https:\/\/bridge\.example \(public\) named .* \((loopback|unspecified address)\)$/)
    expect(await verdict(service, 'file:///etc/passwd')).toMatch(/not an http\(s\) URL/)
    expect(await verdict(service, 'https://user:pw@rpc.example/')).toMatch(/user name or password/)
  })

  it('a service on the private network may name the private network and the internet, not this computer', async () => {
    for (const service of ['http://intranet.example', 'http://192.168.1.20:8080'] as const) {
      expect(await verdict(service, 'http://10.0.0.5:8545')).toBe('allowed')
      expect(await verdict(service, 'https://rpc.example')).toBe('allowed')
      expect(await verdict(service, 'http://127.0.0.1:8545')).toMatch(/\(private\) named .* \(loopback\)$/)
    }
  })

  it('a service on loopback (the demo network, a test rig) may name loopback; a name that resolves to loopback does not make a service local', async () => {
    for (const service of ['http://127.0.0.1:5000', 'http://localhost:5000', 'http://[::1]:5000']) expect(await verdict(service, 'http://127.0.0.1:8545')).toBe('allowed')
    expect(await policy.serviceSpace(['http://sneaky.example'])).toBe('private')
    // a service at two addresses counts as the more public one
    expect(await policy.serviceSpace(['http://127.0.0.1:1', 'https://bridge.example'])).toBe('public')
  })

  it('a connection is held to the space it was allowed: an address past it is refused even when DNS answers it only then', async () => {
    let asked = 0
    const rebinding = new AddressPolicy({ lookup: () => Promise.resolve(asked++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']) })
    await rebinding.check('http://rebind.example/', { service: 'https://bridge.example', space: 'public' })
    await expect(rebinding.addressesWithin('rebind.example', 'public')).rejects.toThrow('refused: rebind.example resolved to 127.0.0.1 (loopback)')
    await expect(rebinding.addressesWithin('rebind.example', 'local')).resolves.toEqual(['127.0.0.1'])
  })
})
