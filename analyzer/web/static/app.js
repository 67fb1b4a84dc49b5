// The page of `pinochle serve`: picks a hand, asks the JSON API (the same data as `pinochle bid --json`)
// and shows the advice. No framework: the page is one form and one result.
"use strict";
const SUITS = ["S", "H", "D", "C"];
const SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const $ = (id) => document.getElementById(id);
const state = { info: null, hand: [], calls: [], job: null, source: null, meldSeq: 0 };

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
  "dd-max-nodes": "the node budget", known: "known cards", risk: "risk",
};
function forPage(text) {
  return String(text ?? "")
    .replace(/;\s*--dd-samples, --dd-trumps and --dd-max-nodes set them/g, "")
    .replace(/;\s*dd_samples, dd_trumps and max_nodes set them/g, "")
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

async function api(path, body, method) {
  const resp = await fetch(path, {
    method: method || (body === undefined ? "GET" : "POST"),
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await resp.json().catch(() => ({ error: `HTTP ${resp.status}` }));
  if (!resp.ok) throw new Error(data.error || `HTTP ${resp.status}`);
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
async function loadRuleList() {
  const list = await api("/api/rules");
  const sel = $("rules");
  for (const r of list) sel.append(el("option", { value: r.id }, r.name));
  sel.value = "auction";
  sel.addEventListener("change", () => { $("options").replaceChildren(); loadRules(); });
  await loadRules();
}

async function loadRules() {
  let info;
  try {
    info = await api("/api/rules", { rules: $("rules").value, options: options() });
  } catch (e) { showError("error", e.message); return; }
  const switched = !state.info || state.info.id !== info.id;
  if (state.info) clearAdvice();
  state.info = info;
  $("rules-summary").textContent = info.summary || "";
  $("bidding-rules").replaceChildren(...info.bidding_text.map((t) => el("li", {}, t)));
  if (!$("options").children.length) {
    for (const [name, o] of Object.entries(info.options)) {
      const sel = el("select", { name, "data-default": String(o.default), title: o.help });
      for (const c of o.choices) sel.append(el("option", { value: String(c) }, String(c)));
      sel.value = String(o.value);
      sel.addEventListener("change", loadRules);
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
  renderPicker(); renderHand(); renderCalls();
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
    rep = await api("/api/meld", { rules: $("rules").value, options: options(), hand: state.hand.join(" "),
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
    rules: $("rules").value, options: options(), hand: state.hand.join(" "),
    seat: Number($("seat").value), dealer: Number($("dealer").value),
    samples: Number($("samples").value), seed: Number($("seed").value),
  };
  if ($("play").value) body.play = $("play").value;
  if (state.info.stock) body.upcard = $("upcard").value.trim().toUpperCase() || null;
  if (state.info.has_bidding && state.calls.length) {
    body.auction = state.calls.map((c) => `${c.seat}:${c.bid === null ? "pass" : c.bid}`).join(" ");
  }
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
  let job;
  try { job = await api("/api/jobs", request()); } catch (e) { showError("error", e.message); return; }
  state.job = job.id;
  busy(true);
  $("progress-text").textContent = "queued";
  const src = new EventSource(`/api/jobs/${job.id}/events`);
  state.source = src;
  src.onmessage = async (ev) => {
    const st = JSON.parse(ev.data);
    if (st.state === "queued") $("progress-text").textContent = `waiting for a worker (${st.queued_ahead} ahead)`;
    else if (st.state === "running") $("progress-text").textContent = `dealing and playing out\u2026 ${st.elapsed.toFixed(0)} s`;
    if (["done", "error", "cancelled"].includes(st.state)) {
      src.close(); state.source = null; state.job = null; busy(false);
      if (st.state === "done") showResult(await api(`/api/jobs/${st.id}`));
      else showError("error", st.state === "cancelled" ? `cancelled: ${st.error}` : st.error);
    }
  };
  src.onerror = () => { if (state.source === src && src.readyState === EventSource.CLOSED) { busy(false); } };
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
  $("chart").hidden = true;
  $("chart").removeAttribute("src");
  $("download").href = "#";
}

async function cancel(quiet) {
  if (!state.job) return;
  const id = state.job;
  if (state.source) { state.source.close(); state.source = null; }
  state.job = null;
  busy(false);
  try { await api(`/api/jobs/${id}`, undefined, "DELETE"); } catch (e) { /* already over */ }
  if (!quiet) $("error").textContent = "cancelled";
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

function showResult(job) {
  const r = job.result;
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
    return;
  }
  const rec = r.recommendation, call = r.call;
  const trumpName = SUIT_NAME[rec.trump];
  $("call").textContent = rec.action === "too-few" || rec.action === "trump" ? forPage(rec.text)
    : call && call.bid !== null ? `Call now: Bid ${call.bid}, naming ${trumpName} if it wins`
    : call ? `Call now: Pass` : rec.text;
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
  $("ceiling").textContent = c && c.bid !== null
    ? `Ceiling: up to ${c.bid} with ${SUIT_NAME[c.trump]}; where ${c.bid} wins the auction ` +
      `(${pct(c.wins_auction.p)} of the deals) you make it ${pct(c.make_if_won.p)} of the time and gain ` +
      `${sign(c.gain_over_pass.mean)} over passing (95% ${sign(c.gain_over_pass.lo)} to ${sign(c.gain_over_pass.hi)}).`
    : "Ceiling: no bid beats passing where it wins the auction.";
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
    $("dd").replaceChildren(el("h3", {}, `Double dummy against heuristic play: the first ${dd.samples} deals, up to ${dd.max_nodes / 1e6} M nodes a deal`),
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
        ? `Does ${dd.make.bid} in ${dd.make.trump} make double dummy? ${pct(dd.make.dd_make.p)} against ${pct(dd.make.heuristic_make.p)} with heuristic play (dd \u2212 heuristic ${sign(dd.make.gap.mean)} points, 95% ${sign(dd.make.gap.lo)} to ${sign(dd.make.gap.hi)}); ${dd.make.decided} of the first ${dd.make.deals} deals decided, one search a deal`
        : `Does ${dd.make.bid} in ${dd.make.trump} make double dummy? No deal decided of ${dd.make.deals}.`)] : []));
  } else {
    $("dd").replaceChildren();  // a run without the check shows none (not the last run's)
  }
}

// ---- wiring ---------------------------------------------------------------------------------------------
$("hand-apply").addEventListener("click", applyTyped);
$("hand-text").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); applyTyped(); } });
$("hand-clear").addEventListener("click", () => { state.hand = []; renderHand(); });
$("add-bid").addEventListener("click", () => addCall(false));
$("add-pass").addEventListener("click", () => addCall(true));
$("calls-clear").addEventListener("click", () => { state.calls = []; renderCalls(); });
$("dealer").addEventListener("change", renderCalls);
$("upcard").addEventListener("input", updateMeld);
$("analyse").addEventListener("click", analyse);
$("cancel").addEventListener("click", () => cancel(false));
window.addEventListener("pagehide", () => { if (state.job) navigator.sendBeacon(`/api/jobs/${state.job}/cancel`); });
api("/api/limits").then((l) => { $("samples").max = String(l.max_samples); }).catch(() => {});
loadRuleList();
