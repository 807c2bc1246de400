#!/usr/bin/env node
// npm run web [-- --port N --data-dir DIR]: the app in a browser, wired to the real main-process handlers.
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { ensureBuild, root } from './ensure-build.js'

ensureBuild()
const { runWebShellCli } = await import(pathToFileURL(join(root, 'out', 'node', 'web.js')).href)
await runWebShellCli(process.argv.slice(2))
