// Page-side instrumentation for the table figures, installed before the app's scripts. It times the two
// harness calls that feed the Transfers table: history:loadAll ("data received" = its answer parsed) and
// history:rows (a window of rows). For every rows answer it notes when the app has applied it (a macrotask
// after the answer, so Svelte's microtask flush has run), the animation frame after that, and whether real
// rows were on screen then. Everything is in performance.now() time, the timeline of event.timeStamp.
export const TABLE_PROBE = `(() => {
  const b = { loads: [], painted: [], keys: [] };
  Object.defineProperty(window, '__bench', { value: b });
  const realRow = () => !!document.querySelector('[data-testid="transfers-table"] [data-testid="transfer-row"] .mono');
  document.addEventListener('keydown', (e) => {
    if (e.target && e.target.dataset && e.target.dataset.testid === 'transfers-filter') b.keys.push(e.timeStamp);
  }, true);
  // The harness acknowledges a call at once and sends its result over the page's event stream, so a call
  // is noted when posted (its id from the body) and timed when its reply frame has been handed to the app.
  const tracked = new Map();
  const note = (t, at) => {
    if (t.isLoad) b.loads.push(at);
    else setTimeout(() => {
      const applied = performance.now();
      const real = realRow();
      if (real) {
        requestAnimationFrame(() => b.painted.push({ started: t.started, at, applied, painted: performance.now(), real }));
        return;
      }
      // Not on screen yet (a component still mounting, say): the first frame that shows real rows counts,
      // so a late paint is measured as late rather than missed.
      let frames = 0;
      const look = () => {
        if (realRow()) return b.painted.push({ started: t.started, at, applied, painted: performance.now(), real: true });
        if (++frames > 60) return b.painted.push({ started: t.started, at, applied, painted: performance.now(), real: false });
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    }, 0);
  };
  const orig = window.fetch;
  window.fetch = async function (input, init) {
    const url = typeof input === 'string' ? input : input.url;
    const isLoad = url.includes('history%3AloadAll');
    const isRows = url.includes('history%3Arows');
    if (!isLoad && !isRows) return orig.call(this, input, init);
    const t = { isLoad, started: performance.now() };
    try {
      const body = JSON.parse(init && typeof init.body === 'string' ? init.body : '{}');
      if (typeof body.id === 'number') tracked.set(body.id, t);
    } catch {}
    const res = await orig.call(this, input, init);
    if (res.status === 202) return res;
    const json = res.json.bind(res);
    res.json = async () => {
      const value = await json();
      note(t, performance.now());
      return value;
    };
    return res;
  };
  const OrigEventSource = window.EventSource;
  window.EventSource = function (url, options) {
    const source = new OrigEventSource(url, options);
    let handler = null;
    Object.defineProperty(source, 'onmessage', { get: () => handler, set: (fn) => { handler = fn; } });
    source.addEventListener('message', (m) => {
      if (handler) handler.call(source, m);
      // the server writes {"reply":<id>,"result":…}; no backslashes here, this text is a template literal
      const id = m.data.startsWith('{"reply":') ? Number(m.data.slice(9, m.data.indexOf(',', 9))) : NaN;
      const t = tracked.get(id);
      if (t) {
        tracked.delete(id);
        note(t, performance.now());
      }
    });
    return source;
  };
})();`

export interface Probe {
  loads: number[]
  /**
   * per rows answer: posted (started), answer handed to the app (at), the app's update done and the DOM holding
   * the rows (applied: a macrotask later, after Svelte's microtask flush), the next animation frame (painted)
   */
  painted: { started: number; at: number; applied: number; painted: number; real: boolean }[]
  keys: number[]
}
