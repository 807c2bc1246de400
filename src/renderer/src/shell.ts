// The shell: Svelte, the app's frame and its state. A chunk of its own, fetched beside the first view's
// (main.ts), so neither waits for the other to be parsed before it is asked for.
import { mount } from 'svelte'
import App from './App.svelte'
import { app } from './lib/app-state.svelte'

export function start(): void {
  void app.load()
  const target = document.getElementById('app')
  if (!target) throw new Error('missing #app')
  mount(App, { target })
}
