// The entry holds only what starts the first screen's requests, so they leave as soon as this small file
// has arrived: the first view's chunk and cache reads, the settings, and the shell (Svelte and the app's
// frame) — in parallel, instead of the view's code and data waiting on the whole bundle's evaluation.
import { prefetch } from './lib/api'
import { parseRoute } from './lib/route'
import { openView } from './lib/view-chunks'
import './styles.css'

openView(parseRoute(location.hash).view)
prefetch('app:info')
prefetch('settings:get')
void import('./shell').then(({ start }) => start())
