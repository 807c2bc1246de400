// A maintainer's compass-tss health server, read as health.go serves it
// (mapprotocol/compass-tss@e2cf2fa35e9be121ef9cadc883666f4cd8eb52ac:cmd/compass/health.go): GET /ping (200,
// empty), /p2pid (the peer id as text), /status/p2p ({relay_height, peers, peer_count, errors}, errors null
// when none), /status/scanner (an object keyed by chain name, heights -1 where the node could not read one).
// Bodies come as text/plain, so they are parsed here whatever the content type says. A node that does not
// answer is news about that node: it becomes `reachable: false` with the reason, never an error.
import { z } from 'zod'
import { AppError } from '@shared/errors'
import type { NodeHealth, ScannerLag } from '@shared/keepers'
import { getForText, type HttpOptions } from '../client'

const height = z.number().int()
const p2pStatusSchema = z.looseObject({
  relay_height: height.optional(),
  peers: z.array(z.looseObject({})).nullable().optional(),
  peer_count: z.number().int().optional(),
  errors: z.array(z.string()).nullable().optional()
})
const scannerSchema = z.record(
  z.string(),
  z.looseObject({
    chain: z.string(),
    chain_height: height,
    block_scanner_height: height,
    scanner_height_diff: height
  })
)

/**
 * Where a registered p2p address's health server answers: a name or IPv4 (MAP registers bare IPs, and MAP's
 * monitor adds :6040), IPv6 (bracketed here), or any of them with an explicit `:port`, which wins over the
 * profile's port. Null when the text is no host.
 */
export function healthTarget(p2pAddress: string, port: number): { host: string; port: number } | null {
  const a = p2pAddress.trim()
  const named =
    /^([A-Za-z0-9.-]{1,253})(?::(\d{1,5}))?$/.exec(a) ?? /^(\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/.exec(a)
  if (named) {
    const explicit = named[2] === undefined ? port : Number(named[2])
    return explicit >= 1 && explicit <= 65_535 ? { host: named[1] as string, port: explicit } : null
  }
  if (/^[0-9A-Fa-f:.]{2,45}$/.test(a) && a.includes(':')) return { host: `[${a}]`, port }
  return null
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message
  return error instanceof Error ? error.message : String(error)
}

function parsed<T>(schema: z.ZodType<T>, text: string, path: string): T {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new AppError({ kind: 'decode', operation: path, message: `${path} did not answer JSON` })
  }
  const r = schema.safeParse(value)
  if (!r.success) {
    const issue = r.error.issues[0]
    throw new AppError({
      kind: 'decode',
      operation: path,
      message: `${path} answered another shape than health.go's (${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'})`
    })
  }
  return r.data
}

const orNull = (h: number): number | null => (h < 0 ? null : h)

export function scannerLags(body: z.infer<typeof scannerSchema>): ScannerLag[] {
  return Object.entries(body)
    .map(([key, s]) => ({
      // health.go keys each entry by chain name; the relay chain's entry names its chain inside as well
      chain: key,
      chainHeight: orNull(s.chain_height),
      scannerHeight: orNull(s.block_scanner_height),
      lag: s.chain_height < 0 || s.block_scanner_height < 0 ? null : Math.max(0, s.scanner_height_diff)
    }))
    .sort((a, b) => a.chain.localeCompare(b.chain))
}

/** What one maintainer's node says of itself. */
export async function readNodeHealth(
  p2pAddress: string,
  port: number,
  http: HttpOptions,
  /** a watch's round: /status/p2p and /status/scanner only (no /ping, no peer id), every interval */
  lean = false
): Promise<NodeHealth> {
  const target = healthTarget(p2pAddress, port)
  if (target === null) {
    return {
      reachable: false,
      url: null,
      reason:
        p2pAddress.trim() === ''
          ? 'no p2p address is registered'
          : `the registered p2p address "${p2pAddress.slice(0, 80)}" is not a host`
    }
  }
  const base = `http://${target.host}:${target.port}`
  // a node that stumbles is reported as it is: no retries, which would only hide it
  const opts: HttpOptions = { ...http, retries: 0 }
  // All at once: a round over the maintainers costs one answer's time per node, not two. /ping decides
  // whether the node is reachable; the others' failures are then the node's own news. A lean round (a watch's,
  // every interval) asks only the two status paths: the node is reachable when either got an answer.
  const errors: string[] = []
  const unreached: string[] = []
  const status = <T>(path: string, schema: z.ZodType<T>): Promise<T | null> =>
    getForText(`${base}${path}`, path, opts)
      .then((a) => parsed(schema, a.text, path))
      .catch((e: unknown) => {
        if (e instanceof AppError && (e.kind === 'network' || e.kind === 'timeout')) unreached.push(reasonOf(e))
        errors.push(`${path}: ${reasonOf(e)}`)
        return null
      })
  const [ping, p2pId, p2p, scanner] = await Promise.all([
    lean
      ? null
      : getForText(`${base}/ping`, 'the health server /ping', opts).then(
          () => null,
          (e: unknown) => reasonOf(e)
        ),
    lean
      ? null
      : getForText(`${base}/p2pid`, '/p2pid', opts).then(
          (a) => a.text.trim() || null,
          (e: unknown) => (errors.push(`/p2pid: ${reasonOf(e)}`), null)
        ),
    status('/status/p2p', p2pStatusSchema),
    status('/status/scanner', scannerSchema)
  ])
  if (ping !== null) return { reachable: false, url: base, reason: ping }
  if (lean && unreached.length === 2) return { reachable: false, url: base, reason: unreached[0] as string }
  return {
    reachable: true,
    url: base,
    p2pId,
    peerCount: p2p?.peer_count ?? null,
    relayHeight: p2p?.relay_height ?? null,
    errors: [...(p2p?.errors ?? []), ...errors],
    scanners: scanner === null ? [] : scannerLags(scanner)
  }
}
