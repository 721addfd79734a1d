// The page: asks the engine (in a Web Worker) and lays out its answers. No figure is computed
// here: every number shown is a field of an answer, as the command line's --json gives it,
// formatted for reading; the charts only scale those numbers to pixels.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { board: null, players: 1, rules: {}, without: [], choices: null };
const timings = { engineMs: null, firstAnswerMs: null, changes: [] };
window.candylandTimings = timings;

// ---- the engine, in a worker built from the bundled source (works from file:// too) ----
// A change while the engine is still busy with an older one ends that worker and starts
// another (the module is compiled once), so the page never waits for a stale answer.
let module = null;
let worker = null;
let nextId = 1;
let broken = false;
const pending = new Map();
function startWorker() {
  worker = new Worker(URL.createObjectURL(new Blob([CANDYLAND_WORKER], { type: "text/javascript" })));
  worker.onmessage = (e) => {
    const done = pending.get(e.data.id);
    pending.delete(e.data.id);
    if (e.data.answer && e.data.answer.broken) broken = true;
    if (done) done(e.data.answer);
  };
  return post({ module });
}
function post(message) {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, ...message });
  });
}
async function restartIfBusy() {
  if (pending.size === 0 && worker && !broken) return;
  if (worker) worker.terminate();
  broken = false;
  for (const done of pending.values()) done({ ok: false, kind: "Superseded", error: "superseded" });
  pending.clear();
  const ready = await startWorker();
  if (!ready.ok) throw new Error(ready.error);
}
function ask(question, extra) {
  const width = window.innerWidth < 700 ? 60 : 80;
  return post({
    request: {
      ask: question, board: state.board, players: state.players,
      rules: state.rules, without: state.without, width, ...extra,
    },
  });
}

// ---- number style: as the command line writes it ----
const fixed6 = (x) => Number(x).toFixed(6);
// Six significant digits (the command line's JSON to the digit a reader needs); a chance
// below 1 never shows as 1.
const sig6 = (x) => {
  const s = String(Number(Number(x).toPrecision(6)));
  return s === "1" && x < 1 ? "> 0.999999" : s;
};
const percent = (p) => (p < 1 && Number(p * 100).toPrecision(6) === "100.000" ? "> 99.9999" : Number(p * 100).toPrecision(6)) + " %";
const turns = (t) => `${t} turns`;

function figures(dl, rows) {
  dl.replaceChildren();
  for (const [label, value, key] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.textContent = value;
    if (key) dd.dataset.figure = key;
    dl.append(dt, dd);
  }
}

// ---- the distribution: one bar per turn, as the answer's pmf gives it ----
// The tallest bar is the mode's (the answer's `mode`): its chance labels the axis.
function chart(pmf, last, mode) {
  const n = Math.min(pmf.length, last + 1);
  const top = pmf[mode];
  const w = Math.max(300, Math.min(640, $("chart").clientWidth || 640));
  const h = 220, left = 70, bottom = 30, right = 8, topPad = 10;
  const bw = (w - left - right) / n;
  const y = (p) => topPad + (h - topPad - bottom) * (1 - p / top);
  let bars = "";
  for (let t = 0; t < n; t++) {
    if (pmf[t] > 0) {
      bars += `<rect x="${(left + t * bw).toFixed(2)}" y="${y(pmf[t]).toFixed(2)}" width="${Math.max(bw - 0.3, 0.5).toFixed(2)}" height="${(h - bottom - y(pmf[t])).toFixed(2)}" fill="#8a4fbf"/>`;
    }
  }
  let ticks = "";
  const step = n * 40 / w > 20 ? 50 : n * 40 / w > 10 ? 20 : 10;
  for (let t = 0; t < n; t += step) {
    ticks += `<text x="${(left + t * bw).toFixed(1)}" y="${h - 12}" text-anchor="middle">${t}</text>`;
  }
  ticks += `<text x="${left - 6}" y="${y(top) + 4}" text-anchor="end">${sig6(top)}</text><text x="${left + mode * bw}" y="${topPad - 1}" text-anchor="middle">mode</text><text x="${left - 6}" y="${h - bottom}" text-anchor="end">0</text>`;
  $("chart").innerHTML =
    `<svg viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="Probability that a game lasts exactly t turns, for each t">` +
    `<line x1="${left}" y1="${h - bottom}" x2="${w - right}" y2="${h - bottom}" stroke="#999"/>${bars}${ticks}` +
    `<text x="${(w + left) / 2}" y="${h - 1}" text-anchor="middle">turns (P(game lasts exactly t turns))</text></svg>`;
}

