// The views' chunks as state the shell renders from (the fetching itself is view-chunks.ts). Another
// view's chunk is asked for when the pointer or focus reaches its link, so it is usually there by the
// click; a background prefetch would compete with the first view's own work.
import type { Component } from 'svelte'
import type { ViewId } from './route'
import { fetchView } from './view-chunks'

export class ViewLoader {
  /** the views whose code has arrived; raw: a component is a function, never made reactive itself */
  loaded = $state.raw<Partial<Record<ViewId, Component>>>({})
  /** why a view's code failed to arrive (a chunk missing after an update, say), until it does */
  failed = $state.raw<Partial<Record<ViewId, string>>>({})
  /** not state: what is on its way matters to load(), not to the page */
  private readonly pending: Partial<Record<ViewId, Promise<Component>>> = {}

  constructor(private readonly fetch: (id: ViewId) => Promise<Component> = fetchView) {}

  load(id: ViewId): Promise<Component> {
    let pending = this.pending[id]
    if (!pending) {
      pending = this.fetch(id).then(
        (c) => {
          this.loaded = { ...this.loaded, [id]: c }
          if (this.failed[id] !== undefined) this.failed = { ...this.failed, [id]: undefined }
          return c
        },
        (e: unknown) => {
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
