// The page: asks the engine (in a Web Worker) and lays out its answers. No figure is computed
// here: every number shown is a field of an answer, as the command line's --json gives it,
// formatted for reading; the charts only scale those numbers to pixels.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { board: null, players: 1, rules: {}, without: [], choices: null };
const timings = { engineMs: null, firstAnswerMs: null, changes: [] };
window.candylandTimings = timings;

// ---- the engine, in a worker built from the bundled source (works from file:// too) ----
const worker = new Worker(URL.createObjectURL(new Blob([CANDYLAND_WORKER], { type: "text/javascript" })));
let nextId = 1;
const pending = new Map();
worker.onmessage = (e) => {
  const done = pending.get(e.data.id);
  pending.delete(e.data.id);
  if (done) done(e.data.answer);
};
function post(message) {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ id, ...message });
  });
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
const sig6 = (x) => String(Number(Number(x).toPrecision(6)));
const percent = (p) => Number(p * 100).toPrecision(6) + " %";
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
function chart(pmf, last) {
  const n = Math.min(pmf.length, last + 1);
  const top = Math.max(...pmf.slice(0, n));
  const w = 640, h = 220, left = 70, bottom = 30, right = 8, topPad = 10;
  const bw = (w - left - right) / n;
  const y = (p) => topPad + (h - topPad - bottom) * (1 - p / top);
  let bars = "";
  for (let t = 0; t < n; t++) {
    if (pmf[t] > 0) {
      bars += `<rect x="${(left + t * bw).toFixed(2)}" y="${y(pmf[t]).toFixed(2)}" width="${Math.max(bw - 0.3, 0.5).toFixed(2)}" height="${(h - bottom - y(pmf[t])).toFixed(2)}" fill="#8a4fbf"/>`;
    }
  }
  let ticks = "";
  const step = n > 200 ? 50 : n > 80 ? 20 : 10;
  for (let t = 0; t < n; t += step) {
    ticks += `<text x="${(left + t * bw).toFixed(1)}" y="${h - 12}" text-anchor="middle">${t}</text>`;
  }
  ticks += `<text x="${left - 6}" y="${y(top) + 4}" text-anchor="end">${sig6(top)}</text><text x="${left - 6}" y="${h - bottom}" text-anchor="end">0</text>`;
  $("chart").innerHTML =
    `<svg viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="Probability that a game lasts exactly t turns, for each t">` +
    `<line x1="${left}" y1="${h - bottom}" x2="${w - right}" y2="${h - bottom}" stroke="#999"/>${bars}${ticks}` +
    `<text x="${(w + left) / 2}" y="${h - 1}" text-anchor="middle">turns (P(game lasts exactly t turns))</text></svg>`;
}

function showOne(answer) {
  const a = answer.answer;
  $("one-text").textContent = answer.text;
  $("one-board").textContent = a.description ? `${a.board}: ${a.description}` : a.board || "";
  if (typeof a.mean !== "number" || !Array.isArray(a.quantiles)) {
    // Another shape (a game played by computer players, moments only, a game that may never
    // end): the command line's own words.
    figures($("one-figures"), []);
    $("chart").replaceChildren();
    const pre = document.createElement("pre");
    pre.textContent = answer.text;
    $("chart").append(pre);
    return;
  }
  const q = (p) => a.quantiles.find((x) => Math.abs(x.p - p) < 1e-9);
  const rows = [
    ["expected turns", fixed6(a.mean), "mean"],
    ["standard deviation", fixed6(a.sd), "sd"],
    ["median", turns(a.median), "median"],
  ];
  for (const p of [0.9, 0.99]) {
    const x = q(p);
    if (x) rows.push([`${Math.round(p * 100)}% of games end by`, turns(x.turns), `q${Math.round(p * 100)}`]);
  }
  for (const t of a.tail || []) {
    rows.push([`P(longer than ${t.turns} turns)`, sig6(t.probability), `tail${t.turns}`]);
  }
  rows.push(["states of the chain", String(a.states), "states"]);
  figures($("one-figures"), rows);
  const last = (q(0.999) || q(0.99) || { turns: a.pmf.length - 1 }).turns;
  chart(a.pmf, last);
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
    tr.innerHTML = `<td>${i + 1}</td><td data-figure="win${i + 1}">${percent(p)}</td><td>${place}</td>`;
    body.append(tr);
  });
  table.append(body);
  const rows = [
    ["rounds until the first finishes", fixed6(ff.rounds.mean), "rounds"],
    ["median", `${ff.rounds.median} rounds`, "rounds_median"],
  ];
  for (const q of ff.rounds_quantiles || []) {
    rows.push([`${Math.round(q.p * 100)}% of games within`, `${q.rounds} rounds`, `rounds_q${Math.round(q.p * 100)}`]);
  }
  rows.push(["turns in all until then", fixed6(ff.turns.mean), "turns"]);
  figures($("rounds"), rows);
}

