// renderer_js_gzip_kb: what the built renderer's JavaScript weighs on the wire, each file of
// out/renderer/assets gzipped at level 9 (lazy chunks included: they are part of the app).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Bench } from './lib/suite'

export const bundleSizeBench: Bench = {
  figures: [{ name: 'renderer_js_gzip_kb', unit: 'KB', budget: { op: '<=', target: 300 }, rooms: ['renderer'] }],
  quiet: true,
  async run(ctx) {
    const dir = join(ctx.root, 'out', 'renderer', 'assets')
    const files = readdirSync(dir).filter((f) => f.endsWith('.js'))
    if (files.length === 0) throw new Error(`no JavaScript in ${dir}`)
    const sizes = files.map((f) => {
      const raw = readFileSync(join(dir, f))
      return { f, raw: raw.length, gz: gzipSync(raw, { level: 9 }).length }
    })
    sizes.sort((a, b) => b.gz - a.gz)
    const kb = sizes.reduce((s, x) => s + x.gz, 0) / 1024
    const parts = sizes.map((x) => `${x.f} ${(x.raw / 1024).toFixed(0)} KB → ${(x.gz / 1024).toFixed(1)} KB`)
    return { renderer_js_gzip_kb: { value: kb, runs: [kb], detail: `${files.length} files: ${parts.join('; ')}` } }
  }
}
