// The engine's thread: compiles the WebAssembly module it is sent and answers each request
// with it, so that long work never freezes the page. Every figure is the library's; this file
// only moves bytes.
let engine = null;

function call(request) {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const at = engine.request_buffer(bytes.length);
  new Uint8Array(engine.memory.buffer, at, bytes.length).set(bytes);
  const len = engine.ask();
  const out = new Uint8Array(engine.memory.buffer, engine.answer_pointer(), len);
  return JSON.parse(new TextDecoder().decode(out));
}

self.onmessage = async (event) => {
  const { id, module, request } = event.data;
  try {
    if (module) {
      const imports = { env: { now_ms: () => performance.now() } };
      const instance = await WebAssembly.instantiate(module, imports);
      engine = instance.exports;
      self.postMessage({ id, answer: { ok: true } });
      return;
    }
    const started = performance.now();
    const answer = call(request);
    self.postMessage({ id, answer, ms: performance.now() - started });
  } catch (e) {
    // A trap is a bug of the engine, not of the board: say so (the page replaces this worker
    // before its next question).
    self.postMessage({
      id,
      answer: { ok: false, kind: "Internal", broken: true, error: "the engine stopped: " + e },
    });
  }
};