function showOne(answer) {
  const a = answer.answer;
  $("one-text").textContent = answer.text;
  $("one-board").textContent = a.description ? `${a.board}: ${a.description}` : a.board || "";
  $("chart").replaceChildren();
  if (typeof a.mean !== "number" || !Array.isArray(a.quantiles)) {
    // Another shape (moments only, a game that may never end): the command line's own words.
    figures($("one-figures"), []);
    const pre = document.createElement("pre");
    pre.textContent = answer.text;
    $("chart").append(pre);
    return;
  }
  // A figure past a cut distribution is a bound, and says so as the command line does.
  const lastComputed = a.pmf.length - 1;
  const turnsOf = (t) => (a.truncated && t > lastComputed ? `> ${t - 1} turns` : turns(t));
  const q = (p) => a.quantiles.find((x) => Math.abs(x.p - p) < 1e-9);
  const rows = [["expected turns", (a.truncated ? "> " : "") + fixed6(a.mean), "mean"]];
  if (typeof a.sd === "number") rows.push(["standard deviation", fixed6(a.sd), "sd"]);
  if (typeof a.median === "number") {
    rows.push(["median", (a.median_lower_bound ? "at least " : "") + turnsOf(a.median), "median"]);
  }
  for (const p of [0.9, 0.99]) {
    const x = q(p);
    if (x) rows.push([`${Math.round(p * 100)}% of games end by`, turnsOf(x.turns), `q${Math.round(p * 100)}`]);
  }
  for (const t of a.tail || []) {
    rows.push([`P(longer than ${t.turns} turns)`, (a.truncated ? ">= " : "") + sig6(t.probability), `tail${t.turns}`]);
  }
  if (typeof a.home === "number") rows.push(["chance to reach home", sig6(a.home), "home"]);
  if (a.policy) rows.push(["computer player's policy", a.policy, "policy"]);
  rows.push(["states of the chain", String(a.states), "states"]);
  if (a.truncated) rows.push(["distribution cut at", `turn ${lastComputed}`, "cut"]);
  figures($("one-figures"), rows);
  const last = (q(0.999) || q(0.99) || { turns: lastComputed }).turns;
  if (typeof a.mode === "number") chart(a.pmf, Math.min(last, lastComputed), a.mode);
}

function showTable(answer) {
  $("table-text").textContent = answer.text;
  const row = answer.answer.rows && answer.answer.rows[0];
  const ff = row && row.exact && row.exact.first_finisher;
  if (!ff) {
    $("seats").replaceChildren();
    figures($("rounds"), [["", answer.text]]);
    return;
  }
  $("table-title").textContent = `${row.players} players`;
  const table = $("seats");
  table.innerHTML = "<thead><tr><th>seat</th><th>chance to win</th><th>expected place</th></tr></thead>";
  const body = document.createElement("tbody");
  ff.win.forEach((p, i) => {
    const tr = document.createElement("tr");
    const place = row.exact.everyone && row.exact.everyone.mean_place ? fixed6(row.exact.everyone.mean_place[i]) : "";
    // With a chance left undecided (a cut distribution) each seat's is a lower bound.
    const bound = ff.undecided > 0 ? ">= " : "";
    tr.innerHTML = `<td>${i + 1}</td><td data-figure="win${i + 1}">${bound}${percent(p)}</td><td data-figure="place${i + 1}">${place}</td>`;
    body.append(tr);
  });
  table.append(body);
  const rows = [
    ["rounds until the first finishes", fixed6(ff.rounds.mean), "rounds"],
    ["median", `${ff.rounds.median} rounds`, "rounds_median"],
  ];
  for (const q of ff.rounds_quantiles || []) {
    // A quantile past the cut is a bound: "> r - 1 rounds", as the text says it.
    const shown = q.lower_bound ? `> ${q.rounds - 1} rounds` : `${q.rounds} rounds`;
    rows.push([`${Math.round(q.p * 100)}% of games within`, shown, `rounds_q${Math.round(q.p * 100)}`]);
  }
  if (ff.undecided > 0) rows.push(["chance left undecided", sig6(ff.undecided), "undecided"]);
  rows.push(["turns in all until then", fixed6(ff.turns.mean), "turns"]);
  figures($("rounds"), rows);
}

