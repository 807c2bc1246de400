// The page side of the browser harness: installs window.bridgescope with the same shape preload exposes.
// A call is posted to the harness server, which acknowledges it at once and sends the result back over this
// page's server-sent-event stream, like push events. So a slow call holds no HTTP connection: the browser's
// six connections per origin never queue the app's calls behind each other, as Electron's IPC would not.
// Calls made before the stream is open (the first screen's data, while the page is still loading) are not
// held until it opens, as Electron's IPC, ready from the start, would not hold them: they are answered on
// their own request.
import { API_GLOBAL, CHANNELS, EVENTS, methodName } from '@shared/contract'

export function bridgeScript(): string {
  const methods = Object.fromEntries(CHANNELS.map((c) => [methodName(c), c]))
  return `(() => {
  const methods = ${JSON.stringify(methods)};
  const events = new Set(${JSON.stringify(EVENTS)});
  const api = {};
  const client = (crypto.randomUUID && crypto.randomUUID()) || String(Math.random()).slice(2);
  const pending = new Map();
  let nextId = 0;
  const listeners = new Map();
  const source = new EventSource('/__harness/events?client=' + encodeURIComponent(client));
  let streamOpen = false;
  source.addEventListener('open', () => { streamOpen = true; });
  // a stream that broke is reopened by EventSource; meanwhile calls wait on their own request
  source.addEventListener('error', () => { streamOpen = false; });
  source.onmessage = (m) => {
    let frame;
    try { frame = JSON.parse(m.data); } catch { return; }
    if (frame.reply !== undefined) {
      const done = pending.get(frame.reply);
      if (done) { pending.delete(frame.reply); done(frame.result); }
      return;
    }
    for (const cb of listeners.get(frame.event) || []) cb(frame.payload);
  };
  for (const [name, channel] of Object.entries(methods)) {
    api[name] = async (input) => {
      try {
        const streamed = streamOpen;
        const id = ++nextId;
        const reply = streamed ? new Promise((ok) => pending.set(id, ok)) : null;
        const res = await fetch('/__harness/ipc/' + encodeURIComponent(channel), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(streamed ? { input: input === undefined ? null : input, client, id } : { input: input === undefined ? null : input })
        });
        if (res.status === 202 && reply) return await reply;
        pending.delete(id);
        return await res.json();
      } catch (e) {
        return { ok: false, error: { kind: 'network', message: 'The harness server did not answer: ' + (e && e.message) } };
      }
    };
  }
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
