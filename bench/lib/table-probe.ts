// Page-side instrumentation for the table figures, installed before the app's scripts. It times the two
// harness calls that feed the Transfers table: history:loadAll ("data received" = its answer parsed) and
// history:rows (a window of rows). For every rows answer it notes the animation frame after the app has
// applied it (a macrotask after the answer, so Svelte's microtask flush has run) and whether real rows were
// on screen then. Everything is in performance.now() time, the timeline of event.timeStamp.
export const TABLE_PROBE = `(() => {
  const b = { loads: [], painted: [], keys: [] };
  Object.defineProperty(window, '__bench', { value: b });
  const realRow = () => !!document.querySelector('[data-testid="transfers-table"] [data-testid="transfer-row"] .mono');
  document.addEventListener('keydown', (e) => {
    if (e.target && e.target.dataset && e.target.dataset.testid === 'transfers-filter') b.keys.push(e.timeStamp);
  }, true);
  const orig = window.fetch;
  window.fetch = async function (input, init) {
    const url = typeof input === 'string' ? input : input.url;
    const isLoad = url.includes('history%3AloadAll');
    const isRows = url.includes('history%3Arows');
    const started = performance.now();
    const res = await orig.call(this, input, init);
    if (!isLoad && !isRows) return res;
    const json = res.json.bind(res);
    res.json = async () => {
      const value = await json();
      const at = performance.now();
      if (isLoad) b.loads.push(at);
      else setTimeout(() => requestAnimationFrame(() => b.painted.push({ started, at, painted: performance.now(), real: realRow() })), 0);
      return value;
    };
    return res;
  };
})();`

export interface Probe {
  loads: number[]
  painted: { started: number; at: number; painted: number; real: boolean }[]
  keys: number[]
}