function fail(answer, where) {
  if (where) where.textContent = answer.error;
  else {
    $("error").textContent = answer.error;
    $("error").dataset.kind = answer.kind;
  }
}

function clearAnswers() {
  $("error").textContent = "";
  for (const id of ["one-figures", "rounds", "seats", "chart"]) $(id).replaceChildren();
  for (const id of ["forever-text", "whatif-text", "one-text", "table-text", "one-board"]) $(id).textContent = "";
}

// ---- one change: every answer again, in order, with progress ----
let generation = 0;
const steps = {};
async function update() {
  const mine = ++generation;
  const started = performance.now();
  const status = $("status");
  const stale = () => mine !== generation;
  await restartIfBusy();
  if (stale()) return;
  clearAnswers();
  for (const k of Object.keys(steps)) delete steps[k];
  status.dataset.state = "working";
  const plan = [
    ["one player's game", "analyze", (a) => showOne(a), null],
    state.players > 1 ? [`${state.players} players`, "players", (a) => showTable(a), $("rounds")] : null,
    ["whether it can run forever", "forever", (a) => ($("forever-text").textContent = a.text), $("forever-text")],
    ["what each element is worth", "whatif", (a) => ($("whatif-text").textContent = a.text), $("whatif-text")],
  ].filter(Boolean);
  $("table").classList.toggle("hidden", state.players <= 1);
  let mainMs = null;
  for (let i = 0; i < plan.length; i++) {
    const [what, question, show, where] = plan[i];
    status.textContent = `Working out ${what} (${i + 1} of ${plan.length})…`;
    const answer = await ask(question);
    if (stale()) return;
    steps[question] = answer.ok ? "ok" : answer.error;
    if (answer.ok) show(answer);
    else {
      fail(answer, where);
      // No board, no other answer.
      if (i === 0) break;
    }
    // The main figures (one player, and the table of players) are what a change waits for.
    if (question === "analyze" && state.players <= 1) mainMs = performance.now() - started;
    if (question === "players") mainMs = performance.now() - started;
  }
  const ms = performance.now() - started;
  timings.changes.push({ mainMs, allMs: ms });
  if (timings.firstAnswerMs === null) timings.firstAnswerMs = performance.now();
  status.dataset.state = "done";
  status.textContent = `Done in ${(ms / 1000).toFixed(2)} s.`;
}

// ---- choosing a board, players and rules ----
async function loadChoices() {
  const mine = generation;
  await restartIfBusy();
  const c = await ask("choices");
  if (mine !== generation) return;
  state.choices = c.ok ? c.answer : null;
  const box = $("rules");
  box.replaceChildren();
  if (!state.choices) return;
  for (const rule of state.choices.rules) {
    const label = document.createElement("label");
    label.textContent = `--${rule.key}`;
    const select = document.createElement("select");
    select.dataset.rule = rule.key;
    rule.words.forEach((word, i) => {
      const o = new Option(word, String(i));
      if (word === rule.board) o.selected = true;
      select.append(o);
    });
    select.onchange = () => {
      const i = Number(select.value);
      if (rule.words[i] === rule.board) delete state.rules[rule.key];
      else state.rules[rule.key] = rule.values[i];
      update();
    };
    label.append(select);
    box.append(label);
  }
  for (const el of state.choices.elements) {
    const label = document.createElement("label");
    const check = document.createElement("input");
    check.type = "checkbox";
    check.dataset.without = el.name;
    check.onchange = () => {
      state.without = [...box.querySelectorAll("input[data-without]:checked")].map((c) => c.dataset.without);
      update();
    };
    label.append(check, ` --without ${el.name}: ${el.what}`);
    box.append(label);
  }
}

