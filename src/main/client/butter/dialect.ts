// Butter's swap-data API in main: its client on its two hosts, and the read that recognises it (one address's
// history on the app API, one row). Its tokens API is probed apart, through the same client's chain list.
import { AppError } from '@shared/errors'
import { NOBODY, type DialectClient } from '../dialect-client'
import { BUTTER_DIALECT } from './descriptor'
import { ButterClient } from './client'

export const BUTTER_CLIENT: DialectClient = {
  create(e, common) {
    if (!e.tokensUrl) throw new AppError({ kind: 'input', field: 'tokensUrl', message: BUTTER_DIALECT.tokensUrl.missing })
    return new ButterClient({ appUrl: e.baseUrl, tokensUrl: e.tokensUrl, ...common })
  },
  probe: { what: 'GET /api/queryBridgeHistoryByAddress', run: (c) => (c as ButterClient).queryHistory({ address: NOBODY, pageSize: 1 }) }
}
