// The first-paint reference: the least a page built as the app's is costs in this browser at this moment. A
// module script (Svelte's runtime and one component, built by vite as the app's renderer is) asks its server
// for the rows over the loopback, as the app asks for its cached rows, and draws them. Unlike a static page,
// it parses, compiles and runs script and waits for an answer, so a busy machine slows it as it slows the app.
import { mount } from 'svelte'
import Rows from './Rows.svelte'
import type { Row } from './row'

const params = new URL(location.href).searchParams
const testid = (params.get('testid') ?? 'row').replace(/[^\w-]/g, '')
const target = document.getElementById('rows')
if (!target) throw new Error('the reference page has no #rows element')
const res = await fetch(`./rows.json?rows=${encodeURIComponent(params.get('rows') ?? '1')}`, { cache: 'no-store' })
const rows = (await res.json()) as Row[]
mount(Rows, { target, props: { rows, testid } })