async function chooseBoard(board) {
  state.board = board;
  state.rules = {};
  state.without = [];
  await loadChoices();
  await update();
}

function openFile(file) {
  return file.text().then(
    (text) => {
      $("board").value = "";
      return chooseBoard({ file: file.name, text });
    },
    (e) => fail({ ok: false, kind: "BadInput", error: `${file.name}: could not be read: ${e}` }, null),
  );
}

async function start() {
  const t0 = performance.now();
  try {
    const bytes = Uint8Array.from(atob(CANDYLAND_WASM), (c) => c.charCodeAt(0));
    module = await WebAssembly.compile(bytes);
    const ready = await startWorker();
    if (!ready.ok) throw new Error(ready.error);
  } catch (e) {
    $("status").textContent = `This browser could not start the engine (WebAssembly): ${e}`;
    $("status").dataset.state = "failed";
    throw e;
  }
  timings.engineMs = performance.now() - t0;
  const list = await ask("boards");
  const boards = list.answer.items;
  const select = $("board");
  for (const g of list.groups) {
    const group = document.createElement("optgroup");
    group.label = g.heading;
    for (const b of boards.filter((b) => b.group === g.group)) {
      const o = new Option(`${b.name}: ${b.description}`, b.name);
      if (b.default) o.selected = true;
      group.append(o);
    }
    if (group.children.length) select.append(group);
  }
  select.append(new Option("(a board file you opened)", ""));
  select.onchange = () => select.value && chooseBoard({ name: select.value });
  const boxSelect = $("box");
  boxSelect.append(new Option("(choose your box, or a board below)", ""));
  list.boxes.forEach((b, i) => boxSelect.append(new Option(b.box, String(i))));
  boxSelect.onchange = () => {
    const b = list.boxes[Number(boxSelect.value)];
    if (!b) return;
    $("box-note").textContent = `${b.exact ? `${b.board}, exactly` : `try ${b.board}`}: ${b.note}.`;
    select.value = b.board;
    chooseBoard({ name: b.board });
  };
  $("players").onchange = () => {
    state.players = Number($("players").value);
    update();
  };
  $("file").onchange = (e) => {
    const file = e.target.files[0];
    // Cleared, so that opening the same file again (after editing it) is a change too.
    e.target.value = "";
    if (file) openFile(file);
  };
  // A file dropped anywhere but the drop box is not opened in place of the page.
  window.addEventListener("dragover", (e) => e.preventDefault());
  window.addEventListener("drop", (e) => e.preventDefault());
  const drop = $("drop");
  drop.ondragover = (e) => { e.preventDefault(); drop.classList.add("over"); };
  drop.ondragleave = () => drop.classList.remove("over");
  drop.ondrop = (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    if (e.dataTransfer.files[0]) openFile(e.dataTransfer.files[0]);
  };
  await chooseBoard({ name: select.value });
}

// For tests and scripts: set the page as a user would, and read what it shows.
window.candylandPage = {
  ready: start(),
  async set({ board, players, file, text }) {
    $("players").value = String(players || 1);
    state.players = players || 1;
    if (text !== undefined) await openFile(new File([text], file || "board.toml"));
    else {
      $("board").value = board;
      await chooseBoard({ name: board });
    }
  },
  read() {
    const shown = {};
    for (const el of document.querySelectorAll("[data-figure]")) shown[el.dataset.figure] = el.textContent;
    return { shown, steps: { ...steps }, error: $("error").textContent, status: $("status").dataset.state };
  },
};
