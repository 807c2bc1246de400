// Each view is its own chunk. A window evaluates the shell and the view it opens on, not all nine: with
// every view in one bundle, the Tokens view's first row waited on parsing and running the code of Transfers,
// Vault, Settings… (and zod, which only the Vault view's compare needs). No runes here: the entry module
// asks for the first view before Svelte itself has arrived (views.svelte.ts is the reactive side).
import type { Component } from 'svelte'
import { prefetch } from './api'
import type { ViewId } from './route'

type Loader = () => Promise<{ default: Component }>

const loaders: Record<ViewId, Loader> = {
  overview: () => import('../views/OverviewView.svelte'),
  transfers: () => import('../views/TransfersView.svelte'),
  transfer: () => import('../views/TransferView.svelte'),
  tokens: () => import('../views/TokensView.svelte'),
  chains: () => import('../views/ChainsView.svelte'),
  vault: () => import('../views/VaultView.svelte'),
  crosschain: () => import('../views/CrossChainView.svelte'),
  activity: () => import('../views/ActivityView.svelte'),
  charts: () => import('../views/ChartsView.svelte'),
  settings: () => import('../views/SettingsView.svelte')
}

// The cache reads a view makes first, asked for while its chunk is still loading (api.ts prefetch); the
// view's own identical calls take the answers. A read listed here that the view stops making costs one
// unused cache lookup, nothing else.
const firstReads: Partial<Record<ViewId, () => void>> = {
  tokens: () => {
    prefetch('tokens:list', { prefer: 'cache' })
    prefetch('chains:list', { prefer: 'cache' })
  },
  chains: () => prefetch('chains:list', { prefer: 'cache' }),
  crosschain: () => prefetch('tss:board', { prefer: 'cache' })
}

const pending: Partial<Record<ViewId, Promise<Component>>> = {}

/** A view's component, fetched once; a failed fetch is forgotten, so the next visit asks again. */
export function fetchView(id: ViewId): Promise<Component> {
  let p = pending[id]
  if (!p) {
    p = loaders[id]().then(
      (m) => m.default,
      (e: unknown) => {
        delete pending[id]
        throw e
      }
    )
    pending[id] = p
  }
  return p
}

/** The view the window opens on: its data and its code are asked for together. */
export function openView(id: ViewId): void {
  firstReads[id]?.()
  fetchView(id).catch(() => undefined)
}
