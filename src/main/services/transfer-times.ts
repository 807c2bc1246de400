// When a transfer found by its hash was sent and last updated, from wherever the service allows (the order and
// the words are src/shared/transfer-times.ts): its detail's own times; its record in the sender's history, read
// page by page until it is found, the pages run out or MAX_PAGES were read; and its legs' blocks on their chains.
// The history and the chains are asked together; the service's own word wins where both answer, since the view
// shows the service's transfer, and the chains fill what the service cannot tell. Nothing failing here fails the
// whole: each place that gave nothing says why in `notes`.
import { redactText } from '@shared/redact'
import type { Sourced } from '@shared/contract'
import type { HistoryPage, TransferDetail, TransferRecord } from '@shared/schemas/wire'
import { isoOfMs, isoTime, transferOfDetail } from '@shared/transfer'
import type { FoundTime, FoundTimes, LegBlockTime } from '@shared/transfer-times'

/** The most pages of the sender's history read for one transfer: 10,000 transfers at 100 a page. */
export const MAX_PAGES = 100

export interface TransferTimesDeps {
  transfer: (txHash: string) => Promise<TransferDetail>
  page: (input: { address: string; chainId: number; pageNo: number; pageSize: number; prefer: 'cache' | 'network' }) => Promise<Sourced<HistoryPage>>
  /** the active profile's largest page */
  pageSize: () => Promise<number>
  /** the legs' blocks (see src/main/chain/block-times.ts); null when the profile has chain checks off */
  blockTimes: (detail: TransferDetail) => Promise<readonly (LegBlockTime | { role: LegBlockTime['role']; reason: string })[] | null>
}

const said = (e: unknown): string => redactText(e instanceof Error ? e.message : String(e))

/** The sender's record of this transfer, the page it is on, or why it was not found. */
async function inHistory(deps: TransferTimesDeps, d: TransferDetail): Promise<{ record: TransferRecord; pageNo: number; pageSize: number } | { note: string }> {
  if (!d.from) return { note: "the sender's history: the service names no sender" }
  const pageSize = await deps.pageSize()
  const hash = d.fromHash.toLowerCase()
  let seen = 0
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo++) {
    let page: HistoryPage
    try {
      // the first page as the views read it (the cached copy first); the others as they are now
      page = (await deps.page({ address: d.from, chainId: d.fromChainId, pageNo, pageSize, prefer: pageNo === 1 ? 'cache' : 'network' })).data
    } catch (e) {
      return { note: `the sender's history could not be read (page ${pageNo}): ${said(e)}` }
    }
    const record = page.list.find((r) => r.hash.toLowerCase() === hash)
    if (record) return { record, pageNo, pageSize }
    seen += page.list.length
    // a list that grows at its head while it is read only pushes records to later pages: none is skipped
    // the service's total says where its history ends; a service without one, a page that is not full
    const ended = page.list.length === 0 || (page.totalKnown === false ? page.list.length < pageSize : pageNo * pageSize >= page.total)
    if (ended) {
      return { note: `the sender's history: not among its ${seen} transfers on chain ${d.fromChainId}` }
    }
  }
  return { note: `the sender's history: not among its latest ${seen} transfers (${MAX_PAGES} pages were read)` }
}

/** The legs' blocks, or why none could be read. */
async function onChains(deps: TransferTimesDeps, d: TransferDetail): Promise<{ times: LegBlockTime[]; notes: string[] }> {
  try {
    const answers = await deps.blockTimes(d)
    if (answers === null) return { times: [], notes: ['the chains: chain checks are off for this profile, so their RPCs were not asked'] }
    const times = answers.filter((a): a is LegBlockTime => !('reason' in a))
    const notes = answers.flatMap((a) => ('reason' in a ? [`the ${a.role.toLowerCase()} leg's chain: ${a.reason}`] : []))
    return { times, notes }
  } catch (e) {
    return { times: [], notes: [`the chains could not be asked: ${said(e)}`] }
  }
}

export class TransferTimesService {
  constructor(private readonly deps: TransferTimesDeps) {}

  async times(txHash: string): Promise<FoundTimes> {
    const d = await this.deps.transfer(txHash)
    const model = transferOfDetail(d)
    const fromDetail = (iso: string | null): FoundTime | null => (iso === null ? null : { at: iso, source: { kind: 'detail' } })
    const own = { sent: fromDetail(model.times.sent), updated: fromDetail(model.times.updated) }
    if (own.sent !== null && (own.updated !== null || model.outcome !== 'delivered')) return { txHash, ...own, notes: [] }

    const [history, chains] = await Promise.all([inHistory(this.deps, d), onChains(this.deps, d)])
    const notes: string[] = []
    let sent = own.sent
    let updated = own.updated
    if ('record' in history) {
      const source = { kind: 'history', pageNo: history.pageNo, pageSize: history.pageSize } as const
      const at = (text: string): FoundTime | null => {
        const iso = isoTime(text)
        return iso === null ? null : { at: iso, source }
      }
      sent ??= at(history.record.timestamp) ?? at(history.record.createdAt)
      updated ??= at(history.record.updatedAt)
    } else notes.push(history.note)
    notes.push(...chains.notes)
    const leg = (role: LegBlockTime['role']): FoundTime | null => {
      const t = chains.times.find((c) => c.role === role)
      return t ? { at: isoOfMs(t.time * 1000), source: { kind: 'chain', ...t } } : null
    }
    sent ??= leg('Source')
    // the chain knows when the transfer arrived, not when the service last updated one still on its way
    if (model.outcome === 'delivered') updated ??= leg('Destination')
    return { txHash, sent, updated, notes }
  }
}
