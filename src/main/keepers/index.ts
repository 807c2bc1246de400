// The vault's keepers, one face for the app, the CLI and the watcher: who keeps the vault (the relay chain's
// Maintainers and TSSManager), how their nodes are (each compass-tss health server), and whether the vault
// holds what its books say (ViewController against each chain's finalized balance).
export { readKeepers, type KeepersOptions } from './maintainers'
export { readSolvency, FALLBACK_DEPTH, type SolvencyOptions } from './solvency'
export { readNodeHealth, healthTarget } from './health'
export { readKeepersRound, readSolvencyRound, reachableScanners, type KeepersRound, type KeepersRoundOptions, type SolvencyCheck } from './round'
export { KeepersService, type KeepersServiceDeps } from './service'
export { MAINTAINER_ABI, TSS_MANAGER_ABI, VIEW_ABI } from '@shared/keepers-abi'
