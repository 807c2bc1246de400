// MAP's Bridge Scan API in main: its client, and the read that recognises it (Bridge Scan has no chain list: one
// address's history on chain 1, one row).
import { NOBODY, type DialectClient } from '../dialect-client'
import { MapscanClient } from './client'

export const MAPSCAN_CLIENT: DialectClient = {
  create: (e, common) => new MapscanClient({ baseUrl: e.baseUrl, ...common }),
  probe: { what: 'GET /api/queryHistoryByChainIdAddress', run: (c) => (c as MapscanClient).queryHistory({ address: NOBODY, chainId: 1, pageSize: 1 }) }
}
