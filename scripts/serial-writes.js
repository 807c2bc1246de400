// Preloaded into electronegativity (node --import ./scripts/serial-writes.js ...). Its CSV writer starts the
// header write (flag 'w') and the rows write (flag 'a') on the same file without waiting for the first, so
// the header can land on top of the first row and corrupt the report. Here writes to one path run in the
// order they were started.
import fs from 'node:fs'

const original = fs.writeFile
const queues = new Map()

fs.writeFile = function writeFileInOrder(path, data, options, callback) {
  const cb = typeof options === 'function' ? options : callback
  const opts = typeof options === 'function' ? undefined : options
  const key = typeof path === 'string' ? path : null
  if (key === null || typeof cb !== 'function') return original.apply(this, arguments)
  const previous = queues.get(key) ?? Promise.resolve()
  const next = previous.then(
    () =>
      new Promise((resolve) => {
        const done = (err) => {
          resolve()
          cb(err)
        }
        if (opts === undefined) original.call(fs, key, data, done)
        else original.call(fs, key, data, opts, done)
      })
  )
  queues.set(key, next)
}
