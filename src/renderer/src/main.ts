import { mount } from 'svelte'
import App from './App.svelte'
import { app } from './lib/app-state.svelte'
import { router } from './lib/router.svelte'
import { views } from './lib/views.svelte'
import './styles.css'

// Everything the first screen needs is asked for before the shell mounts, the first view's data first: its
// code, its cache reads and the settings travel together instead of one after another.
views.open(router.current.view).catch(() => undefined)
void app.load()

const target = document.getElementById('app')
if (!target) throw new Error('missing #app')
export default mount(App, { target })
