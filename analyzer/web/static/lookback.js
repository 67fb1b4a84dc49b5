// The page's look back at a hand (loaded after app.js, whose helpers it uses): the play-along's hand saved as a
// hand record, a record reviewed decision by decision (`pinochle review --json`, followed as a job), and the
// practice mode with its running score in the browser. Every figure comes from the JSON API (analyzer.api).
"use strict";

// ---- saving the hand (POST /api/record: the record `pinochle play --record` writes) ---------------------------
// The play-along's position -- the same body as the advice's -- as a hand record: shown, offered as a file, and
// handed to the review below on request.
async function saveHand() {
  $("save-note").replaceChildren();
  if (!state.info) return;
  let r;
  try { r = await api("/api/record", playBody()); } catch (e) {
    $("save-note").textContent = `Cannot save the hand: ${forPlay(e.message)}`;
    return;
  }
  const href = "data:text/plain;charset=utf-8," + encodeURIComponent(r.text);
  $("save-note").replaceChildren(
    el("a", { id: "save-link", href, download: r.name }, `Download ${r.name}`),
    " (the hand record; pinochle review reads it) ",
    el("button", { type: "button", id: "save-review", onclick: () => {
      $("review-record").value = r.text;
      $("review-panel").scrollIntoView();
    } }, "Review it below"),
    el("pre", { id: "save-text" }, r.text));
}

// ---- reviewing a hand record (POST /api/jobs/review: `pinochle review --json`, followed as a job) ------------
const review = { job: null, source: null, result: null, at: 0 };
const MEASURE = { net: "net score points", points: "points", score: "score points",
                  difference: "points of score difference", "": "points" };

function reviewBody() {
  const body = { record: $("review-record").value, which: Number($("review-which").value) || 1,
                 seed: Number($("review-seed").value) || 0 };
  if ($("review-samples").value !== "") body.samples = Number($("review-samples").value);
  if ($("review-play-samples").value !== "") body.play_samples = Number($("review-play-samples").value);
  // your own house rules (pasted or loaded above): what a record of a rule set neither built in nor shipped is read by
  if (state.rules && !state.builtins.has(state.rules) && !(state.rules in state.house)) body.rules = state.rules;
  return body;
}

function reviewBusy(on) {
  $("review-run").disabled = on;
  $("review-cancel").hidden = !on;
  $("review-progress").hidden = !on;
}

async function runReview() {
  $("review-error").textContent = "";
  if (!$("review-record").value.trim()) {
    $("review-error").textContent = "load a record file or paste a record first";
    return;
  }
  if (state.job) { $("review-error").textContent = "wait for the bid analysis first (one analysis at a time)"; return; }
  await followJob("/api/jobs/review", reviewBody(), review, {
    error: "review-error", progress: "review-progress-text", busy: reviewBusy,
    running: "asking the advisor at every decision",
    done: async (id) => showReview((await api(`/api/jobs/${id}`)).result, `/api/jobs/${id}/result.json`) });
}

async function cancelReview() {
  if (await stopJob(review, reviewBusy)) $("review-error").textContent = "cancelled";
}

const lossText = (l, digits = 2) => (l ? interval(l, (x) => x.toFixed(digits)) : "\u2014");

function showReview(r, href) {
  review.result = r;
  const ds = r.decisions, s = r.summary;
  $("review-head").textContent = `Seat ${r.seat}'s decisions (${r.rules}), each asked with seed ${r.seed}: ` +
    `${r.samples} deals a call, ${r.play_samples} a card. A decision is marked (!) when its loss is above ` +
    `${r.threshold} point${r.threshold === 1 ? "" : "s"} beyond the noise (the lower end of its 95% interval).`;
  const lost = (l) => (l ? `${l.mean.toFixed(2)} points (95% ${l.lo.toFixed(2)} to ${l.hi.toFixed(2)})` : "nothing judged");
  const big = s.biggest.map((b) => `${b.where}: ${b.chosen} for ${b.best}, ${b.loss.mean.toFixed(2)} points`);
  const dd = s.my_double_dummy_loss;
  $("review-summary").replaceChildren(
    el("li", { id: "review-bidding" }, `Lost in the bidding: ${lost(s.bidding_loss)}`),
    el("li", { id: "review-play" }, `Lost in the play: ${lost(s.play_loss)}`),
    el("li", { id: "review-marked" }, `Marked: ${s.marked} of ${ds.length} decisions`),
    el("li", { id: "review-biggest" }, `Biggest: ${big.length ? big.join("; ") : "none lost anything"}`),
    ...(dd !== null && dd !== undefined ? [el("li", {}, `Double dummy (every hand known): seat ${r.seat}'s cards ` +
      `lost ${dd} points against the solver's best on the true position`)] : []));
  $("review-table").replaceChildren(
    el("tr", {}, ...["#", "decision", "where", "chosen", "advisor's best", "loss (95%)", "mark"].map((h) => el("th", {}, h))),
    ...ds.map((d, i) => el("tr", { "data-index": i, class: d.marked ? "marked" : "", onclick: () => stepReview(i) },
      el("td", {}, String(i + 1)), el("td", { class: "left" }, d.kind), el("td", { class: "left" }, d.where),
      el("td", {}, d.chosen), el("td", {}, d.best ?? "\u2014"), el("td", {}, lossText(d.loss)),
      el("td", {}, d.marked ? "!" : ""))));
  $("review-notes").replaceChildren(...(r.notes || []).map((n) => el("li", {}, forPage(n))));
  $("review-download").href = href;
  $("review-results").hidden = false;
  stepReview(0);
}

