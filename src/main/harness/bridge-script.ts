// The page side of the browser harness: installs window.bridgescope with the same shape preload exposes,
// each call forwarded over HTTP to the harness server, push events over server-sent events.
import { API_GLOBAL, CHANNELS, EVENTS, methodName } from '@shared/contract'

export function bridgeScript(): string {
  const methods = Object.fromEntries(CHANNELS.map((c) => [methodName(c), c]))
  return `(() => {
  const methods = ${JSON.stringify(methods)};
  const events = new Set(${JSON.stringify(EVENTS)});
  const api = {};
  for (const [name, channel] of Object.entries(methods)) {
    api[name] = async (input) => {
      try {
        const res = await fetch('/__harness/ipc/' + encodeURIComponent(channel), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ input: input === undefined ? null : input })
        });
        return await res.json();
      } catch (e) {
        return { ok: false, error: { kind: 'network', message: 'The harness server did not answer: ' + (e && e.message) } };
      }
    };
  }
  const listeners = new Map();
  const source = new EventSource('/__harness/events');
  source.onmessage = (m) => {
    let frame;
    try { frame = JSON.parse(m.data); } catch { return; }
    for (const cb of listeners.get(frame.event) || []) cb(frame.payload);
  };
  api.on = (event, cb) => {
    if (!events.has(event)) throw new Error('Unknown event: ' + event);
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event).add(cb);
    return () => listeners.get(event).delete(cb);
  };
  Object.defineProperty(window, ${JSON.stringify(API_GLOBAL)}, { value: Object.freeze(api), writable: false, configurable: false });
})();
`
}
