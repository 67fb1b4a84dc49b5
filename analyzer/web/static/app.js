// The page of `pinochle serve`: picks a hand, asks the JSON API (the same data as `pinochle bid --json`)
// and shows the advice. No framework: the page is one form and one result.
"use strict";
const SUITS = ["S", "H", "D", "C"];
const SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const $ = (id) => document.getElementById(id);
// rules: the rule set every request sends (a built-in's id, a house file's id, or a house-rule file's text)
const state = { info: null, rules: "auction", hand: [], calls: [], job: null, source: null, meldSeq: 0, auction: null,
                auctionKey: "", auctionSeq: 0, builtins: new Set(), house: {} };
// the rule-set choice "your own house rules": the text pasted or loaded (checked by the server once used)
const OWN = "own";

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids) e.append(k);
  return e;
}

// The API answers the command line's one-line messages and notes; the page has controls, not flags: say
// them in the page's words (never "type --auction ...").
const CONTROL = {
  seat: "your seat", dealer: "the dealer", samples: "samples", seed: "seed", upcard: "the upcard",
  auction: "the calls so far", play: "play", option: "the game's options", hand: "your hand", rules: "the rule set",
  policy: "the policy", json: "the JSON", "dd-samples": "the double-dummy deals", "dd-trumps": "the trumps checked",
  "dd-max-nodes": "the node budget", known: "known cards", risk: "risk", leader: "the first leader", score: "the score",
  played: "the tricks", shown: "the cards the others showed",
};
function forPage(text) {
  return String(text ?? "")
    .replace(/;\s*--dd-samples, --dd-trumps and --dd-max-nodes set them/g, "")
    .replace(/;\s*dd_samples, dd_trumps and max_nodes set them/g, "")
    .replace(/;\s*dd_samples, dd_trumps, max_nodes and dd_tricks_left set them/g, "")
    .replace(/;\s*dd_tricks_left (\d+) solves whole deals/g, "")
    .replace(/\s*\(dd_samples\)/g, "")
    .replace(/play mode 'both' adds a check on (\d+) deals, 'dd' a double-dummy analysis/g,
             "the play \u201cheuristic + double-dummy check\u201d adds a check on $1 deals")
    .replace(/ask again for it, or choose play mode both to wait for it/g,
             "analyse again for it, or choose \u201cheuristic + double-dummy check\u201d to wait for it")
    .replace(/\s*\(--dd-samples\)/g, "")
    .replace(/give the calls so far with --auction, e\.g\. --auction '([^']*)'/g,
             "add the calls so far under \u201cCalls so far\u201d (e.g. $1), or choose another seat or dealer")
    .replace(/no --auction: the seats before yours passed \(([^)]*)\); give the real calls with --auction/g,
             "no calls listed: the seats before yours passed ($1); add the real calls under \u201cCalls so far\u201d")
    .replace(/no deal meets the constraints \(the accept test\) in (\d+) tries: loosen them/g,
             "no sampled deal fits what the calls say about the other hands ($1 tries): check the calls, your seat " +
             "and the dealer")
    .replace(/add --upcard (\S+) \(it names trump\)/g, "give the upcard (it names trump), e.g. $1")
    .replace(/run the command again for it, or add --play both to wait for it/g,
             "analyse again for it, or choose \u201cheuristic + double-dummy check\u201d to wait for it")
    .replace(/--play both adds a check on (\d+) deals \(--dd-samples, --dd-max-nodes\), --play dd a double-dummy analysis/g,
             "the play \u201cheuristic + double-dummy check\u201d adds a check on $1 deals")
    .replace(/--play both/g, "the play \u201cheuristic + double-dummy check\u201d")
    .replace(/--([a-z][a-z-]*)/g, (m, flag) => CONTROL[flag] || flag.replace(/-/g, " "));
}

function showError(id, text) { $(id).textContent = forPage(text); }

