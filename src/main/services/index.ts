// The services room's front door: what the IPC handlers and the composition root ask for, each answer cached per
// profile where a view paints from the last one (stale-while-revalidate, sourced.ts).
//
// What it offers:
//   Endpoints        the active profile turned into a client (the demo profile starts the demo network once)
//   endpointOf       a profile turned into endpoints, what a shell was given winning (the app's and the CLI's one way)
//   QueryService     the cached single-record queries: chain list, token list, one transfer, one vault record
//   HistoryService   one page of a history at a time, cached; a history loaded whole is src/main/dataset's
//   ActiveHistories  the active profile's histories: "Load all" in one call (its client, every page of one, the
//                    token list), the client and the token list apart (the source the loaded-history engine and
//                    HistoryService are given)
//   TransferTimesService  when a transfer found by its hash was sent and updated, and who said so
//   TssService       the Cross-chain view: the followed chains' board, a traced order, following a chain
//   tssEndpointOf    which TSS API and which followed chains for a profile and a shell's overrides (the app's and
//                    the CLI's one way; a profile naming only a TSS API is answered), tssFollowed the chains
//   checkEndpoint    Settings' "test connection" and the Overview's health card
//   dialectKey       a cache key kept apart per dialect (ours bare, so caches written before dialects keep meaning)
export { endpointOf, Endpoints, type DemoUrls, type EndpointWording, type GivenEndpoint, type ResolvedEndpoint } from './endpoints'
export { QueryService } from './queries'
export { HistoryService } from './history'
export { ActiveHistories } from './history-source'
export { TssService, type ActiveTss } from './tss'
export { tssEndpointOf, tssFollowed, type GivenTss, type TssEndpoint } from './tss-endpoint'
export { TransferTimesService } from './transfer-times'
export { checkEndpoint } from './health'
export { dialectKey } from './sourced'