// the decision on show: its line in words, its row outlined
function stepReview(i) {
  const ds = review.result ? review.result.decisions : [];
  if (!ds.length) {
    review.at = 0;
    $("review-pos").textContent = "no decision";
    $("review-step").textContent = "The record holds no decision of this seat.";
    $("review-prev").disabled = $("review-next").disabled = true;
    return;
  }
  review.at = Math.max(0, Math.min(ds.length - 1, i));
  const d = ds[review.at];
  $("review-pos").textContent = `decision ${review.at + 1} of ${ds.length}`;
  $("review-prev").disabled = review.at === 0;
  $("review-next").disabled = review.at === ds.length - 1;
  for (const tr of $("review-table").querySelectorAll("tr[data-index]")) {
    tr.classList.toggle("current", Number(tr.dataset.index) === review.at);
  }
  const unit = MEASURE[d.measure] ?? d.measure;
  const same = d.best !== null && d.best === d.chosen;
  const parts = [`${d.kind === "call" ? "Call" : d.kind === "trump" ? "Trump" : "Card"} \u2014 ${d.where}: you chose ` +
    `${d.chosen}` + (d.best === null ? " (the advisor names no best here)" : same ? ", the advisor's best too"
      : `; the advisor's best was ${d.best}`) + "."];
  if (d.loss) {
    parts.push(`Expected loss ${d.loss.mean.toFixed(2)} ${unit} (95% ${d.loss.lo.toFixed(2)} to ${d.loss.hi.toFixed(2)}` +
      `${d.deals ? `, ${d.deals} deals` : ""}).`);
  }
  if (d.game_loss) {
    const f = (x) => `${(100 * x).toFixed(1)}`;
    parts.push(`For the game: ${f(d.game_loss.mean)} percentage points of the chance of winning it (95% ` +
      `${f(d.game_loss.lo)} to ${f(d.game_loss.hi)}; best for the game ${d.game_best}).`);
  }
  parts.push(d.marked ? "Marked: it lost more than the threshold beyond the noise." : "Not marked.");
  if (d.note) parts.push(forPage(d.note));
  $("review-step").textContent = parts.join(" ");
  $("review-step").classList.toggle("marked", !!d.marked);
}

// ---- practice (GET /api/practice, POST /api/practice/deal and /answer) ---------------------------------------
// The running score lives in the browser (localStorage): positions answered, best choices, points lost.
const PRACTICE_KEY = "pinochle-practice";
const practice = { position: null, answered: false };

function practiceScore() {
  try {
    const s = JSON.parse(localStorage.getItem(PRACTICE_KEY) || "null");
    if (s && typeof s.played === "number") return s;
  } catch (e) { /* a score that does not read starts over */ }
  return { played: 0, best: 0, lost: 0, next: Math.floor(Math.random() * 1000) };
}

function savePracticeScore(s) { localStorage.setItem(PRACTICE_KEY, JSON.stringify(s)); }

function showPracticeScore() {
  const s = practiceScore();
  $("practice-score").textContent = s.played
    ? `This session: ${s.played} position${s.played === 1 ? "" : "s"}, ${s.best} best choice${s.best === 1 ? "" : "s"}, ` +
      `${s.lost.toFixed(1)} points lost`
    : "This session: no position yet";
}

async function loadPractice() {
  let info;
  try { info = await api("/api/practice"); } catch (e) { showError("practice-error", e.message); return; }
  $("practice-rules").replaceChildren(el("option", { value: "" }, "every rule set"),
    ...info.rules.map((r) => el("option", { value: r }, `${r} (${info.kept[r].call} calls, ${info.kept[r].card} cards)`)));
  $("practice-rule").textContent = `The set: ${info.rule}.`;
  showPracticeScore();
}