function fail(answer, where) {
  $("error").textContent = answer.error;
  $("error").dataset.kind = answer.kind;
  if (where) where.textContent = answer.error;
}

function clearAnswers() {
  $("error").textContent = "";
  for (const id of ["one-figures", "rounds", "seats", "chart"]) $(id).replaceChildren();
  for (const id of ["forever-text", "whatif-text", "one-text", "table-text", "one-board"]) $(id).textContent = "";
}

// ---- one change: every answer again, in order, with progress ----
let generation = 0;
async function update() {
  const mine = ++generation;
  const started = performance.now();
  const status = $("status");
  const stale = () => mine !== generation;
  clearAnswers();
  status.dataset.state = "working";
  const steps = [
    ["one player's game", "analyze", (a) => showOne(a), null],
    state.players > 1 ? [`${state.players} players`, "players", (a) => showTable(a), null] : null,
    ["whether it can run forever", "forever", (a) => ($("forever-text").textContent = a.text), $("forever-text")],
    ["what each element is worth", "whatif", (a) => ($("whatif-text").textContent = a.text), $("whatif-text")],
  ].filter(Boolean);
  $("table").classList.toggle("hidden", state.players <= 1);
  let mainMs = null;
  for (let i = 0; i < steps.length; i++) {
    const [what, question, show, where] = steps[i];
    status.textContent = `Working out ${what} (${i + 1} of ${steps.length})…`;
    const answer = await ask(question);
    if (stale()) return;
    if (answer.ok) show(answer);
    else {
      fail(answer, where);
      if (i === 0) break;
    }
    // The main figures (one player, and the table of players) are what a change waits for.
    if (question === "analyze" && state.players <= 1) mainMs = performance.now() - started;
    if (question === "players") mainMs = performance.now() - started;
  }
  if (stale()) return;
  const ms = performance.now() - started;
  timings.changes.push({ mainMs, allMs: ms });
  if (timings.firstAnswerMs === null) timings.firstAnswerMs = performance.now();
  status.dataset.state = "done";
  status.textContent = `Done in ${(ms / 1000).toFixed(2)} s.`;
}

// ---- choosing a board, players and rules ----
async function loadChoices() {
  const c = await ask("choices");
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
  return file.text().then((text) => {
    $("board").value = "";
    return chooseBoard({ file: file.name, text });
  });
}

async function start() {
  const t0 = performance.now();
  const bytes = Uint8Array.from(atob(CANDYLAND_WASM), (c) => c.charCodeAt(0));
  await post({ wasm: bytes.buffer });
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
    $("box-note").textContent = (b.exact ? `${b.board}: ` : "") + b.note;
    select.value = b.board;
    chooseBoard({ name: b.board });
  };
  $("players").onchange = () => {
    state.players = Number($("players").value);
    update();
  };
  $("file").onchange = (e) => e.target.files[0] && openFile(e.target.files[0]);
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
    return { shown, error: $("error").textContent, status: $("status").dataset.state };
  },
};
