// Each view is its own chunk. A window evaluates the shell and the view it opens on, not all nine: with
// every view in one bundle, the Tokens view's first row waited on parsing and running the code of Transfers,
// Vault, Settings… (and zod, which only the Vault view's compare needs). Another view's chunk is asked for
// when the pointer or focus reaches its link, so it is usually there by the click; a background prefetch
// would compete with the first view's own work.
import type { Component } from 'svelte'
import { prefetch } from './api'
import type { ViewId } from './router.svelte'

type Loader = () => Promise<{ default: Component }>

const loaders: Record<ViewId, Loader> = {
  overview: () => import('../views/OverviewView.svelte'),
  transfers: () => import('../views/TransfersView.svelte'),
  transfer: () => import('../views/TransferView.svelte'),
  tokens: () => import('../views/TokensView.svelte'),
  chains: () => import('../views/ChainsView.svelte'),
  vault: () => import('../views/VaultView.svelte'),
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
  chains: () => prefetch('chains:list', { prefer: 'cache' })
}

export class ViewLoader {
  /** the views whose code has arrived; raw: a component is a function, never made reactive itself */
  loaded = $state.raw<Partial<Record<ViewId, Component>>>({})
  /** why a view's code failed to arrive (a chunk missing after an update, say), until it does */
  failed = $state.raw<Partial<Record<ViewId, string>>>({})
  /** not state: what is on its way matters to load(), not to the page */
  private readonly pending: Partial<Record<ViewId, Promise<Component>>> = {}

  constructor(private readonly loadersById: Record<ViewId, Loader> = loaders) {}

  /** The view the window opens on: its data and its code are asked for together. */
  open(id: ViewId): Promise<Component> {
    firstReads[id]?.()
    return this.load(id)
  }

  load(id: ViewId): Promise<Component> {
    let pending = this.pending[id]
    if (!pending) {
      pending = this.loadersById[id]().then(
        (m) => {
          this.loaded = { ...this.loaded, [id]: m.default }
          if (this.failed[id] !== undefined) this.failed = { ...this.failed, [id]: undefined }
          return m.default
        },
        (e: unknown) => {
          // forgotten, so the next visit (or Retry) asks again
          delete this.pending[id]
          this.failed = { ...this.failed, [id]: e instanceof Error ? e.message : String(e) }
          throw e
        }
      )
      this.pending[id] = pending
    }
    return pending
  }
}

export const views = new ViewLoader()