async function dealPractice() {
  $("practice-error").textContent = "";
  const s = practiceScore();
  const body = { number: s.next };
  if ($("practice-rules").value) body.rules = $("practice-rules").value;
  let p;
  try { p = await api("/api/practice/deal", body); } catch (e) { showError("practice-error", e.message); return; }
  s.next = (s.next + 1) % 1000000;
  savePracticeScore(s);
  practice.position = p;
  practice.answered = false;
  const q = p.question;
  $("practice-position").dataset.id = p.id;
  const where = p.where.replace(/ \(after .*\)$/, "");  // the calls are listed below
  $("practice-where").textContent = `${p.rules}: ${p.kind === "call" ? "your call" : "your card"} \u2014 ${where}`;
  $("practice-hand").replaceChildren(...q.hand.split(/\s+/).filter(Boolean).map((c) => el("span", { class: "chip" }, cardLabel(c))));
  const facts = [`You are seat ${q.seat}` + (q.dealer !== undefined ? `; seat ${q.dealer} dealt` : "") +
    (p.kind === "card" ? " (the hand as dealt)" : "")];
  if (p.kind === "call") facts.push(`Calls so far: ${q.auction || "none: your opening call"}`);
  else {
    if (q.auction) facts.push(`The auction: ${q.auction}`);
    if (q.declarer !== undefined) facts.push(`Declarer seat ${q.declarer}` + (q.bid ? ` at ${q.bid}` : ""));
    if (q.trump) facts.push(`Trump: ${SUIT_NAME[q.trump]}`);
    if (q.leader !== undefined) facts.push(`Seat ${q.leader} led first`);
    if (q.shown) facts.push("Shown as meld: " + Object.entries(q.shown).map(([k, v]) => `seat ${k} ${v}`).join("; "));
    facts.push(`Tricks so far: ${q.played || "none"}`);
  }
  $("practice-facts").replaceChildren(...facts.map((f) => el("li", {}, f)));
  $("practice-ask").textContent = p.kind === "call" ? "Your call:" : "Your card:";
  $("practice-choices").replaceChildren(...p.choices.map((c) => el("button", {
    type: "button", class: "chip", "data-choice": c.choice, onclick: () => answerPractice(c.choice),
  }, p.kind === "card" ? cardLabel(c.label) : c.label)));
  $("practice-answer").hidden = true;
  $("practice-position").hidden = false;
}

async function answerPractice(choice) {
  const p = practice.position;
  if (!p || practice.answered) return;
  let a;
  try { a = await api("/api/practice/answer", { id: p.id, choice }); } catch (e) {
    showError("practice-error", e.message); return;
  }
  practice.answered = true;
  for (const b of $("practice-choices").querySelectorAll("button")) b.disabled = true;
  const s = practiceScore();
  s.played += 1;
  s.best += a.best_choice ? 1 : 0;
  s.lost += a.cost.mean;
  savePracticeScore(s);
  showPracticeScore();
  const unit = MEASURE[a.measure] ?? a.measure, c = a.cost;
  $("practice-cost").textContent = a.best_choice ? `${a.chosen}: the best choice (it cost nothing)`
    : `${a.chosen} cost ${c.mean.toFixed(2)} ${unit} (95% ${c.lo.toFixed(2)} to ${c.hi.toFixed(2)}) against the ` +
      `advisor's best, ${a.best}`;
  const call = a.kind === "call";
  const head = call ? ["call", "net (95%)", "you declare", "make", "loss (95%)"]
    : ["card", "points (95%)", "bid made", "behind the best (95%)"];
  const p2 = (x) => (x ? `${pct(x.p)}` : "\u2014");
  $("practice-table").replaceChildren(el("tr", {}, ...head.map((h) => el("th", {}, h))),
    ...a.options.map((o) => {
      const f = o.figures;
      const cells = call
        ? [el("td", {}, o.label), el("td", {}, interval(f.net, (x) => sign(x))), el("td", {}, p2(f.i_declare)),
          el("td", {}, p2(f.make)), el("td", {}, lossText(o.loss))]
        : [el("td", {}, cardLabel(o.label)), el("td", {}, interval(f.points, (x) => x.toFixed(1))),
          el("td", {}, p2(f.make)), el("td", {}, o.loss.hi === 0 && o.loss.mean === 0 ? "best" : lossText(o.loss))];
      return el("tr", { "data-choice": o.choice, class: [o.choice === a.best ? "best" : "",
        o.choice === a.chosen ? "chosen" : ""].join(" ").trim() }, ...cells);
    }));
  $("practice-source").textContent = `${a.deals} deals; from ${a.source}.`;
  $("practice-answer").hidden = false;
}

// ---- wiring ---------------------------------------------------------------------------------------------
$("save-hand").addEventListener("click", saveHand);
$("review-run").addEventListener("click", runReview);
$("review-cancel").addEventListener("click", cancelReview);
$("review-prev").addEventListener("click", () => stepReview(review.at - 1));
$("review-next").addEventListener("click", () => stepReview(review.at + 1));
$("review-file").addEventListener("change", async () => {
  const f = $("review-file").files[0];
  if (f) $("review-record").value = await f.text();
});
$("practice-deal").addEventListener("click", dealPractice);
$("practice-reset").addEventListener("click", () => {
  localStorage.removeItem(PRACTICE_KEY);
  showPracticeScore();
});
window.addEventListener("pagehide", () => { if (review.job) navigator.sendBeacon(`/api/jobs/${review.job}/cancel`); });
loadPractice();
