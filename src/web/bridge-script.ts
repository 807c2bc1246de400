// The page side of the browser harness: installs window.bridgescope with the same shape preload exposes.
// A call goes over the page's WebSocket to the harness server, which answers on the same socket and sends
// push events there too. So a slow call holds nothing up: calls are answered in whatever order they finish,
// as Electron's IPC answers them. Calls made while no socket is open (the first screen's data, while the page
// is still loading; or while a dropped socket reconnects) are not held until it opens, as Electron's IPC,
// ready from the start, would not hold them: they are answered on their own HTTP request.
import { API_GLOBAL, CHANNELS, EVENTS, methodName } from '@shared/contract'

/** Where the page loads this script from; every page the shell serves names it, so it marks the shell too. */
export const BRIDGE_SCRIPT_PATH = '/__harness/bridge.js'
/** Where the page opens its WebSocket; server.ts answers it there. */
export const SOCKET_PATH = '/__harness/socket'
/** The query parameter of the page's address (and its socket's) that carries the launch's key. */
export const KEY_PARAM = 'key'
/** The header an HTTP call carries the key in. */
export const KEY_HEADER = 'x-bridgescope-key'

export function bridgeScript(): string {
  const methods = Object.fromEntries(CHANNELS.map((c) => [methodName(c), c]))
  return `(() => {
  const methods = ${JSON.stringify(methods)};
  const events = new Set(${JSON.stringify(EVENTS)});
  const api = {};
  const listeners = new Map();
  // the launch's key, from the address the shell printed; every call and the socket present it
  const key = new URLSearchParams(location.search).get(${JSON.stringify(KEY_PARAM)}) || '';
  const unanswered = (why) => ({ ok: false, error: { kind: 'network', message: 'The harness server did not answer: ' + why } });
  // id -> { ws, done }: the socket a call went out on, and how to hand its answer to the caller
  const pending = new Map();
  let nextId = 0;
  let socket = null;
  let retryMs = 250;
  const connect = () => {
    const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + ${JSON.stringify(SOCKET_PATH)} + '?' + ${JSON.stringify(KEY_PARAM)} + '=' + encodeURIComponent(key));
    ws.onopen = () => { socket = ws; retryMs = 250; };
    ws.onmessage = (m) => {
      let frame;
      try { frame = JSON.parse(m.data); } catch { return; }
      if (frame.reply !== undefined) {
        const call = pending.get(frame.reply);
        if (call) { pending.delete(frame.reply); call.done(frame.result); }
        return;
      }
      for (const cb of listeners.get(frame.event) || []) cb(frame.payload);
    };
    ws.onclose = (e) => {
      if (socket === ws) socket = null;
      // the calls sent on it will get no answer; say so rather than leave them waiting
      for (const [id, call] of pending) {
        if (call.ws !== ws) continue;
        pending.delete(id);
        call.done(unanswered('the connection closed before the answer came' + (e.reason ? ' (' + e.reason + ')' : '') + '.'));
      }
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };
  connect();
  for (const [name, channel] of Object.entries(methods)) {
    api[name] = async (input) => {
      const arg = input === undefined ? null : input;
      const ws = socket;
      if (ws && ws.readyState === 1) {
        const id = ++nextId;
        return new Promise((done) => {
          pending.set(id, { ws, done });
          try {
            ws.send(JSON.stringify({ id, channel, input: arg }));
          } catch (e) {
            pending.delete(id);
            done(unanswered(e && e.message));
          }
        });
      }
      try {
        const res = await fetch('/__harness/ipc/' + encodeURIComponent(channel), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ${JSON.stringify(KEY_HEADER)}: key },
          body: JSON.stringify({ input: arg })
        });
        return await res.json();
      } catch (e) {
        return unanswered(e && e.message);
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
