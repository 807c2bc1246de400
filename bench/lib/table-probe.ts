// Page-side instrumentation for the table figures, installed before the app's scripts. It times the two
// harness calls that feed the Transfers table: history:loadAll ("data received" = its answer parsed) and
// history:rows (a window of rows). For every rows answer it notes when the app has applied it to the DOM,
// the animation frame after the answer (the one that paints it), and whether real rows were on screen then.
// Everything is in performance.now() time, the timeline of event.timeStamp.
export const TABLE_PROBE = `(() => {
  const b = { loads: [], painted: [], keys: [] };
  Object.defineProperty(window, '__bench', { value: b });
  const realRow = () => !!document.querySelector('[data-testid="transfers-table"] [data-testid="transfer-row"] .mono');
  document.addEventListener('keydown', (e) => {
    if (e.target && e.target.dataset && e.target.dataset.testid === 'transfers-filter') b.keys.push(e.timeStamp);
  }, true);
  // A call goes out on the harness's WebSocket (or, with none open, as its own HTTP request): it is noted when
  // sent (its id from the frame) and timed when its reply frame has been handed to the app.
  const tracked = new Map();
  // The app applies an answer within the task that hands it over (its await and Svelte's flush are microtasks),
  // and the first animation frame after that task is the frame that paints it. "applied" is the end of the
  // answer's DOM changes: a MutationObserver's callback, the microtask after them, counted up to that frame.
  // (It was a timer task after the answer: when a frame, or a queued key-up that forces layout, ran before the
  // timer, "applied" included that whole frame, so the same DOM update read 5 to 20 ms later by chance.)
  // An answer that changes nothing in the DOM counts as applied at that timer, or at the frame if sooner.
  const note = (t, at) => {
    if (t.isLoad) return b.loads.push(at);
    let applied = NaN;
    let timer = NaN;
    let framed = false;
    const changes = new MutationObserver(() => {
      if (!framed) applied = performance.now();
    });
    changes.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    setTimeout(() => { timer = performance.now(); }, 0);
    // Not on screen yet (a component still mounting, say): the first frame that shows real rows counts,
    // so a late paint is measured as late rather than missed.
    let frames = 0;
    const look = () => {
      if (!framed) {
        framed = true;
        changes.disconnect();
        if (Number.isNaN(applied)) applied = Number.isNaN(timer) ? performance.now() : timer;
      }
      const real = realRow();
      if (real || ++frames > 60) return b.painted.push({ started: t.started, at, applied, painted: performance.now(), real });
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  };
  const orig = window.fetch;
  window.fetch = async function (input, init) {
    const url = typeof input === 'string' ? input : input.url;
    const isLoad = url.includes('history%3AloadAll');
    const isRows = url.includes('history%3Arows');
    if ((!isLoad && !isRows) || (window.__ref && window.__ref.busy)) return orig.call(this, input, init);
    const t = { isLoad, started: performance.now() };
    const res = await orig.call(this, input, init);
    const json = res.json.bind(res);
    res.json = async () => {
      const value = await json();
      const result = value && (value.result || value);
      if (isLoad && result && result.ok && result.value) b.datasetId = result.value.datasetId;
      note(t, performance.now());
      return value;
    };
    return res;
  };
  const OrigWebSocket = window.WebSocket;
  const send = OrigWebSocket.prototype.send;
  OrigWebSocket.prototype.send = function (data) {
    // the reference kit's own questions (page-reference.ts) are not the app's: not timed
    if (typeof data === 'string' && data.includes('"channel":"history:') && !(window.__ref && window.__ref.busy)) {
      try {
        const call = JSON.parse(data);
        if (call.channel === 'history:loadAll' || call.channel === 'history:rows') tracked.set(call.id, { isLoad: call.channel === 'history:loadAll', started: performance.now() });
      } catch {}
    }
    return send.call(this, data);
  };
  window.WebSocket = function (url, protocols) {
    const ws = protocols === undefined ? new OrigWebSocket(url) : new OrigWebSocket(url, protocols);
    let handler = null;
    Object.defineProperty(ws, 'onmessage', { get: () => handler, set: (fn) => { handler = fn; } });
    ws.addEventListener('message', (m) => {
      if (handler) handler.call(ws, m);
      // the server writes {"reply":<id>,"result":…}; no backslashes here, this text is a template literal
      const id = typeof m.data === 'string' && m.data.startsWith('{"reply":') ? Number(m.data.slice(9, m.data.indexOf(',', 9))) : NaN;
      const t = tracked.get(id);
      if (t) {
        tracked.delete(id);
        // the loaded history's id, for the reference kit to ask main for the same rows
        if (t.isLoad) {
          const i = m.data.indexOf('"datasetId":"');
          if (i !== -1) b.datasetId = m.data.slice(i + 13, m.data.indexOf('"', i + 13));
        }
        note(t, performance.now());
      }
    });
    return ws;
  };
  window.WebSocket.prototype = OrigWebSocket.prototype;
  for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) window.WebSocket[k] = OrigWebSocket[k];
})();`

export interface Probe {
  loads: number[]
  /**
   * per rows answer: posted (started), answer handed to the app (at), the app's DOM changes for it done (applied:
   * the last mutation before the next frame), the start of the animation frame that paints it (painted)
   */
  painted: { started: number; at: number; applied: number; painted: number; real: boolean }[]
  keys: number[]
  /** the loaded history's id, from the last history:loadAll answer */
  datasetId?: string
}
