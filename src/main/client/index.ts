// The client room's front door: how Bridgescope talks to the bridge query service, its vault nodes and MAP's
// TSS API. Everything outside src/main/client (the services, the loaded-history engine, the watcher, the app
// context, the CLI, the browser shell) imports it from here; what is behind may change without them noticing.
//
// What it offers:
//   QueryClient      the one interface every caller of the query service depends on, whatever dialect answers
//                    (query-client.ts); a second dialect implements it and is chosen where clients are made
//                    (the app context, the CLI's withClient)
//   BridgeClient     the MCS dialect (mcs/): MAP's bridge query service and tss_getVault on its nodes (spec section 4)
//   ButterClient, MapscanClient   Butter's swap-data API and MAP's Bridge Scan API (butter/, mapscan/: one
//                    folder per dialect, gathered by dialects.ts and src/shared/dialects.ts);
//   createQueryClient             a profile's dialect → its client; lacks, operationsOf: what a dialect offers
//   fetchAllHistory  "load all": every page of a list that moves, placed as it stood when the load began;
//   loadAllHistory   the same, told as the loaded-history engine takes it ({records, total, completeness})
//   TssClient        MAP's TSS cross-chain API (tss-api.ts)
//   checkInput, canonicalEpoch   the input checks the client makes, for callers that check before they ask
//   rpcCall, httpUrl one JSON-RPC call with the client's deadlines and retries, and its URL check (chain checks)
//   rpcBatch         several JSON-RPC calls in one request, on the same path (chain checks batch their reads)
//   isPlainObject    the JSON object test the decode path trusts (the browser shell reads its socket with it)
//   probeDialects    Settings' "Detect service": one harmless read per dialect through that dialect's client
//   AnswerMemo, remember   a request's last answer kept with its decoding, for what a watch asks every round
// How a body becomes records is written at the top of mcs/decode.ts.
export type { ArrivedHistoryPage, CallOptions, HistoryQuery, QueryClient, QueryDialect, QueryOperation } from './query-client'
export { lacks, operationsOf } from './query-client'
export { createQueryClient, type ClientEndpoint } from './create-client'
export { ButterClient } from './butter/client'
export { MapscanClient } from './mapscan/client'
export { BridgeClient, type BridgeClientOptions } from './mcs/client'
export { checkInput } from './inputs'
export { EVERY_CHAIN, everyChainSource, fetchAllHistory, loadAllHistory, type HistoryProgress, type LoadedAll } from './history-all'
export { TssClient, TSS_OPERATIONS } from './tss-api'
export { canonicalEpoch, rpcBatch, rpcCall, type RpcBatchCall, type RpcBatchReply, type RpcSettled } from './rpc'
export { getForText, httpUrl, isTooLarge, postJson, type HttpOptions } from './http'
export { isPlainObject } from './lossless-json'
export { outcomeOfState, stateEntry, withOutcome, STATE_TABLES } from './states'
export { probeDialects } from './probe'
export { AnswerMemo, remember } from './answer-memo'