async function api(path, body, method, signal) {
  const resp = await fetch(path, {
    method: method || (body === undefined ? "GET" : "POST"),
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const data = await resp.json().catch(() => ({ error: `HTTP ${resp.status}` }));
  if (!resp.ok) {
    const err = new Error(data.error || `HTTP ${resp.status}`);
    err.status = resp.status;
    throw err;
  }
  return data;
}

function options() {
  const out = {};
  for (const sel of document.querySelectorAll("#options select")) {
    if (sel.value !== sel.dataset.default) out[sel.name] = sel.value;
  }
  return out;
}

function cardLabel(name) {
  const s = name.slice(-1);
  return el("span", { class: s === "H" || s === "D" ? "red" : "" }, name.slice(0, -1) + SYMBOL[s]);
}

function order(name) {
  const ranks = state.info.deck.ranks;
  return SUITS.indexOf(name.slice(-1)) * 100 + ranks.indexOf(name.slice(0, -1));
}

// ---- rule set -------------------------------------------------------------------------------------------
// The games built in, the house-rule files shipped (GET /api/house: chosen by their id) and the player's own house
// rules (a house-rule file's text, pasted or loaded): every request sends the choice in its `rules` field, and the
// server reads a text with the command line's loader (a bad one: one line under the text).
async function loadRuleList() {
  const [list, house] = await Promise.all([api("/api/rules"), api("/api/house").catch(() => [])]);
  const sel = $("rules");
  sel.append(el("optgroup", { label: "Games" }, ...list.map((r) => el("option", { value: r.id }, r.name))));
  for (const r of list) state.builtins.add(r.id);
  if (house.length) {
    sel.append(el("optgroup", { label: "House rules" }, ...house.map((h) => el("option", { value: h.id, title: h.summary },
      `${h.id} (house rules)`))));
  }
  for (const h of house) state.house[h.id] = h.text;
  sel.append(el("option", { value: OWN }, "Your own house rules\u2026"));
  sel.value = "auction";
  sel.addEventListener("change", chooseRules);
  $("house-apply").addEventListener("click", () => useHouseText());
  $("house-file").addEventListener("change", async () => {
    const f = $("house-file").files[0];
    if (!f) return;
    $("house-text").value = await f.text();
    useHouseText();
  });
  await loadRules(state.rules, "error", true);
}

function chooseRules() {
  const v = $("rules").value;
  $("house-box").hidden = v !== OWN;
  $("house-error").textContent = "";
  if (v === OWN) {  // a house file to start from: the one in use
    if (!$("house-text").value.trim()) $("house-text").value = state.house[state.rules] || "";
    return;
  }
  dropPlayAdvice();
  if (state.info) clearAdvice();  // the advice on screen is the old game's: gone at once
  loadRules(v, "error", true);
}

// the text under "Your own house rules" as the rule set, once the server has read it
async function useHouseText() {
  const text = $("house-text").value;
  if (!text.trim()) { $("house-error").textContent = "paste a house-rule file or load one"; return; }
  if (await loadRules(text, "house-error", true)) dropPlayAdvice();
}

// the rule set `rules` with the options chosen (fresh: a new rule set, its defaults): the page set up for it; a
// refusal shows its one line under `errorId` and leaves the rule set in use as it was
async function loadRules(rules = state.rules, errorId = "error", fresh = false) {
  let info;
  try {
    info = await api("/api/rules", { rules, options: fresh ? {} : options() });
  } catch (e) { showError(errorId, e.message); return false; }
  $(errorId).textContent = "";
  const switched = !state.info || state.rules !== rules || state.info.id !== info.id;
  if (state.info) clearAdvice();
  state.info = info;
  state.rules = rules;
  if (fresh) $("options").replaceChildren();
  // a record names its rule set: a built-in game or a shipped house file by id, pasted house rules by their id (the
  // review reads such a record with the same house rules chosen)
  $("rules-summary").textContent = info.summary || "";
  $("bidding-rules").replaceChildren(...info.bidding_text.map((t) => el("li", {}, t)));
  if (!$("options").children.length) {
    for (const [name, o] of Object.entries(info.options)) {
      const sel = el("select", { name, "data-default": String(o.default), title: o.help });
      for (const c of o.choices) sel.append(el("option", { value: String(c) }, String(c)));
      sel.value = String(o.value);
      sel.addEventListener("change", () => { dropPlayAdvice(); loadRules(); });
      $("options").append(el("label", {}, name + " ", sel));
    }
  }
  const ranks = new Set(info.deck.ranks);
  state.hand = state.hand.filter((c) => ranks.has(c.slice(0, -1))).slice(0, info.hand_size);
  // a seat or dealer chosen in another game is not carried over (seat 0 dealing in double deck holds the
  // opening bid and cannot open): a new game starts at its defaults; an option change keeps them
  for (const [id, keep] of [["seat", 1], ["dealer", 0], ["call-seat", null]]) {
    const sel = $(id), old = sel.value;
    sel.replaceChildren(...Array.from({ length: info.seats }, (_, i) => el("option", { value: i }, `seat ${i}`)));
    sel.value = !switched && old !== "" && Number(old) < info.seats ? old : String(keep ?? 0);
  }
  $("upcard-label").hidden = !info.stock;
  $("auction-box").hidden = !info.has_bidding;
  $("bidding-box").querySelector("summary").textContent = info.has_bidding ? "Bidding rules" : "No bidding";
  state.calls = [];
  setupPlay(switched);
  renderPicker(); renderHand(); renderCalls();
  return true;
}

// ---- the hand -------------------------------------------------------------------------------------------
function held(name) { return state.hand.filter((c) => c === name).length; }

function renderPicker() {
  const info = state.info, full = state.hand.length >= info.hand_size;
  const rows = SUITS.map((s) => el("div", { class: "suit" },
    el("span", { class: "suit-name " + (s === "H" || s === "D" ? "red" : ""), title: SUIT_NAME[s] }, SYMBOL[s]),
    ...info.deck.ranks.map((r) => {
      const name = r + s, left = info.deck.copies - held(name);
      return el("button", {
        type: "button", class: "card", "data-card": name, disabled: left <= 0 || full,
        title: left <= 0 ? `no more ${name} in the deck` : `add ${name}`,
        onclick: () => addCard(name),
      }, cardLabel(name), el("span", { class: "left" }, `${left} left`));
    })));
  $("picker").replaceChildren(...rows);
  const c = $("count");
  c.textContent = `${state.hand.length} / ${info.hand_size} cards`;
  c.classList.toggle("full", full);
}

function addCard(name) {
  if (state.hand.length >= state.info.hand_size || held(name) >= state.info.deck.copies) return;
  state.hand.push(name);
  renderHand();
}

function removeCard(i) { state.hand.splice(i, 1); renderHand(); }

function renderHand() {
  state.hand.sort((a, b) => order(a) - order(b));
  $("hand").replaceChildren(...state.hand.map((c, i) => el("button", {
    type: "button", class: "chip", "data-card": c, title: `take ${c} out`, onclick: () => removeCard(i),
  }, cardLabel(c))));
  $("hand-text").value = state.hand.join(" ");
  $("hand-error").textContent = "";
  renderPicker();
  updateMeld();
  askPlay();
}

function applyTyped() {
  const words = $("hand-text").value.toUpperCase().replace(/10/g, "T").split(/[\s,]+/).filter(Boolean);
  const info = state.info, hand = [];
  for (const w of words) {
    const r = w.slice(0, -1), s = w.slice(-1);
    if (!info.deck.ranks.includes(r) || !SUITS.includes(s)) {
      $("hand-error").textContent = `unknown card ${w}: use ranks ${info.deck.ranks.join(" ")} and suits S H D C`;
      return;
    }
    if (hand.filter((c) => c === w).length >= info.deck.copies) {
      $("hand-error").textContent = `too many ${w}: the deck has ${info.deck.copies}`;
      return;
    }
    hand.push(w);
  }
  if (hand.length > info.hand_size) {
    $("hand-error").textContent = `too many cards: ${info.hand_size} make a hand, ${hand.length} typed`;
    return;
  }
  state.hand = hand;
  renderHand();
}

async function updateMeld() {
  const seq = ++state.meldSeq;
  const table = $("meld");
  if (!state.hand.length) { table.replaceChildren(); return; }
  let rep;
  try {
    rep = await api("/api/meld", { rules: state.rules, options: options(), hand: state.hand.join(" "),
                                   partial: true });
  } catch (e) { if (seq === state.meldSeq) showError("hand-error", e.message); return; }
  if (seq !== state.meldSeq) return;
  const rows = [el("tr", {}, el("th", {}, "trump"), el("th", {}, "meld"), el("th", { class: "left" }, "breakdown"))];
  const trump = upcardSuit();  // two-handed: the upcard names trump, whatever meld is best
  $("meld-trump-note").textContent = !state.info.stock ? ""
    : trump ? `trump ${SUIT_NAME[trump]}: the upcard's suit` : "give the upcard: it names trump";
  for (const s of SUITS) {
    const parts = rep.breakdown[s].map((m) => `${m.label || m.meld}${m.suit ? " " + m.suit : ""}${m.n > 1 ? " \u00d7" + m.n : ""} ${m.points}`);
    const best = state.info.stock ? s === trump : rep.best.includes(s);
    rows.push(el("tr", { class: best ? "best" : "", "data-suit": s }, el("td", {}, cardLabel(s === "H" || s === "D" ? "\u00a0" + s : "\u00a0" + s)),
      el("td", {}, String(rep.meld[s])), el("td", { class: "left" }, parts.join(", ") || "\u2014")));
  }
  table.replaceChildren(...rows);
}

function upcardSuit() {
  if (!state.info || !state.info.stock) return null;
  const w = $("upcard").value.trim().toUpperCase().replace(/^10/, "T");
  const r = w.slice(0, -1), s = w.slice(-1);
  return state.info.deck.ranks.includes(r) && SUITS.includes(s) ? s : null;
}

// ---- the auction ----------------------------------------------------------------------------------------
function nextSeat() {
  const n = state.info.seats, dealer = Number($("dealer").value);
  const passed = new Set(state.calls.filter((c) => c.bid === null).map((c) => c.seat));
  let seat = state.calls.length ? state.calls[state.calls.length - 1].seat : dealer;
  for (let i = 0; i < n; i++) { seat = (seat + 1) % n; if (!passed.has(seat)) break; }
  return seat;
}

function renderCalls() {
  $("calls").replaceChildren(...(state.calls.length ? state.calls.map((c, i) => el("button", {
    type: "button", class: "chip", title: "take this call back", onclick: () => { state.calls.splice(i); renderCalls(); },
  }, `${c.seat}: ${c.bid === null ? "pass" : c.bid}`)) : [el("span", { class: "note" }, "none")]));
  $("calls-note").textContent = state.calls.length
    ? "Click a call to take it (and the ones after it) back."
    : "No calls: the seats before yours passed and this is your opening call.";
  if (state.info && state.info.has_bidding) {
    $("call-seat").value = String(nextSeat());
    const high = Math.max(0, ...state.calls.filter((c) => c.bid !== null).map((c) => c.bid));
    const b = state.info.bidding;
    $("call-bid").value = high ? high + (b.multiple_above && high >= b.multiple_above ? b.multiple : b.step) : b.opening;
  }
  checkAuction();
}

// the calls listed, as the API's auction text ("1:16 2:pass 3:18"); "" when none
function callsText() {
  return state.calls.map((c) => `${c.seat}:${c.bid === null ? "pass" : c.bid}`).join(" ");
}

// What the calls so far decide (POST /api/auction). Once they run to the last pass, the winner and the contract
// are the play's declarer and bid (filled in, not edited by hand) and every play request sends the calls and the
// dealer, so the deals read the calls' clues as the bid advice reads them. A change of the calls, the dealer or
// the game clears the play advice; the play waits for the server's reading of the new calls.
async function checkAuction() {
  if (!state.info) return;
  const text = state.info.has_bidding ? callsText() : "";
  const key = JSON.stringify([state.rules, options(), $("dealer").value, text]);
  if (key === state.auctionKey) { applyAuction(); return; }  // the same calls: their reading stands
  state.auctionKey = key;
  const seq = ++state.auctionSeq;
  state.auction = text ? { pending: true } : null;
  applyAuction();
  askPlay();
  if (!text) return;
  let a;
  try {
    a = await api("/api/auction", { rules: state.rules, options: options(), dealer: Number($("dealer").value),
                                    auction: text });
  } catch (e) { a = { error: e.message }; }
  if (seq !== state.auctionSeq) return;
  state.auction = a;
  applyAuction();
  askPlay();
}

// the auction the play follows: the calls listed, when they are a whole auction won by a seat (else null)
function playAuction() {
  const a = state.auction;
  return a && a.done && a.winner !== null && a.winner !== undefined ? a : null;
}

// the play's contract inputs and the line under them, from the calls so far
function applyAuction() {
  const a = state.auction, won = playAuction();
  $("declarer").disabled = !!won;
  $("bid").disabled = !!won;
  if (won) { $("declarer").value = String(won.winner); $("bid").value = String(won.contract); }
  $("declarer").title = $("bid").title = won ? "set by the calls so far: take a call back to change it" : "";
  // the server's reading of whose call it is (rounds, the dealer's hold): once over, no call may be added
  const over = !!(a && a.done);
  $("add-bid").disabled = over;
  $("add-pass").disabled = over;
  if (over) $("calls-note").textContent = "The auction is over. Click a call to take it (and the ones after it) back.";
  else if (a && a.turn !== undefined && a.turn !== null) {
    $("call-seat").value = String(a.turn);
    $("call-bid").value = String(a.min_bid);
  }
  $("play-auction").textContent = !a || a.pending || a.thrown_in ? ""
    : a.error ? `The calls so far cannot be read (${forPage(a.error)}): the play does not use them.`
    : won ? `From the calls so far (${won.auction}, seat ${won.dealer} dealing): ` +
      (won.forced ? won.outcome : `seat ${won.winner} won the auction at ${won.contract}`) +
      ". The deals read the calls as the bid advice does; take a call back to set the " +
      "contract by hand."
    : `The calls so far are not a whole auction yet (seat ${a.turn} is to call): give the contract here. The deals ` +
      "read the calls once they run to the last pass.";
}

function addCall(pass) {
  const bid = pass ? null : Number($("call-bid").value);
  if (!pass && !(bid > 0)) { $("error").textContent = "give the bid as a number"; return; }
  state.calls.push({ seat: Number($("call-seat").value), bid });
  $("error").textContent = "";
  renderCalls();
}

// ---- the analysis ---------------------------------------------------------------------------------------
function request() {
  const body = {
    rules: state.rules, options: options(), hand: state.hand.join(" "),
    seat: Number($("seat").value), dealer: Number($("dealer").value),
    samples: Number($("samples").value), seed: Number($("seed").value),
  };
  if ($("play").value) body.play = $("play").value;
  if (state.info.stock) body.upcard = $("upcard").value.trim().toUpperCase() || null;
  if (state.info.has_bidding && state.calls.length) body.auction = callsText();
  if ($("score").value.trim()) body.score = $("score").value.trim();
  return body;
}

function busy(on) {
  $("analyse").disabled = on;
  $("cancel").hidden = !on;
  $("progress").hidden = !on;
}

async function analyse() {
  $("error").textContent = "";
  const n = state.info.hand_size;
  if (state.hand.length !== n) { $("error").textContent = `pick ${n} cards: ${state.hand.length} so far`; return; }
  const started = await followJob("/api/jobs", request(), state, {
    error: "error", progress: "progress-text", busy, running: "dealing and playing out", after: askPlay,
    done: async (id) => showResult(await api(`/api/jobs/${id}`)) });
  if (started) askPlay();  // says the play advice waits for the analysis
}

// A job the page follows: POST `body` to `path`, then the job's events until it ends. `slot` ({job, source}) holds
// it; `ui` names its parts: `error` and `progress` the ids of its error line and progress text, `busy(on)` shows it
// running, `running` the words while a worker has it, `done(id)` takes the finished job, `after()` (if given) runs
// when it could not start or has ended. One analysis per client: a play advice still running gives way, and a
// refusal for that (429) is asked again for a few seconds. Returns whether the job started.
async function followJob(path, body, slot, ui) {
  stopPlayRequests();
  let job;
  for (let tries = 0; ; tries++) {
    try { job = await api(path, body); break; } catch (e) {
      // the server stops a play advice the page gave up on within a second or so: ask again meanwhile
      if (e.status === 429 && tries < 10) { await sleep(500); continue; }
      showError(ui.error, e.message);
      if (ui.after) ui.after();
      return false;
    }
  }
  slot.job = job.id;
  ui.busy(true);
  $(ui.progress).textContent = "queued";
  const src = new EventSource(`/api/jobs/${job.id}/events`);
  slot.source = src;
  src.onmessage = async (ev) => {
    const st = JSON.parse(ev.data);
    if (st.state === "queued") $(ui.progress).textContent = `waiting for a worker (${st.queued_ahead} ahead)`;
    else if (st.state === "running") $(ui.progress).textContent = `${ui.running}\u2026 ${st.elapsed.toFixed(0)} s`;
    if (["done", "error", "cancelled"].includes(st.state)) {
      src.close(); slot.source = null; slot.job = null; ui.busy(false);
      if (st.state === "done") await ui.done(st.id);
      else showError(ui.error, st.state === "cancelled" ? `cancelled: ${st.error}` : st.error);
      if (ui.after) ui.after();
    }
  };
  src.onerror = () => {
    if (slot.source !== src || src.readyState !== EventSource.CLOSED) return;
    slot.source = null; slot.job = null; ui.busy(false);
    if (ui.after) ui.after();
  };
  return true;
}

// Stop the job `slot` follows (its events closed, the server asked to cancel it; `busy(false)` shows it stopped);
// whether there was one.
async function stopJob(slot, busy) {
  if (!slot.job) return false;
  const id = slot.job;
  if (slot.source) { slot.source.close(); slot.source = null; }
  slot.job = null;
  busy(false);
  try { await api(`/api/jobs/${id}`, undefined, "DELETE"); } catch (e) { /* already over */ }
  return true;
}

// the advice on screen belongs to the game, hand and table it was asked for: a new game clears it (and stops
// an analysis still running for the old one)
function clearAdvice() {
  if (state.job) cancel(true);
  $("results").hidden = true;
  for (const id of ["call", "ceiling", "auction-note", "chart-note", "error"]) $(id).textContent = "";
  $("call").title = "";
  for (const id of ["trumps", "dd", "notes", "aim"]) $(id).replaceChildren();
  $("aim-box").hidden = true;
  $("game-box").hidden = true;
  $("game").replaceChildren();
  $("chart").hidden = true;
  $("chart").removeAttribute("src");
  $("download").href = "#";
}

async function cancel(quiet) {
  if (await stopJob(state, busy) && !quiet) { $("error").textContent = "cancelled"; askPlay(); }
}

const pct = (p) => `${Math.round(100 * p)}%`;
const sign = (x) => (x >= 0 ? "+" : "") + x.toFixed(1);

// "Melds to aim for" (two-handed): how often the hand scored each meld and its mean points, when the API gives it
function showAim(melds) {
  const box = $("aim-box");
  if (!Array.isArray(melds) || !melds.length) { box.hidden = true; $("aim").replaceChildren(); return; }
  $("aim").replaceChildren(el("tr", {}, el("th", {}, "meld"), el("th", {}, "scored in"), el("th", {}, "mean points")),
    ...melds.map((m) => el("tr", {}, el("td", {}, m.meld), el("td", {}, pct(m.share.p)),
      el("td", {}, m.mean_points.toFixed(2)))));
  box.hidden = false;
}

function showGame(g) {  // --score: each call's chance of winning the game (GameFigures)
  $("game-box").hidden = !g;
  if (!g) { $("game").replaceChildren(); return; }
  const t = g.totals, score = t.length === 2 ? `${t[g.my_unit]}-${t[1 - g.my_unit]}, yours first`
    : `${t.join("-")} by seat, hand ${g.hands_played + 1}`;
  $("game-title").textContent = `For the game (score ${score}; before this hand ${(100 * g.chance_now.mean).toFixed(1)}%)`;
  $("game-text").textContent = forPage(g.text);
  const rows = g.calls;  // the calls judged for the game
  $("game").replaceChildren(el("tr", {}, ...["call", "chance of winning (95%)", "wins it now", "loses it now", "net"].map((h) => el("th", {}, h))),
    ...rows.map((c) => el("tr", { class: c.call === g.call_for_game ? "best" : "" },
      el("td", {}, c.call + (c.call === g.call_by_points && c.call !== g.call_for_game ? " (by points)" : "")),
      el("td", {}, `${(100 * c.chance.mean).toFixed(1)}% (${(100 * c.chance.lo).toFixed(1)}–${(100 * c.chance.hi).toFixed(1)}%)`),
      el("td", {}, pct(c.wins_game_now)), el("td", {}, pct(c.loses_game_now)), el("td", {}, sign(c.net.mean)))));
}

function showTwoHandedGame(g) {  // two-handed --score: the hand's chance of winning the game (HandGame)
  $("game-box").hidden = !g;
  $("game").replaceChildren();
  if (!g) return;
  const pc = (x) => `${(100 * x).toFixed(1)}%`;
  $("game-title").textContent = `For the game (score ${g.score[0]}-${g.score[1]}, yours first; to ${g.target})`;
  $("game-text").textContent = `Your chance of winning the game: ${pc(g.chance_now.mean)} before this hand, ` +
    `${pc(g.chance.mean)} (${pc(g.chance.lo)}\u2013${pc(g.chance.hi)}) after it; this hand wins the game on ` +
    `${pct(g.wins_game_now.p)} of the deals and loses it on ${pct(g.loses_game_now.p)}.`;
}

function showResult(job) {
  const r = job.result;
  prefillPlay(r);
  $("results").hidden = false;
  $("download").href = `/api/jobs/${job.id}/result.json`;
  const trumps = $("trumps");
  const chart = $("chart");
  $("dd").replaceChildren();
  $("notes").replaceChildren(...(r.notes || []).map((n) => el("li", {}, forPage(n))));
  $("call").title = "";
  showAim(r.melds);
  if (r.upcard !== undefined && r.analyses === undefined) {  // two-handed: whole-hand analysis
    $("call").textContent = `Trump ${SUIT_NAME[r.trump]} (the upcard ${r.upcard}): expected score ` +
      `${r.score.mean.toFixed(1)} against ${r.opp_score.mean.toFixed(1)}`;
    $("ceiling").textContent = `Difference ${sign(r.difference.mean)} (95% ${sign(r.difference.lo)} to ` +
      `${sign(r.difference.hi)}); you outscore the opponent ${pct(r.outscore.p)} of the time.`;
    $("auction-note").textContent = r.dix && r.dix.advice ? forPage(`Dix: ${r.dix.advice}`) : "";
    trumps.replaceChildren(
      el("tr", {}, el("th", {}, ""), el("th", {}, "you"), el("th", {}, "opponent")),
      el("tr", {}, el("td", {}, "meld"), el("td", {}, r.meld.mean.toFixed(1)), el("td", {}, r.opp_meld.mean.toFixed(1))),
      el("tr", {}, el("td", {}, "trick points (95%)"), el("td", {}, `${r.trick_points.mean.toFixed(1)} \u00b1${((r.trick_points.hi - r.trick_points.lo) / 2).toFixed(1)}`),
        el("td", {}, r.opp_trick_points.mean.toFixed(1))),
      el("tr", {}, el("td", {}, "score"), el("td", {}, r.score.mean.toFixed(1)), el("td", {}, r.opp_score.mean.toFixed(1))));
    chart.hidden = true;
    $("chart-note").textContent = "two-handed has no bidding: no bid chart";
    showTwoHandedGame(r.game);
    return;
  }
  const rec = r.recommendation, call = r.call;
  const trumpName = SUIT_NAME[rec.trump];
  const game = r.analyses && r.analyses[0] && r.analyses[0].game;
  $("call").textContent = rec.action === "too-few" || rec.action === "trump" ? forPage(rec.text)
    : call && rec.bid !== null ? `Call now${game ? " (for the game)" : ""}: Bid ${rec.bid}, naming ${trumpName} if it wins`
    : call ? `Call now${game ? " (for the game)" : ""}: Pass` : rec.text;
  showGame(game);
  if (r.name_trump || rec.action === "too-few") {  // the auction is won (name trump), or too few deals to advise
    $("ceiling").textContent = "";
    $("auction-note").textContent = r.auction ? forPage(`${r.auction.kept} deals kept of ${r.auction.tried} dealt by the calls' clues`) : "";
    trumps.replaceChildren(...(r.name_trump ? [el("tr", {}, ...["trump", "net (95%)", "make", "meld + tricks"].map((h) => el("th", {}, h))),
      ...r.name_trump.map((t) => el("tr", { class: t.trump === rec.trump ? "best" : "" },
        el("td", {}, cardLabel("\u00a0" + t.trump)), el("td", {}, `${sign(t.net.mean)} (${sign(t.net.lo)} to ${sign(t.net.hi)})`),
        el("td", {}, pct(t.make.p)), el("td", {}, t.points.mean.toFixed(1))))] : []));
    chart.hidden = true;
    $("chart-note").textContent = "";
    $("dd").replaceChildren();
    return;
  }
  $("call").title = rec.text;
  const c = r.ceiling;
  $("ceiling").textContent = c ? c.text : "";  // the library's sentence (CeilingFigures.text)
  $("auction-note").textContent = forPage(r.auction ? `${r.auction.text} (${r.auction.kept} deals kept of ${r.auction.tried} dealt by the calls' clues)` : rec.text);
  const a = r.analyses[0], partners = a.trumps[0].partner_meld !== null;
  const head = ["trump", "own meld", ...(partners ? ["partner meld"] : []), "trick points (95%)", "total", "ceiling"];
  trumps.replaceChildren(el("tr", {}, ...head.map((h) => el("th", {}, h))),
    ...a.trumps.map((t) => el("tr", { class: t.trump === rec.trump ? "best" : "" },
      el("td", {}, cardLabel("\u00a0" + t.trump)), el("td", {}, String(t.own_meld)),
      ...(partners ? [el("td", {}, t.partner_meld.mean.toFixed(1))] : []),
      el("td", {}, `${t.trick_points.mean.toFixed(1)} \u00b1${((t.trick_points.hi - t.trick_points.lo) / 2).toFixed(1)}`),
      el("td", {}, t.total.mean.toFixed(1)), el("td", {}, t.max_bid === null ? "\u2014" : String(t.max_bid)))));
  if (job.chart) {
    chart.src = `${job.chart}?t=${Date.now()}`;
    chart.hidden = false;
    $("chart-note").textContent = `with ${trumpName} trump, ${r.samples} sampled deals; the JSON has every level`;
  } else { chart.hidden = true; $("chart-note").textContent = ""; }
  const dd = r.double_dummy;
  if (dd) {
    const from = dd.trumps.length && dd.trumps[0].from_trick > 1 ? `, from trick ${dd.trumps[0].from_trick} (the tricks before it played by the heuristic players)` : ", whole deals";
    $("dd").replaceChildren(el("h3", {}, `Double dummy against heuristic play${from}: the first ${dd.samples} deals, up to ${dd.max_nodes / 1e6} M nodes a deal`),
      el("table", { id: "dd-table" }, el("tr", {}, ...["trump", "exact / bracketed / unfinished", "heuristic", "double dummy", "dd \u2212 heuristic (95%)"].map((h) => el("th", {}, h))),
        ...dd.trumps.map((t) => {
          const lo = t.dd_trick_points.lower, hi = t.dd_trick_points.upper, glo = t.gap.lower, ghi = t.gap.upper;
          const same = t.bracketed === 0 && t.unfinished === 0;
          return el("tr", {}, el("td", {}, t.trump), el("td", {}, `${t.exact} / ${t.bracketed} / ${t.unfinished}`),
            el("td", {}, t.heuristic_trick_points.mean.toFixed(1)),
            el("td", {}, same ? lo.mean.toFixed(1) : `${lo.mean.toFixed(1)} to ${hi.mean.toFixed(1)}`),
            el("td", {}, same ? `${sign(glo.mean)} (${sign(glo.lo)} to ${sign(glo.hi)})`
              : `${sign(glo.mean)} to ${sign(ghi.mean)} (${sign(glo.lo)} to ${sign(ghi.hi)})`));
        })),
      ...(dd.make ? [el("p", { id: "dd-make" }, dd.make.dd_make
        ? `Does ${dd.make.bid} in ${dd.make.trump} make double dummy${dd.make.from_trick > 1 ? ` from trick ${dd.make.from_trick}` : ""}? ${pct(dd.make.dd_make.p)} against ${pct(dd.make.heuristic_make.p)} with heuristic play (dd \u2212 heuristic ${sign(dd.make.gap.mean)} points, 95% ${sign(dd.make.gap.lo)} to ${sign(dd.make.gap.hi)}); ${dd.make.decided} of the first ${dd.make.deals} deals decided, one search a deal`
        : `Does ${dd.make.bid} in ${dd.make.trump} make double dummy? No deal decided of ${dd.make.deals}.`)] : []));
  } else {
    $("dd").replaceChildren();  // a run without the check shows none (not the last run's)
  }
}

// ---- playing the hand (POST /api/play, the same answer as `pinochle play --json`) -------------------------
// The page keeps the cards played in order. Which seat played each card and who won each trick are worked out
// here to lay the tricks out and to offer the right cards at once; whose turn it is comes from the server's
// answer (the advice at your turn, "it is seat N's turn" otherwise). Anything that changes clears the advice
// on screen before the server is asked again: an answer to an older question is dropped (play.seq).
// Two-handed phase 1 (the stock lasts; `pinochle play --upcard`): play.cards also holds the melds laid after a
// trick ("+dix"), a card played from its seat's table is written "KH*"; a card of yours played from "Your hand
// now" or the advice leaves your hand (play.took: its index in play.cards -> the card, put back by Undo), since
// in phase 1 the hand sent is every card you hold now.
const play = { cards: [], turn: null, confirmed: false, seq: 0, outstanding: new Set(), advice: null,
               took: new Map(), phaseChosen: false, leaderChosen: false };
// the melds a trick's winner may lay in phase 1, as the notation writes them (README, "Two-handed phase 1")
const PHASE1_MELDS = ["dix", "rm", "run", "new-run", "marriage-S", "marriage-H", "marriage-D", "marriage-C", "aces",
  "kings", "queens", "jacks", "pinochle", "double-dix", "double-run", "double-aces", "double-kings", "double-queens",
  "double-jacks", "double-pinochle"];
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const mySeat = () => Number($("seat").value);
const playTrump = () => (phase1() ? upcardSuit() || "" : $("trump").value);
// two-handed, and the phase chosen is phase 1 (the stock lasts)
const phase1 = () => !!(state.info && state.info.stock && $("play-phase").value === "1");
const bare = (card) => card.replace(/\*\d*$/, "");  // "KH*2" -> "KH"
const isMeld = (item) => item.startsWith("+");
// the tricks of phase 1: the stock's cards over two a trick
const phase1Tricks = () => {
  const d = state.info.deck;
  return (d.ranks.length * 4 * d.copies - state.info.seats * state.info.hand_size) / 2;
};

function seatOptions(id, keep, fallback) {
  const sel = $(id), old = sel.value;
  sel.replaceChildren(...Array.from({ length: state.info.seats }, (_, i) => el("option", { value: i }, `seat ${i}`)));
  sel.value = keep && old !== "" && Number(old) < state.info.seats ? old : String(fallback);
}

// the inputs of the play section for the rule set; a new game starts the play over
function setupPlay(switched) {
  const info = state.info;
  seatOptions("declarer", !switched, 0);
  // no bidding (two-handed): the first leader is the dealer's opponent until the player picks one
  if (switched) play.leaderChosen = false;
  seatOptions("leader", play.leaderChosen, dealerOpponent());
  $("declarer-label").hidden = !info.has_bidding;
  $("bid-label").hidden = !info.has_bidding;
  $("meld-label").hidden = !info.has_bidding;
  $("leader-label").hidden = info.has_bidding;
  $("phase-label").hidden = !info.stock;
  if (!$("trick-meld").options.length) {
    $("trick-meld").replaceChildren(el("option", { value: "" }, "none"),
      ...PHASE1_MELDS.map((m) => el("option", { value: m }, `+${m}`)));
  }
  if (switched) {
    abortPlayRequests();
    play.cards = [];
    play.took.clear();
    play.phaseChosen = false;
    $("play-phase").value = upcardSuit() ? "1" : "2";
    $("from-table").checked = false;
    $("whole-meld").checked = false;
    for (const id of ["bid", "play-meld", "play-samples", "so-far"]) $(id).value = "";
    $("trump").value = "";
    $("play-mode").value = "dd";
    $("shown").replaceChildren();
  }
  applyPhase();
  renderShownInputs();
}

// the controls of the phase chosen (two-handed): phase 1 has its meld and table controls, no shown cards, and
// trump from the upcard
function applyPhase() {
  const p1 = phase1();
  $("phase1-hint").hidden = !p1;
  $("phase1-box").hidden = !p1;
  $("so-far-label").hidden = !(state.info && state.info.stock) || p1;  // phase 2: phase 1's meld and points
  $("shown-box").hidden = p1;
  $("trump").disabled = p1;
  $("trump").title = p1 ? "phase 1: the upcard names trump" : "";
  $("undo").textContent = p1 ? "Undo the last card or meld" : "Undo the last card";
}

// one text box a seat other than yours: the cards it showed as meld (kept by seat while you change seats)
function renderShownInputs() {
  const old = {};
  for (const inp of $("shown").querySelectorAll("input")) old[inp.dataset.seat] = inp.value;
  const me = mySeat();
  $("shown").replaceChildren(...Array.from({ length: state.info.seats }, (_, s) => s).filter((s) => s !== me)
    .map((s) => el("label", {}, `seat ${s} `, el("input", {
      id: `shown-${s}`, "data-seat": s, size: 24, autocomplete: "off", placeholder: "AH TH KH QH JH",
      value: old[s] || "", onchange: askPlay,
    }))));
}

function dealerOpponent() { return (Number($("dealer").value) + 1) % state.info.seats; }

function leaderSeat() { return Number($(state.info.has_bidding ? "declarer" : "leader").value); }

const rankOf = (c) => state.info.deck.ranks.indexOf(c.slice(0, -1));  // 0: the highest
function beats(card, best, trump) {  // as the engine's: a higher card of the suit, or a trump on a non-trump
  if (card.slice(-1) === best.slice(-1)) return rankOf(card) < rankOf(best);
  return card.slice(-1) === trump;
}

// the cards played as tricks: each card with its seat, each finished trick with its winner; the seat to play
function replayPlays() {
  const n = state.info.seats, trump = playTrump(), tricks = [];
  let turn = leaderSeat(), cur = [], best = 0;
  for (const card of play.cards) {
    if (isMeld(card)) {  // phase 1: a meld the last trick's winner laid
      if (tricks.length && !cur.length) tricks[tricks.length - 1].melds.push(card);
      continue;
    }
    cur.push({ card, seat: turn });
    if (cur.length > 1 && beats(bare(card), bare(cur[best].card), trump)) best = cur.length - 1;
    if (cur.length === n) {
      turn = cur[best].seat;
      tricks.push({ cards: cur, winner: turn, melds: [] });
      cur = []; best = 0;
    } else turn = (turn + 1) % n;
  }
  if (cur.length) tricks.push({ cards: cur, winner: null, melds: [] });
  return { tricks, turn };
}

function count(list, card) { return list.filter((c) => c === card).length; }

function handNow(rp) {
  if (phase1()) return [...state.hand];  // phase 1: the hand is every card held now (a card played leaves it)
  const rest = leadHand(), me = mySeat();
  for (const t of rp.tricks) for (const p of t.cards) {
    if (p.seat === me) { const i = rest.indexOf(p.card); if (i >= 0) rest.splice(i, 1); }
  }
  return rest;
}

function playProblem(rp) {
  const n = state.info.hand_size;
  if (phase1()) {
    if (state.hand.length !== n && !play.cards.length) {
      return `Pick the ${n} cards you hold now under \u201cYour hand\u201d to play phase 1.`;
    }
    if (!upcardSuit()) return "Give the upcard under \u201cTable\u201d (it names trump) to play phase 1, or choose phase 2.";
    if (rp.tricks.filter((t) => t.winner !== null).length >= phase1Tricks()) {
      return "Phase 1 is over (the stock is gone): choose phase 2 and tap its tricks.";
    }
    return "";
  }
  if (state.hand.length !== n) return `Pick your ${n} cards under \u201cYour hand\u201d to play the hand.`;
  const a = state.info.has_bidding ? state.auction : null;
  if (a && a.pending) return "Reading the calls so far\u2026";
  if (a && a.thrown_in) {
    return "Everyone passed: the hand is thrown in. Take a call back under \u201cCalls so far\u201d to play a contract.";
  }
  if (!playTrump()) return "Choose trump to play the hand.";
  if (play.cards.length >= state.info.seats * n) return "The hand is over.";
  return "";
}

// the cards played as `played` text: tricks of n cards separated by "/", phase 1's melds after their trick
function playedText() {
  const n = state.info.seats, tricks = [];
  let cards = 0;
  for (const item of play.cards) {
    if (!isMeld(item) && cards % n === 0) tricks.push([]);
    if (!isMeld(item)) cards++;
    if (tricks.length) tricks[tricks.length - 1].push(item);
  }
  return tricks.map((t) => t.join(" ")).join(" / ");
}

function playBody() {
  const n = state.info.seats, info = state.info;
  if (phase1()) {  // `pinochle play --upcard`: the hand held now, the first leader and the phase-1 history
    const body = {
      rules: state.rules, options: options(), hand: state.hand.join(" "), seat: mySeat(),
      upcard: $("upcard").value.trim().toUpperCase().replace(/^10/, "T"), leader: Number($("leader").value),
      seed: Number($("seed").value) || 0, play: $("play-mode").value,
    };
    if ($("play-samples").value !== "") body.samples = Number($("play-samples").value);
    if (play.cards.length) body.played = playedText();
    if ($("score").value.trim()) body.score = $("score").value.trim();  // the dealer follows from the leader
    return body;
  }
  const body = {
    rules: state.rules, options: options(), hand: leadHand().join(" "), seat: mySeat(), trump: playTrump(),
    seed: Number($("seed").value) || 0, play: $("play-mode").value,
  };
  const done = passDone();  // the pass chosen: the hand at the first lead, what I passed and what I received
  if (done) { body.passed = done.passed.join(" "); body.received = done.received.join(" "); }
  const won = info.has_bidding ? playAuction() : null;
  if (won) {  // the declarer and the bid follow from the calls (the server reads them there)
    body.auction = won.auction;
    body.dealer = won.dealer;
  } else if (info.has_bidding) {
    body.declarer = Number($("declarer").value);
    body.bid = Number($("bid").value) || 0;
  } else body.leader = Number($("leader").value);
  if (info.has_bidding && $("play-meld").value !== "") body.meld = Number($("play-meld").value);
  if ($("play-samples").value !== "") body.samples = Number($("play-samples").value);
  const shown = Array.from($("shown").querySelectorAll("input"))
    .filter((i) => i.value.trim()).map((i) => `${i.dataset.seat}:${i.value.trim().toUpperCase()}`);
  if (shown.length) body.shown = shown;
  if (info.has_bidding && $("whole-meld").checked) body.whole_meld = true;
  const groups = [];
  for (let i = 0; i < play.cards.length; i += n) groups.push(play.cards.slice(i, i + n).join(" "));
  if (groups.length) body.played = groups.join(" / ");
  if ($("score").value.trim()) {  // the cards judged for the game: who dealt says who deals next
    body.score = $("score").value.trim();
    if (body.dealer === undefined) body.dealer = Number($("dealer").value);
    // phase 2 (two-handed): the game counts the whole hand, phase 1's meld and points too
    if (info.stock && $("so-far").value.trim()) body.so_far = $("so-far").value.trim();
  }
  return body;
}

function clearPlayAdvice() {
  play.advice = null;
  $("play-advice").hidden = true;
  for (const id of ["play-call", "play-concession", "play-summary", "play-error", "play-game"]) $(id).textContent = "";
  for (const id of ["play-table", "play-notes"]) $(id).replaceChildren();
}

// the game is changing: no answer asked for the old one may show (askPlay follows once the new one is set up)
function dropPlayAdvice() {
  play.seq++;
  clearPlayAdvice();
}

function abortPlayRequests() {
  for (const r of play.outstanding) r.ctl.abort();
}

// before a bid analysis: stop the play advice still being worked out (the server runs one analysis a client)
function stopPlayRequests() {
  if (!play.outstanding.size) return;
  play.seq++;
  abortPlayRequests();
}

// POST /api/play. An answer still being worked out for an earlier position holds the client's one analysis
// (429): the page gives it up (the server stops it when its request goes away) and asks again meanwhile.
async function postPlay(body, seq) {
  for (let tries = 0; ; tries++) {
    const r = { ctl: new AbortController() };
    r.p = api("/api/play", body, "POST", r.ctl.signal);
    play.outstanding.add(r);
    try { return await r.p; } catch (e) {
      if (e.status !== 429 || tries >= 20 || seq !== play.seq) throw e;
      for (const x of play.outstanding) if (x !== r) x.ctl.abort();
      await sleep(500);
    } finally { play.outstanding.delete(r); }
  }
}

// something changed (a card, the contract, the hand, the seat, the game): clear the advice and ask again
async function askPlay() {
  if (!state.info) return;
  const seq = ++play.seq;
  clearPlayAdvice();
  renderPass();
  $("save-note").replaceChildren();  // a hand saved before is the position before: its record is not this one
  const rp = replayPlays(), problem = playProblem(rp);
  play.turn = problem ? null : rp.turn;
  play.confirmed = false;
  renderPlay(rp, problem);
  if (problem) return;
  const n = state.info.hand_size;
  if (phase1() && state.hand.length !== n) {  // a card played, the one drawn not added yet: the cards can be tapped
    play.confirmed = true;
    renderPlay(rp, "", `Your hand holds ${state.hand.length} cards: in phase 1 it is all ${n} you hold now ` +
      "(melded ones included); once the trick is over, add the card you draw from the stock under \u201cYour " +
      "hand\u201d for the advice.");
    return;
  }
  if (state.job || pass.job) {  // the server runs one analysis a client: the bid analysis (or the pass) first
    play.confirmed = true;
    renderPlay(rp, "");
    if (rp.turn === mySeat()) {
      $("turn").textContent = `Your turn (seat ${rp.turn}): the advice comes when the ` +
        `${state.job ? "bid analysis" : "pass question"} is over.`;
    }
    return;
  }
  await sleep(0);  // changes made together ask once
  if (seq !== play.seq) return;
  let r;
  try { r = await postPlay(playBody(), seq); } catch (e) {
    if (seq !== play.seq || e.name === "AbortError") return;
    const m = /^it is seat (\d+)'s turn to play, not yours/.exec(e.message);
    if (m) play.turn = Number(m[1]); else $("play-error").textContent = forPlay(e.message);
    play.confirmed = true;  // answered (an error keeps the turn worked out here)
    renderPlay(rp, "");
    return;
  }
  if (seq !== play.seq) return;
  play.turn = mySeat();
  play.confirmed = true;
  play.advice = r;
  showPlayAdvice(r);
  renderPlay(rp, "");
}

function seatName(s) { return s === mySeat() ? `seat ${s} (you)` : `seat ${s}`; }

function renderPlay(rp, problem, handNote = "") {
  const info = state.info, me = mySeat(), p1 = phase1();
  const over = p1 ? rp.tricks.filter((x) => x.winner !== null).length >= phase1Tricks()
    : play.cards.length >= info.seats * info.hand_size;
  const label = (card) => {  // "KH*": the card, marked as played from the table
    const star = card.slice(bare(card).length);
    return star ? el("span", { title: "from the table" }, cardLabel(bare(card)), star) : cardLabel(card);
  };
  $("tricks").replaceChildren(...rp.tricks.map((t) => el("li", {},
    ...t.cards.map((p) => el("span", { class: "played" + (p.seat === me ? " mine" : ""), title: seatName(p.seat) },
      el("span", { class: "who" }, `${p.seat}:`), label(p.card))),
    el("span", { class: "note" }, t.winner === null ? "" : ` \u2014 won by ${seatName(t.winner)}`),
    ...t.melds.map((m) => el("span", { class: "meld", title: `seat ${t.winner} melded` }, m)))));
  if (!rp.tricks.length) $("tricks").append(el("li", { class: "note empty" }, "none yet"));
  const t = play.turn, wait = play.confirmed ? "" : " (asking the server\u2026)";
  $("turn").textContent = problem || t === null ? problem
    : t === me ? (play.advice ? `Your turn (seat ${me}): tap the card you play.`
      : `Your turn (seat ${me})${play.confirmed ? "" : ": working out the advice\u2026"}`)
    : `Seat ${t} to play${wait}: tap the card they play.`;
  if (handNote) $("turn").textContent += (t === me ? ". " : " ") + handNote;
  $("play-notation").textContent = playedText() || "nothing yet";
  // the deck: the cards another seat can still have (the copies not in your hand nor played by the others)
  // phase 1: any seat's card can be tapped there (your own earlier cards too), a card played counted once
  const others = rp.tricks.flatMap((x) => x.cards).filter((p) => p1 || p.seat !== me).map((p) => bare(p.card));
  const theirs = !problem && t !== null && (p1 || t !== me) && !over;
  $("deck").replaceChildren(...SUITS.map((s) => el("div", { class: "suit" },
    el("span", { class: "suit-name " + (s === "H" || s === "D" ? "red" : ""), title: SUIT_NAME[s] }, SYMBOL[s]),
    ...info.deck.ranks.map((r) => {
      const name = r + s, left = info.deck.copies - count(leadHand(), name) - count(others, name);
      return el("button", {
        type: "button", class: "card", "data-card": name, disabled: !theirs || left <= 0,
        title: left <= 0 ? `no ${name} left for the others` : `seat ${t} plays ${name}`,
        onclick: () => addPlayed(name),
      }, cardLabel(name), el("span", { class: "left" }, `${left} left`));
    }))));
  const legal = play.advice ? new Set(play.advice.cards.map((c) => c.card)) : null;
  const mine = !problem && t === me && !over;
  // phase 1: a card of yours that lies only on your table is played as its melded copy (CARD*)
  const move = (c) => (legal === null || legal.has(c) ? c : [...legal].find((m) => bare(m) === c) || null);
  $("hand-now").replaceChildren(...handNow(rp).sort((a, b) => order(a) - order(b)).map((c) => el("button", {
    type: "button", class: "chip" + (play.advice && play.advice.best && bare(play.advice.best) === c ? " best" : ""),
    "data-card": c, disabled: !mine || move(c) === null,
    title: move(c) === null ? `${c} may not be played now` : `play ${move(c)}`,
    onclick: () => addPlayed(move(c), true),
  }, cardLabel(c))));
  $("undo").disabled = !play.cards.length;
  // a meld goes after a whole trick (its winner lays it), before the next card
  const done = rp.tricks.length && rp.tricks[rp.tricks.length - 1].winner !== null;
  $("trick-meld").disabled = !p1 || !done || over;  // none after phase 1's last trick
  $("tricks-clear").disabled = !play.cards.length;
}

// a card played; fromHand: tapped in "Your hand now" or the advice (phase 1: it leaves the hand held now)
function addPlayed(card, fromHand = false) {
  if (phase1() && $("from-table").checked && !card.includes("*")) card += "*";
  $("from-table").checked = false;
  play.cards.push(card);
  const i = fromHand && phase1() ? state.hand.indexOf(bare(card)) : -1;
  if (i >= 0) {
    state.hand.splice(i, 1);
    play.took.set(play.cards.length - 1, bare(card));
    renderHand();  // asks again
  } else askPlay();
}

// Undo: the last card or meld; a card of yours that left the hand comes back to it
function undoPlayed() {
  const i = play.cards.length - 1;
  if (i < 0) return;
  play.cards.pop();
  const card = play.took.get(i);
  play.took.delete(i);
  if (card && state.hand.length < state.info.hand_size) { state.hand.push(card); renderHand(); } else askPlay();
}

// the tricks start over: the cards of yours that left the hand come back to it, latest first, while it has room
function clearPlayed() {
  const back = [...play.took.entries()].sort((a, b) => b[0] - a[0]).map(([, card]) => card);
  play.cards = [];
  play.took.clear();
  let changed = false;
  for (const card of back) {
    if (state.hand.length >= state.info.hand_size) break;
    state.hand.push(card);
    changed = true;
  }
  if (changed) renderHand(); else askPlay();
}

function addMeld() {
  const m = $("trick-meld").value;
  $("trick-meld").value = "";
  if (!m || !phase1()) return;
  play.cards.push(`+${m}`);
  askPlay();
}

const interval = (x, f) => `${f(x.mean)} (${f(x.lo)} to ${f(x.hi)})`;

// --score: each card's chance of winning the game and the share of deals this hand wins / loses it (the answer's
// game part, PlayGame); none without a score
const GAME_HEADS = ["chance of winning (95%)", "wins / loses the game now"];
function gameCells(c) {
  if (!c.chance) return [];
  const f = (x) => `${(100 * x).toFixed(1)}%`;
  return [el("td", {}, interval(c.chance, f)), el("td", {}, `${pct(c.wins_game_now)} / ${pct(c.loses_game_now)}`)];
}
function showPlayGame(r) {
  const g = r.game;
  if (!g) { $("play-game").textContent = ""; return; }
  const t = g.totals, score = t.length === 2 ? `${t[g.my_unit]}-${t[1 - g.my_unit]}, yours first`
    : `${t.join("-")} by seat, hand ${g.hands_played + 1}`;
  $("play-game").textContent = `The game: ${score} (before this hand ` +
    `${(100 * g.chance_now.mean).toFixed(1)}%). ${r.action === "only" ? "" : forPage(g.text)}`;
}
const byPoints = (r, c) => (r.game && r.game.card_by_points === c.card && c.card !== r.best ? " (by points)" : "");

// phase 1's advice (`pinochle play --upcard --json`): every move, from hand or a melded copy (CARD*), valued by
// your score minus the opponent's over the whole hand
function showPhase1Advice(r) {
  $("play-call").textContent = r.action === "too-few" ? "Too few deals to name a move"
    : r.action === "only" ? `Play ${r.best}: the only move you have` : `Play ${r.best}`;
  const so = r.so_far, table = (s) => (r.table[String(s)] || []).map((c) => c.card).join(" ") || "nothing";
  $("play-summary").textContent = `Phase 1, trick ${r.trick_number}: trump ${SUIT_NAME[r.trump]}; stock ` +
    `${r.stock_left} cards, ${r.face_up} face up; so far you ${so.you.meld} meld + ${so.you.points} points, the ` +
    `opponent ${so.opponent.meld} + ${so.opponent.points}. Your table: ${table(r.seat)}; the opponent's table: ` +
    `${table(1 - r.seat)}. ${r.deals} deals of the unseen cards.`;
  $("play-table").replaceChildren(
    el("tr", {}, ...["move", "you minus opponent (95%)", "your score (95%)", "behind the best",
      ...(r.game ? GAME_HEADS : [])].map((h) => el("th", {}, h))),
    ...r.cards.map((c) => el("tr", { class: c.card === r.best ? "best" : "", "data-card": c.card },
      el("td", {}, el("button", { type: "button", class: "chip", title: `play ${c.card}`, "data-card": c.card,
        onclick: () => addPlayed(c.card, true) }, cardLabel(bare(c.card)), c.card.slice(bare(c.card).length)),
        byPoints(r, c)),
      el("td", {}, interval(c.difference, (x) => sign(x))),
      el("td", {}, interval(c.score, (x) => x.toFixed(1))),
      el("td", {}, c.behind ? interval(c.behind, (x) => x.toFixed(2)) : "best"), ...gameCells(c))));
  showPlayGame(r);
  $("play-notes").replaceChildren(...(r.notes || []).map((n) => el("li", {}, forPlay(n))));
  $("play-advice").hidden = false;
}

function showPlayAdvice(r) {
  if (r.phase === 1) { showPhase1Advice(r); return; }
  $("play-call").textContent = r.action === "too-few" ? "Too few deals to name a card"
    : r.action === "only" ? `Play ${r.best}: the only card you may play` : `Play ${r.best}`;
  // the house rules allow a concession, at the bid winner's first lead: concede or play on (`pinochle play` says it)
  $("play-concession").textContent = r.concession ? forPlay(r.concession.text) + "." : "";
  const so = r.points_so_far ? r.points_so_far.side : 0, p1 = r.so_far;
  $("play-summary").textContent = `Trick ${r.trick_number}: your side has ${so} points from tricks so far` +
    (r.need ? `; ${r.need}` : "") +
    (p1 ? `; phase 1: you ${p1.you.meld} meld + ${p1.you.points} points, the opponent ${p1.opponent.meld} + ` +
      `${p1.opponent.points}` : "") +
    `. ${r.deals} deals consistent with the play so far` +
    ({ clues: " and the calls' clues", prior: " and the calls' clues (read with the prior model)",
      high: " and the other seats' highest bid", partner: " and your partner's bids", hard: " and the calls' hard clues" }[r.auction && r.conditioning
      ? r.conditioning.level : ""] || "") + ".";
  const make = r.cards.some((c) => c.make);
  $("play-table").replaceChildren(
    el("tr", {}, ...["card", "your side's points (95%)", ...(make ? ["bid made"] : []), "behind the best",
      ...(r.game ? GAME_HEADS : [])].map((h) => el("th", {}, h))),
    ...r.cards.map((c) => el("tr", { class: c.card === r.best ? "best" : "", "data-card": c.card },
      el("td", {}, el("button", { type: "button", class: "chip", title: `play ${c.card}`, "data-card": c.card,
        onclick: () => addPlayed(c.card) }, cardLabel(c.card)), byPoints(r, c)),
      el("td", {}, interval(c.points, (x) => x.toFixed(1))),
      ...(make ? [el("td", {}, c.make ? `${pct(c.make.p)} (${pct(c.make.lo)} to ${pct(c.make.hi)})` : "\u2014")] : []),
      el("td", {}, c.behind ? interval(c.behind, (x) => x.toFixed(2)) : "best"), ...gameCells(c))));
  showPlayGame(r);
  $("play-notes").replaceChildren(...(r.notes || []).map((n) => el("li", {}, forPlay(n))));
  $("play-advice").hidden = false;
}

// the play answer's notes name the API's fields: say them in the page's words
function forPlay(text) {
  return forPage(text)
    .replace(/;\s*raise max_nodes for more exact values/g, "")
    .replace(/\s*\(give meld to set it\)/g, " (the \u201cdeclaring side's meld\u201d box sets it)")
    .replace(/raise samples/g, "raise the deals")
    .replace(/\bso_far\b/g, "\u201cphase 1 so far\u201d")
    .replace(/give the opponent's cards with shown/g,
             "give the opponent's cards under \u201cCards the others showed\u201d")
    .replace(/\s*\(give phase 2's cards with [^)]*\)/g, ": choose phase 2 and tap its tricks")
    .replace(/a melded card played since is written CARD\* in its trick/g,
             "a melded card played since is tapped with \u201cfrom the table\u201d ticked")
    .replace(/\(add \+MELD to the last trick of [^)]*\)/g,
             "(choose the meld under \u201cMeld after the trick\u201d to meld first)");
}

// the contract of the bid advice, where it names one (your bid, or the trump to name once the auction is won);
// a hand already under way keeps its contract, and calls that run to the last pass set the declarer and bid
function prefillPlay(r) {
  if (play.cards.length) return;
  // the dealer holding the opening bid with no calls listed: the advice read every other seat's pass; list those
  // calls, so the play reads them too
  if (r.name_trump && r.auction && r.auction.calls.length && !state.calls.length && r.seat === mySeat()
      && r.dealer === Number($("dealer").value)) {
    state.calls = r.auction.calls.map((c) => {
      const [seat, bid] = c.split(":");
      return { seat: Number(seat), bid: bid === "pass" ? null : Number(bid) };
    });
    renderCalls();
  }
  if (playAuction()) {
    if (r.name_trump && r.recommendation && r.recommendation.trump) $("trump").value = r.recommendation.trump;
    return;
  }
  const rec = r.recommendation;
  if (r.upcard !== undefined && r.analyses === undefined) {  // two-handed: the upcard names trump
    if (r.trump) $("trump").value = r.trump;
  } else if (r.name_trump && rec && rec.trump) {
    $("declarer").value = String(r.seat);
    const high = r.auction && r.auction.high !== null ? r.auction.high : rec.bid;
    $("bid").value = high === null || high === undefined ? "" : String(high);
    $("trump").value = rec.trump;
  } else if (r.call && r.call.bid !== null && rec && rec.trump) {
    $("declarer").value = String(r.seat);
    $("bid").value = String(r.call.bid);
    $("trump").value = rec.trump;
  }
}


// ---- the pass (`[passing]` cards: POST /api/jobs/pass, the same answer as `pinochle pass --json`) ----------------
// Where the rule set has a pass, once the contract and trump are set (by the calls, the bid advice or by hand) the
// bid winner and his partner are asked which cards to pass: every set worth considering ranked by the side's net
// score on the same sampled deals, followed as a job with Cancel. The player picks a set; once the cards received
// are known too (passing second: those typed for the question; passing first: the cards passed back, typed after
// choosing) the play-along plays the hand after the pass and its advice knows the pass (`pinochle play --passed
// --received`). The question itself stays on the hand as dealt (state.hand).
const pass = { job: null, source: null, key: "", result: null, chosen: null, lead: null };

const typedCards = (id) => $(id).value.toUpperCase().replace(/10/g, "T").split(/[\s,]+/).filter(Boolean);

// the pass as the card advice knows it: the set chosen, the cards received (passing second: those the question
// was asked with; passing first: the cards passed back, all N of them given) and the hand at the first lead (the
// hand as dealt with the cards received, less those passed); null until all are known
function passDone() {
  if (!pass.chosen || !pass.result || !state.info || !state.info.passing) return null;
  const received = pass.result.first ? typedCards("passed-back") : pass.result.received || [];
  if (received.length !== state.info.passing.cards) return null;
  const hand = [...state.hand, ...received];
  for (const c of pass.chosen) { const i = hand.indexOf(c); if (i >= 0) hand.splice(i, 1); }
  return { passed: pass.chosen, received, hand: hand.sort((a, b) => order(a) - order(b)) };
}

// the hand the play-along plays from: after the pass once it is known, else as dealt (picked)
function leadHand() {
  const done = passDone();
  return done ? [...done.hand] : [...state.hand];
}

// the contract the play follows: from the calls when they decide it, else as given in the play section
function contract() {
  const won = state.info.has_bidding ? playAuction() : null;
  if (won) return { declarer: won.winner, bid: won.contract, dealer: won.dealer };
  return { declarer: Number($("declarer").value), bid: Number($("bid").value) || 0, dealer: Number($("dealer").value) };
}

const sideOf = (seat) => state.info.sides.findIndex((side) => side.includes(seat));

// my part in the pass: null (the rules have none); wait (no contract or trump yet); out (the other side); else
// whether I am the bid winner and whether I pass first (the rules' passing.first)
function passRole() {
  const info = state.info, n = info && info.passing ? info.passing.cards : 0;
  if (!n || !info.has_bidding) return null;
  const c = contract(), me = mySeat();
  if (!playTrump() || !(c.bid > 0) || (state.auction && state.auction.thrown_in)) return { n, wait: true };
  if (sideOf(me) !== sideOf(c.declarer)) return { n, out: true, c };
  const bidder = me === c.declarer;
  return { n, c, bidder, first: bidder === (info.passing.first === "bidder") };
}

function passBody(role) {
  const c = role.c, body = {
    rules: state.rules, options: options(), hand: state.hand.join(" "), seat: mySeat(), declarer: c.declarer,
    bid: c.bid, trump: playTrump(), dealer: c.dealer, seed: Number($("seed").value) || 0,
  };
  const got = $("received").value.trim().toUpperCase().replace(/10/g, "T");
  if (!role.first && got) body.received = got;
  if ($("pass-samples").value !== "") body.samples = Number($("pass-samples").value);
  return body;
}

// the pass section for the position: shown where the rules have a pass; the ranking asked for another position
// (hand, seat, contract, trump, received cards) is cleared
function renderPass() {
  const role = passRole();
  $("pass-box").hidden = !role;
  const key = role && role.c ? JSON.stringify(passBody(role)) : "";
  if (key !== pass.key) {  // another position (or none): the ranking and the set chosen go
    if (pass.job) cancelPass(true);
    pass.key = key;
    pass.result = null;
    pass.chosen = null;
    pass.lead = null;
    $("passed-back").value = "";
    for (const id of ["pass-caption", "pass-chosen", "pass-error"]) $(id).textContent = "";
    $("pass-table").replaceChildren();
  }
  if (!role) { if (pass.job) cancelPass(true); return; }
  $("passed-back-label").hidden = !(pass.chosen && pass.result && pass.result.first);
  $("pass-known").textContent = passKnown();
  const p = state.info.passing, n = p.cards;
  const rule = p.first === "bidder"
    ? `the bid winner passes ${n} cards to his partner, who passes ${n} back`
    : `the bid winner's partner passes ${n} cards to the bid winner, who passes ${n} back`;
  const you = role.wait ? "Give the contract and trump (or run the bid advice) to ask which cards to pass."
    : role.out ? `Your seat is on the other side: seat ${role.c.declarer} (the bid winner) and his partner pass.`
    : role.first ? `You (${role.bidder ? "the bid winner" : "the bid winner's partner"}) pass first; your partner ` +
      "answers by the simple passing rule."
    : `You (${role.bidder ? "the bid winner" : "the bid winner's partner"}) pass second: give the ${n} cards your ` +
      "partner passed you.";
  $("pass-note").textContent = `After trump is named ${rule}. ${you}`;
  $("received-label").hidden = !!(role.wait || role.out || role.first);
  $("pass-ask").disabled = !!(role.wait || role.out || pass.job) || state.hand.length !== state.info.hand_size;
}

function passBusy(on) {
  $("pass-ask").disabled = on;
  $("pass-cancel").hidden = !on;
  $("pass-progress").hidden = !on;
}

async function askPass() {
  const role = passRole();
  if (!role || role.wait || role.out) return;
  $("pass-error").textContent = "";
  const body = passBody(role);
  const started = await followJob("/api/jobs/pass", body, pass, {
    error: "pass-error", progress: "pass-progress-text", busy: passBusy, running: "passing and playing out",
    after: askPlay, done: async (id) => showPass((await api(`/api/jobs/${id}`)).result) });
  if (started) pass.key = JSON.stringify(body);
}

async function cancelPass(quiet) {
  if (await stopJob(pass, passBusy) && !quiet) { $("pass-error").textContent = "cancelled"; askPlay(); }
}

// the ranked sets (the columns of `pinochle pass`), each with the button that picks it
function showPass(r) {
  pass.result = r;
  const est = (x) => interval(x, (v) => v.toFixed(1));
  $("pass-table").replaceChildren(
    el("tr", {}, ...["pass", "net score (95%)", "behind the best (95%)", "side meld", "bid made (95%)",
      ...(r.first ? ["partner's answer (share)"] : [])].map((h) => el("th", {}, h))),
    ...r.lines.map((ln, i) => el("tr", { class: i === 0 ? "best" : "", "data-pass": ln.cards.join(" ") },
      el("td", {}, el("button", { type: "button", class: "chip", title: `pass ${ln.cards.join(" ")}`,
        "data-pass": ln.cards.join(" "), onclick: () => choosePass(ln.cards) },
        ...ln.cards.flatMap((c, j) => (j ? [" ", cardLabel(c)] : [cardLabel(c)])))),
      el("td", {}, interval(ln.net, (v) => sign(v))),
      el("td", {}, ln.behind ? est(ln.behind) : "best"),
      el("td", {}, ln.side_meld.mean.toFixed(1)),
      el("td", {}, `${pct(ln.made.p)} (${pct(ln.made.lo)} to ${pct(ln.made.hi)})`),
      ...(r.first ? [el("td", {}, `${(ln.reply || []).join(" ")} (${pct(ln.reply_share || 0)})`)] : []))));
  $("pass-caption").textContent = `Pass ${r.best.join(" ")}: ranked by your side's expected net score (ours minus ` +
    `theirs), paired on the same ${r.deals} deals. ` + r.notes.map((n) => forPlay(n)).join("; ") + ".";
}

// what the card advice knows of the pass, in one line ("" where the player has no part in a pass)
function passKnown() {
  const role = passRole();
  if (!role || role.wait || role.out) return "";
  const done = passDone();
  if (done) {
    return `The card advice knows your pass: you passed ${done.passed.join(" ")}, received ` +
      `${done.received.join(" ")}; you play with ${done.hand.join(" ")}.`;
  }
  if (!pass.chosen) return "The card advice reads your hand as dealt until you choose the cards you pass.";
  return `The card advice reads your hand as dealt until you give the ${role.n} cards your partner passed back.`;
}

// the set the player passes: the play-along plays the hand after the pass once the cards received are known
function choosePass(cards) {
  pass.chosen = cards;
  for (const tr of $("pass-table").querySelectorAll("tr[data-pass]")) {
    tr.classList.toggle("chosen", tr.dataset.pass === cards.join(" "));
  }
  const left = [...state.hand];
  for (const c of cards) { const i = left.indexOf(c); if (i >= 0) left.splice(i, 1); }
  const done = passDone();
  $("pass-chosen").textContent = `You pass ${cards.join(" ")}` + (pass.result && !pass.result.first
    ? `: you play with ${done ? done.hand.join(" ") : "the hand after the pass"}.`
    : `; you keep ${left.join(" ")} and get back what your partner passes.`);
  passChanged();
}

// the hand at the first lead changed (a set chosen, the cards passed back given): the tricks start over
function passChanged() {
  const sorted = (cards) => [...cards].sort((a, b) => order(a) - order(b)).join(" ");
  const hand = sorted(leadHand());
  if (hand !== (pass.lead ?? sorted(state.hand)) && play.cards.length) { play.cards = []; play.took.clear(); }
  pass.lead = hand;
  askPlay();
}

// ---- wiring ---------------------------------------------------------------------------------------------
$("hand-apply").addEventListener("click", applyTyped);
$("hand-text").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); applyTyped(); } });
$("hand-clear").addEventListener("click", () => { state.hand = []; renderHand(); });
$("add-bid").addEventListener("click", () => addCall(false));
$("add-pass").addEventListener("click", () => addCall(true));
$("calls-clear").addEventListener("click", () => { state.calls = []; renderCalls(); });
$("dealer").addEventListener("change", () => {
  renderCalls();
  // the first leader follows the dealer (the seat after it leads) until chosen or a card is played
  if (state.info && !play.leaderChosen && !play.cards.length && $("leader").value !== String(dealerOpponent())) {
    $("leader").value = String(dealerOpponent());
    if (!state.info.has_bidding) askPlay();
  }
});
$("leader").addEventListener("change", () => { play.leaderChosen = true; });
$("upcard").addEventListener("input", () => {
  updateMeld();
  const s = upcardSuit();  // two-handed: the upcard names trump
  // phase 1 by default once the upcard is given (until the phase is chosen or a card is played)
  if (!play.phaseChosen && !play.cards.length && $("play-phase").value !== (s ? "1" : "2")) {
    $("play-phase").value = s ? "1" : "2";
    applyPhase();
  }
  if (s && s !== $("trump").value) $("trump").value = s;
  askPlay();
});
$("play-phase").addEventListener("change", () => {  // the phases write their tricks apart: start over
  play.phaseChosen = true;
  applyPhase();
  clearPlayed();
});
$("trick-meld").addEventListener("change", addMeld);
$("seat").addEventListener("change", () => { renderShownInputs(); askPlay(); });
for (const id of ["declarer", "bid", "trump", "leader", "play-meld", "play-samples", "play-mode", "seed", "whole-meld",
  "score", "so-far"]) {
  $(id).addEventListener("change", askPlay);
}
$("undo").addEventListener("click", undoPlayed);
$("tricks-clear").addEventListener("click", clearPlayed);
$("play-ask").addEventListener("click", askPlay);
$("analyse").addEventListener("click", analyse);
$("pass-ask").addEventListener("click", askPass);
$("pass-cancel").addEventListener("click", () => cancelPass(false));
$("received").addEventListener("change", askPlay);  // the pass asked for another position: cleared
$("passed-back").addEventListener("change", passChanged);
$("cancel").addEventListener("click", () => cancel(false));
window.addEventListener("pagehide", () => {
  for (const id of [state.job, pass.job]) if (id) navigator.sendBeacon(`/api/jobs/${id}/cancel`);
});
api("/api/limits").then((l) => { $("samples").max = String(l.max_samples); }).catch(() => {});
loadRuleList();
