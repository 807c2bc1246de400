// Our original dialect in main: its client, and the read that recognises it (the chain list: one POST, no parameters).
import type { DialectClient } from '../dialect-client'
import { BridgeClient } from './client'

export const MCS_CLIENT: DialectClient = {
  create: (e, common) => new BridgeClient({ baseUrl: e.baseUrl, rpcUrls: e.rpcUrls ?? [], ...common }),
  probe: { what: 'POST /api/queryChainList', run: (c) => c.queryChainList() }
}
