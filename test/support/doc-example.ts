// The successors' published examples as the tests read them (test/fixtures/butter, test/fixtures/mapscan):
// the file holds the docs' text byte for byte; this applies the cleaning their SOURCES.md describes and nothing
// else — non-breaking spaces (U+00A0) become spaces, `......` elision lines and the `// Request`, `curl …`,
// `// Result` lines of Bridge Scan's blocks are dropped.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface DocExample {
  /** the example as published */
  published: string
  /** valid JSON: the cleaning applied */
  body: string
  /** the URL of the example's `curl` line, when it has one */
  request: string | null
}

export function docExample(dialect: 'butter' | 'mapscan', file: string): DocExample {
  const published = readFileSync(fileURLToPath(new URL(`../fixtures/${dialect}/${file}`, import.meta.url)), 'utf8')
  let request: string | null = null
  const kept: string[] = []
  for (const line of published.replace(/\u00a0/g, ' ').split('\n')) {
    if (/^\s*\.{6}\s*$/.test(line) || /^\s*\/\/ (Request|Result)\s*$/.test(line)) continue
    const curl = /^\s*curl .*"(https?:\/\/[^"]+)"\s*$/.exec(line)
    if (curl) {
      request = curl[1] ?? null
      continue
    }
    kept.push(line)
  }
  return { published, body: kept.join('\n'), request }
}
