"""The page in a real browser: headless Chromium (Debian's chromium and chromium-driver, through Selenium) opens
the page that ``pinochle serve`` serves on a free local port, picks the README's example hand by clicking the
cards, runs the analysis and finds the recommended call (the same as the JSON the page offers) and the chart.
Skips, saying why, where no browser is installed (``.ci/run`` installs one)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (the test extra)")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                                reason="no headless browser here: apt-get install chromium chromium-driver")

HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"  # the README's example hand
ROOT = Path(__file__).resolve().parents[1]
#: seconds between a wait's looks at the page (Selenium's default, 0.5, idled the tests a third of their time)
POLL = 0.05


@pytest.fixture(scope="module")
def server():
    """``pinochle serve --port 0`` in a child process; its address."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "analyzer", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        line = proc.stdout.readline()
        m = re.search(r"http://[^/\s]+/", line)
        assert m, f"no address from pinochle serve: {line!r} {proc.stderr.read() if proc.poll() is not None else ''}"
        yield m.group(0)
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--window-size=1400,1500", f"--user-data-dir={tmp_path_factory.mktemp('chromium')}"):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console: Content-Security-Policy reports
    drv = webdriver.Chrome(service=Service(DRIVER), options=opts)
    try:
        yield drv
    finally:
        drv.quit()


def test_pick_the_readme_hand_and_get_the_advice(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    d = browser
    d.get(server)
    WebDriverWait(d, 30, poll_frequency=POLL).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, '#picker button[data-card="AH"]'))
    assert d.find_element(By.ID, "rules").get_attribute("value") == "auction"
    for c in HAND.split():
        d.find_element(By.CSS_SELECTOR, f'#picker button[data-card="{c}"]').click()
    assert d.find_element(By.ID, "count").text == "12 / 12 cards"
    # the hand is full: no card can be added; the deck's two KH are both out of the picker
    assert all(not b.is_enabled() for b in d.find_elements(By.CSS_SELECTOR, "#picker button"))
    d.find_element(By.CSS_SELECTOR, '#hand button[data-card="KH"]').click()  # take one KH out again
    kh = d.find_element(By.CSS_SELECTOR, '#picker button[data-card="KH"]')
    assert kh.is_enabled() and "1 left" in kh.text
    kh.click()
    # the meld breakdown, instant: hearts is the best trump with 20
    # the table is redrawn as the meld arrives: a row found just before a redraw goes stale, look again
    from selenium.common.exceptions import StaleElementReferenceException

    WebDriverWait(d, 20, poll_frequency=POLL, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: "20" in d.find_element(By.CSS_SELECTOR, "#meld tr.best").text)
    samples = d.find_element(By.ID, "samples")
    samples.clear()
    samples.send_keys("500")
    d.find_element(By.CSS_SELECTOR, '#play option[value="heuristic"]').click()
    _cheap_play_advice(d)
    d.find_element(By.ID, "analyse").click()
    WebDriverWait(d, 300, poll_frequency=POLL).until(lambda d: d.find_element(By.ID, "chart").is_displayed()
                                or d.find_element(By.ID, "error").text)
    assert d.find_element(By.ID, "error").text == ""
    call = d.find_element(By.ID, "call").text
    assert re.match(r"Call now: (Bid \d+, naming \w+ if it wins|Pass)$", call), call
    # the chart is a drawn image
    assert d.execute_script("return document.getElementById('chart').naturalWidth") > 100
    # the page's JSON is the advice it shows
    href = d.find_element(By.ID, "download").get_attribute("href")
    with urllib.request.urlopen(href) as resp:
        result = json.loads(resp.read())
    assert result["hand"] == sorted(HAND.split(), key=lambda c: ("SHDC".index(c[-1]), "ATKQJ9".index(c[0])))
    assert result["samples"] == 500
    assert call.startswith(f"Call now: {result['call']['call']}")
    assert "hearts" in call or result["call"]["bid"] is None
    _settle(d)
    # with the double-dummy check: its table and the make check's line (the same figures as the JSON)
    d.find_element(By.CSS_SELECTOR, '#play option[value="both"]').click()
    d.find_element(By.ID, "analyse").click()
    WebDriverWait(d, 300, poll_frequency=POLL).until(
        lambda d: d.find_elements(By.ID, "dd-make") or d.find_element(By.ID, "error").text)
    assert d.find_element(By.ID, "error").text == ""
    line = d.find_element(By.ID, "dd-make").text
    with urllib.request.urlopen(d.find_element(By.ID, "download").get_attribute("href")) as resp:
        mk = json.loads(resp.read())["double_dummy"]["make"]
    assert line.startswith(f"Does {mk['bid']} in {mk['trump']} make double dummy from trick {mk['from_trick']}?"), line
    assert f"{mk['decided']} of the first {mk['deals']} deals decided" in line
    assert any("double-dummy check" in li.text for li in d.find_elements(By.CSS_SELECTOR, "#notes li"))
    _no_advice_flags(d)


# ---- the page keeps up with the player (issue 31) -----------------------------------------------------------------
def _wait(d, cond, seconds=60):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(d, seconds, poll_frequency=POLL,
                         ignored_exceptions=(StaleElementReferenceException,)).until(cond)


def _text(d, id_):
    from selenium.webdriver.common.by import By

    return d.find_element(By.ID, id_).text


def _set(d, id_, value):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    e = d.find_element(By.ID, id_)
    if e.tag_name == "select":
        Select(e).select_by_value(value)
    else:
        e.clear()
        e.send_keys(value)


def _game(d, rules, cards):
    """Choose the rule set and type the hand; the card-play advice made cheap (a new game resets it)."""
    from selenium.webdriver.common.by import By

    _set(d, "rules", rules)
    # the page set up for the new game (a game of the same hand size as the old one looks the same till then)
    _wait(d, lambda d: d.execute_script("return state.info && state.info.id") == rules
          and _text(d, "count").endswith(f"/ {len(cards.split())} cards")
          and d.find_element(By.ID, "rules-summary").text)
    _set(d, "hand-text", cards)
    d.find_element(By.ID, "hand-apply").click()
    _wait(d, lambda d: _text(d, "count").startswith(f"{len(cards.split())} /"))
    _cheap_play_advice(d)


def _analyse(d):
    from selenium.webdriver.common.by import By

    before = _text(d, "call")
    d.find_element(By.ID, "analyse").click()
    _wait(d, lambda d: (d.find_element(By.ID, "results").is_displayed() and _text(d, "call")
                        and _text(d, "call") != before) or _text(d, "error"), 300)
    _settle(d)


def _cheap_play_advice(d):
    """Few deals, valued heuristically, for the card-play advice the page asks for by itself after an analysis
    (its default, double dummy on the server's default deals, takes up to half a minute on a loaded machine): the
    tests wait for it (:func:`_settle`) rather than stop it, a stopped task costing the server its worker process
    (the next request waits for a fresh one). Tests of the play section set their own."""
    _set(d, "play-samples", "20")
    _set(d, "play-mode", "heuristic")


def _settle(d):
    """Wait for the card-play advice the page asked for by itself after an analysis (it posts it after a zero-delay
    timeout), so that the test's next step does not stop it: a stopped task costs the server its worker process."""
    import time

    time.sleep(0.2)
    _wait(d, lambda d: d.execute_script("return play.outstanding.size") == 0, 120)


def _no_flags(text):
    assert "--" not in text, f"the page tells a page user to type a flag: {text!r}"


def test_the_page_follows_the_game_seat_and_calls(server, browser):
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    # the page states the server's cap on samples
    with urllib.request.urlopen(server + "api/limits") as resp:
        assert d.find_element(By.ID, "samples").get_attribute("max") == str(json.loads(resp.read())["max_samples"])
    _game(d, "auction", HAND)
    _set(d, "samples", "200")
    _set(d, "play", "heuristic")
    # the calls note: "No calls" only while no call is listed
    assert _text(d, "calls-note").startswith("No calls")
    d.find_element(By.ID, "add-pass").click()
    assert "No calls" not in _text(d, "calls-note") and "take it" in _text(d, "calls-note")
    d.find_element(By.ID, "calls-clear").click()
    assert _text(d, "calls-note").startswith("No calls")
    _analyse(d)
    assert _text(d, "error") == "" and _text(d, "call").startswith("Call now")
    assert _text(d, "ceiling").startswith("Ceiling:")  # the library's sentence (ceiling.text in the JSON)
    for li in d.find_elements(By.CSS_SELECTOR, "#notes li"):
        _no_flags(li.text)
    _no_advice_flags(d)
    # seat 0 dealing: fine in auction; switching the game clears the advice and the seat and dealer
    _set(d, "seat", "0")
    _set(d, "dealer", "0")
    _game(d, "double-deck", "AS AS TS KS KS QS QS JS JS AH TH KH QH JH AD TD KD QD AC TC")
    assert not d.find_element(By.ID, "results").is_displayed()
    assert _text(d, "call") == "" and not d.find_elements(By.CSS_SELECTOR, "#trumps tr")
    assert not d.find_element(By.ID, "chart").is_displayed() and _text(d, "error") == ""
    seat = d.find_element(By.ID, "seat").get_attribute("value")
    dealer = d.find_element(By.ID, "dealer").get_attribute("value")
    assert (seat, dealer) == ("1", "0")
    # double deck's default play has the double-dummy check from trick 11: its note says so in the page's words
    # (no flag); its table is titled so
    _set(d, "samples", "100")
    _set(d, "play", "")
    _analyse(d)
    assert _text(d, "error") == "" and _text(d, "call").startswith("Call now")
    notes = " ".join(li.text for li in d.find_elements(By.CSS_SELECTOR, "#notes li"))
    if "compil" not in notes:  # a first run on a fresh machine answers at once, the solver compiling for the next
        assert "double-dummy check, from trick 11" in notes and "dd_tricks_left" not in notes, notes
        assert "from trick 11" in d.find_element(By.CSS_SELECTOR, "#dd h3").text
    _no_advice_flags(d)
    # seat 0 dealing in double deck with no calls listed: every other seat passed, the dealer plays at 50 and
    # the page says which trump to name
    _set(d, "seat", "0")
    _analyse(d)
    assert _text(d, "error") == "" and "name" in _text(d, "call") and "50" in _text(d, "call"), _text(d, "call")
    assert len(d.find_elements(By.CSS_SELECTOR, "#trumps tr")) == 5
    _no_flags(_text(d, "call"))
    # the passes the advice read are listed as the calls so far: the play follows them (seat 0 at 50)
    assert [b.text for b in d.find_elements(By.CSS_SELECTOR, "#calls button")] == ["1: pass", "2: pass", "3: pass"]
    _wait(d, lambda d: "seat 0 won the auction at 50" in _text(d, "play-auction"))
    # Luxury Family's three seats: seat 3 chosen in double deck is not carried over
    _set(d, "seat", "3")
    _set(d, "dealer", "3")
    _game(d, "luxury-family", "AS TS KS QS JS 7S AH TH KH QH JH AD TD KD AC TC")
    assert d.find_element(By.ID, "seat").get_attribute("value") == "1"
    assert d.find_element(By.ID, "dealer").get_attribute("value") == "0"
    assert _text(d, "error") == ""
    _assert_no_csp_reports(d)


def test_two_handed_trump_follows_the_upcard(server, browser):
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    _game(d, "two-handed", "AH AH TH TH KH KH QH QH JH JH 9S 9D")  # hearts hold the best meld
    _wait(d, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#meld tr[data-suit]")) == 4)
    assert not d.find_elements(By.CSS_SELECTOR, "#meld tr.best")  # no trump before the upcard names it
    assert "give the upcard" in _text(d, "meld-trump-note")
    _set(d, "upcard", "9D")  # ... but the upcard makes diamonds trump
    _wait(d, lambda d: [r.get_attribute("data-suit") for r in d.find_elements(By.CSS_SELECTOR, "#meld tr.best")]
          == ["D"])
    assert "diamonds" in _text(d, "meld-trump-note")
    _set(d, "samples", "60")
    _set(d, "play", "heuristic")
    _analyse(d)
    assert _text(d, "error") == ""
    call = _text(d, "call")
    assert call.startswith("Trump diamonds (the upcard 9D)"), call
    assert "dix" not in call.lower() and _text(d, "auction-note").startswith("Dix:")
    assert d.find_element(By.ID, "aim-box").is_displayed()
    rows = d.find_elements(By.CSS_SELECTOR, "#aim tr")
    with urllib.request.urlopen(d.find_element(By.ID, "download").get_attribute("href")) as resp:
        melds = json.loads(resp.read())["melds"]
    assert len(rows) == len(melds) + 1 and melds[0]["meld"] in rows[1].text
    _no_advice_flags(d)
    # back to a game with bidding: the two-handed advice and its melds to aim for are gone
    _game(d, "auction", HAND)
    assert not d.find_element(By.ID, "results").is_displayed() and _text(d, "call") == ""
    assert not d.find_element(By.ID, "aim-box").is_displayed()
    _assert_no_csp_reports(d)


def _no_advice_flags(d):
    for id_ in ("call", "ceiling", "auction-note", "chart-note", "dd", "notes", "error"):
        _no_flags(_text(d, id_))


def _assert_no_csp_reports(d):
    logs = [e["message"] for e in d.get_log("browser")]
    assert not [m for m in logs if "Content Security Policy" in m or "Refused to" in m], logs


# ---- the page plays along (issue 30) --------------------------------------------------------------------------------
def _post_play(server, body):
    req = urllib.request.Request(server + "api/play", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as resp:
        return json.loads(resp.read())


def _play_answered(d):
    """The page's play section has its answer: the advice table, an error, or another seat's turn confirmed."""
    from selenium.webdriver.common.by import By

    turn = _text(d, "turn")
    return (d.find_elements(By.CSS_SELECTOR, "#play-table tr.best") or _text(d, "play-error")
            or (turn.startswith("Seat ") and "asking" not in turn))


def test_play_along_the_readme_hand(server, browser):
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    _game(d, "auction", HAND)
    # the contract straight away (no bid analysis first): seat 0 declares 25 in hearts
    _set(d, "seat", "0")
    assert "Choose trump" in _text(d, "turn")
    _set(d, "declarer", "0")
    _set(d, "bid", "25")
    _set(d, "play-samples", "60")
    _set(d, "play-mode", "heuristic")
    _set(d, "trump", "H")
    body = {"rules": "auction", "options": {}, "hand": d.find_element(By.ID, "hand-text").get_attribute("value"),
            "seat": 0, "trump": "H", "declarer": 0, "bid": 25, "samples": 60, "seed": 7, "play": "heuristic"}
    want = _post_play(server, body)
    _wait(d, _play_answered, 120)
    assert _text(d, "play-error") == ""
    rows = d.find_elements(By.CSS_SELECTOR, "#play-table tr[data-card]")
    assert [r.get_attribute("data-card") for r in rows] == [c["card"] for c in want["cards"]]
    assert "best" in rows[0].get_attribute("class") and _text(d, "play-call") == f"Play {want['best']}"
    assert _text(d, "turn").startswith("Your turn (seat 0)")
    assert not [b for b in d.find_elements(By.CSS_SELECTOR, "#deck button") if b.is_enabled()]
    # play the best card from the hand; the others follow with their lowest card of the suit led (any card
    # where they lead) until it is seat 0's turn again
    played, seats = [want["best"]], [0]
    d.find_element(By.CSS_SELECTOR, f'#hand-now button[data-card="{want["best"]}"]').click()
    assert not d.find_element(By.ID, "play-advice").is_displayed()  # the first lead's advice is gone at once
    for _ in range(8):
        _wait(d, _play_answered, 120)
        assert _text(d, "play-error") == ""
        if d.find_elements(By.CSS_SELECTOR, "#play-table tr.best"):
            break
        seat = int(re.match(r"Seat (\d) to play", _text(d, "turn")).group(1))
        trick = played[len(played) - len(played) % 4:]
        cards = [b.get_attribute("data-card") for b in d.find_elements(By.CSS_SELECTOR, "#deck button")
                 if b.is_enabled()]
        follow = [c for c in cards if trick and c[-1] == trick[0][-1]] or [c for c in cards if c[-1] != "H"]
        card = follow[-1]  # the deck lists each suit from the ace down
        d.find_element(By.CSS_SELECTOR, f'#deck button[data-card="{card}"]').click()
        played.append(card)
        seats.append(seat)
    else:
        pytest.fail(f"seat 0 never had the turn again: {played}")
    assert _text(d, "turn").startswith("Your turn (seat 0)")
    n = len(played)
    text = " / ".join(" ".join(played[i:i + 4]) for i in range(0, n, 4))
    want = _post_play(server, {**body, "played": text})
    rows = d.find_elements(By.CSS_SELECTOR, "#play-table tr[data-card]")
    assert [r.get_attribute("data-card") for r in rows] == [c["card"] for c in want["cards"]], text
    assert _text(d, "play-summary").startswith(f"Trick {want['trick_number']}:")
    assert len(d.find_elements(By.CSS_SELECTOR, "#tricks li")) == (n + 3) // 4
    assert len(d.find_elements(By.CSS_SELECTOR, "#hand-now button")) == 12 - seats.count(0)
    # undo takes the last card back: the turn of the seat that played it, no advice
    d.find_element(By.ID, "undo").click()
    assert not d.find_element(By.ID, "play-advice").is_displayed()
    _wait(d, _play_answered)
    assert _text(d, "turn").startswith(f"Seat {seats[-1]} to play"), _text(d, "turn")
    d.find_element(By.CSS_SELECTOR, f'#deck button[data-card="{played[-1]}"]').click()
    _wait(d, _play_answered, 120)
    assert d.find_elements(By.CSS_SELECTOR, "#play-table tr.best")
    # another seat: the advice of seat 0 is not left on screen
    _set(d, "seat", "1")
    assert not d.find_element(By.ID, "play-advice").is_displayed()
    _wait(d, _play_answered, 120)
    assert not d.find_element(By.ID, "play-advice").is_displayed() and not d.find_elements(By.CSS_SELECTOR,
                                                                                             "#play-table tr")
    _set(d, "seat", "0")
    _wait(d, _play_answered, 120)
    assert d.find_element(By.ID, "play-advice").is_displayed()
    # another game: the play starts over, no advice, no tricks, trump to choose
    _game(d, "double-deck", "AS AS TS KS KS QS QS JS JS AH TH KH QH JH AD TD KD QD AC TC")
    assert not d.find_element(By.ID, "play-advice").is_displayed()
    assert not d.find_elements(By.CSS_SELECTOR, "#play-table tr")
    assert [li.text for li in d.find_elements(By.CSS_SELECTOR, "#tricks li")] == ["none yet"]
    assert "Choose trump" in _text(d, "turn") and _text(d, "play-error") == ""
    _assert_no_csp_reports(d)


# ---- the play reads the auction (issue 30, item 4) ------------------------------------------------------------------
def _open(d, server):
    """Load the page and wait until the card picker is drawn."""
    from selenium.webdriver.common.by import By

    d.get(server)
    _wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, '#picker button[data-card="AH"]'))


def _record_play_bodies(d):
    """A hook in the page: every body it posts to /api/play, in order, in ``window.playBodies``."""
    d.execute_script("""
        window.playBodies = [];
        const send = window.fetch.bind(window);
        window.fetch = (url, init) => {
          if (String(url).endsWith("/api/play")) window.playBodies.push(JSON.parse(init.body));
          return send(url, init);
        };""")


def test_play_after_bid_advice_sends_the_auction(server, browser):
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    _record_play_bodies(d)
    _game(d, "auction", HAND)
    _set(d, "seat", "0")
    _set(d, "dealer", "3")
    # the calls to the last pass: seat 0 bids 25, the others pass; they set the play's declarer and bid
    _set(d, "call-bid", "25")
    d.find_element(By.ID, "add-bid").click()
    for _ in range(3):
        d.find_element(By.ID, "add-pass").click()
    auction = "0:25 1:pass 2:pass 3:pass"
    _wait(d, lambda d: "seat 0 won the auction at 25" in _text(d, "play-auction"))
    assert auction in _text(d, "play-auction")
    assert not d.find_element(By.ID, "add-bid").is_enabled() and "auction is over" in _text(d, "calls-note")
    for id_, value in (("declarer", "0"), ("bid", "25")):
        e = d.find_element(By.ID, id_)
        assert e.get_attribute("value") == value and not e.is_enabled(), id_
    _set(d, "play-samples", "40")
    _set(d, "play-mode", "heuristic")
    _set(d, "samples", "100")
    _set(d, "play", "heuristic")
    _analyse(d)
    assert _text(d, "error") == "" and "won the auction at 25" in _text(d, "call"), _text(d, "call")
    trump = d.find_element(By.ID, "trump").get_attribute("value")
    assert trump in "SHDC" and trump  # the trump the advice names
    _wait(d, _play_answered, 120)
    assert _text(d, "play-error") == ""
    # the play request carried the calls and the dealer, and left the declarer and bid to them
    body = d.execute_script("return window.playBodies[window.playBodies.length - 1]")
    assert (body["auction"], body["dealer"], body["trump"]) == (auction, 3, trump)
    assert "declarer" not in body and "bid" not in body
    want = _post_play(server, body)
    assert (want["declarer"], want["bid"], want["auction"]) == (0, 25, auction)
    rows = d.find_elements(By.CSS_SELECTOR, "#play-table tr[data-card]")
    assert [r.get_attribute("data-card") for r in rows] == [c["card"] for c in want["cards"]]
    assert _text(d, "play-call") == f"Play {want['best']}"
    notes = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#play-notes li")]
    clue = [n for n in want["notes"] if n.startswith("the auction's calls")]
    assert clue and clue[0] in notes, notes  # how the deals read the calls (relaxed or not), as the CLI prints
    assert "to make 25" in _text(d, "play-summary")
    # the others' meld, read as their whole meld: the other 9H (a dix) is shown by seat 3, or no seat could hold it
    n = d.execute_script("return window.playBodies.length")
    d.find_element(By.CSS_SELECTOR, "#shown-box summary").click()
    _set(d, "shown-1", "KS QS")
    _set(d, "shown-3", "9H")
    d.find_element(By.ID, "whole-meld").click()
    _wait(d, lambda d: d.execute_script("return window.playBodies.length") > n and _play_answered(d), 120)
    _settle(d)
    body = d.execute_script("return window.playBodies[window.playBodies.length - 1]")
    assert body["whole_meld"] is True and sorted(body["shown"]) == ["1:KS QS", "3:9H"], body
    notes = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#play-notes li")]
    assert any("whole meld" in t for t in notes) and _text(d, "play-error") == "", notes
    # taking the last call back: the advice goes at once, the contract is given by hand again, no auction is sent
    n = d.execute_script("return window.playBodies.length")
    d.find_elements(By.CSS_SELECTOR, "#calls button")[-1].click()
    assert not d.find_element(By.ID, "play-advice").is_displayed()
    _wait(d, lambda d: "seat 3 is to call" in _text(d, "play-auction"))
    assert d.find_element(By.ID, "declarer").is_enabled() and d.find_element(By.ID, "bid").is_enabled()
    assert d.find_element(By.ID, "add-pass").is_enabled() and d.find_element(By.ID, "call-seat").get_attribute(
        "value") == "3"
    _wait(d, _play_answered, 120)
    body = d.execute_script("return window.playBodies[window.playBodies.length - 1]")
    assert d.execute_script("return window.playBodies.length") > n
    assert "auction" not in body and "dealer" not in body and (body["declarer"], body["bid"]) == (0, 25)
    for id_ in ("play-auction", "play-summary", "play-notes", "play-error"):
        _no_flags(_text(d, id_))
    # everyone passes: the hand is thrown in, nothing to play (no request)
    d.find_element(By.ID, "calls-clear").click()
    for _ in range(4):
        d.find_element(By.ID, "add-pass").click()
    _wait(d, lambda d: _text(d, "turn").startswith("Everyone passed: the hand is thrown in"))
    assert not d.find_element(By.ID, "play-advice").is_displayed()
    assert not d.find_element(By.ID, "add-pass").is_enabled()
    _assert_no_csp_reports(d)


# ---- two-handed phase 1 on the page ---------------------------------------------------------------------------------
PHASE1_HAND = "KH QH AD TD QD AC TC JC KS QS 9D JH"  # README's phase-1 example: seat 0, leader 0, upcard QC
PHASE1_PLAYED = "9S AS +dix / JD AD +marriage-H / 9H TH +pinochle / KD"


def _click(d, css):
    """Click the element ``css`` once it is enabled (the play section is redrawn as answers arrive: an element
    found just before a redraw goes stale, look again)."""
    from selenium.webdriver.common.by import By

    def go(d):
        e = d.find_element(By.CSS_SELECTOR, css)
        if not e.is_enabled():
            return False
        e.click()
        return True

    _wait(d, go, 20)


def _tap_deck(d, card):
    _click(d, f'#deck button[data-card="{card}"]')


def test_two_handed_phase1_play_along(server, browser):
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    _record_play_bodies(d)
    _game(d, "two-handed", PHASE1_HAND)
    _set(d, "seat", "0")
    # the first leader is the dealer's opponent, and follows the dealer until chosen
    assert d.find_element(By.ID, "leader").get_attribute("value") == "1"
    _set(d, "dealer", "1")
    assert d.find_element(By.ID, "leader").get_attribute("value") == "0"
    _set(d, "dealer", "0")
    assert d.find_element(By.ID, "leader").get_attribute("value") == "1"
    _set(d, "leader", "0")
    _set(d, "dealer", "1")  # chosen: a dealer change leaves it
    assert d.find_element(By.ID, "leader").get_attribute("value") == "0"
    _set(d, "play-samples", "40")
    _set(d, "play-mode", "heuristic")
    assert d.find_element(By.ID, "play-phase").get_attribute("value") == "2"  # no upcard yet
    _set(d, "upcard", "QC")  # the upcard given: phase 1, its controls and hint
    assert d.find_element(By.ID, "play-phase").get_attribute("value") == "1"
    assert d.find_element(By.ID, "phase1-box").is_displayed()
    assert "your hand = all 12 cards you hold now" in _text(d, "phase1-hint")
    assert not d.find_element(By.ID, "shown-box").is_displayed()
    # the history by taps: the cards on the deck (any seat's in phase 1), the melds after their trick
    for card in ("9S", "AS"):
        _tap_deck(d, card)
    _set(d, "trick-meld", "dix")
    for card in ("JD", "AD"):
        _tap_deck(d, card)
    # a meld that cannot be: the API's one-line error in the page's words; Undo takes the meld back
    _set(d, "trick-meld", "aces")
    _wait(d, lambda d: _text(d, "play-error"), 120)
    err = _text(d, "play-error")
    assert "not among your cards" in err and "from the table" in err and "CARD*" not in err, err
    _no_flags(err)
    assert _text(d, "play-notation") == "9S AS +dix / JD AD +aces"
    d.find_element(By.ID, "undo").click()
    assert _text(d, "play-error") == "" and _text(d, "play-notation") == "9S AS +dix / JD AD"
    _set(d, "trick-meld", "marriage-H")
    for card in ("9H", "TH"):
        _tap_deck(d, card)
    _set(d, "trick-meld", "pinochle")
    _tap_deck(d, "KD")
    assert _text(d, "play-notation") == PHASE1_PLAYED
    _wait(d, _play_answered, 120)
    assert _text(d, "play-error") == ""
    body = d.execute_script("return window.playBodies[window.playBodies.length - 1]")
    assert body == {"rules": "two-handed", "options": {}, "hand": body["hand"], "seat": 0, "upcard": "QC",
                    "leader": 0, "seed": 7, "play": "heuristic", "samples": 40, "played": PHASE1_PLAYED}
    assert sorted(body["hand"].split()) == sorted(PHASE1_HAND.split())
    want = _post_play(server, body)
    assert want["phase"] == 1
    rows = d.find_elements(By.CSS_SELECTOR, "#play-table tr[data-card]")
    moves = [r.get_attribute("data-card") for r in rows]
    assert moves == [c["card"] for c in want["cards"]] and "KH*" in moves and "QH*" in moves
    assert _text(d, "play-summary").startswith(f"Phase 1, trick {want['trick_number']}:")
    assert "Your table: KH QH" in _text(d, "play-summary")
    for id_ in ("play-summary", "play-notes", "play-call"):
        _no_flags(_text(d, id_))
    # tapping a melded copy plays it (KH*): KH leaves the hand held now, the page asks for the card drawn
    _click(d, '#play-table button[data-card="KH*"]')
    assert _text(d, "play-notation") == PHASE1_PLAYED + " KH*"
    assert "KH" not in d.find_element(By.ID, "hand-text").get_attribute("value").split()
    _wait(d, lambda d: "add the card you draw from the stock" in _text(d, "turn"))
    assert _text(d, "turn").startswith("Seat 1 to play")  # the opponent's card can still be tapped
    assert d.find_element(By.CSS_SELECTOR, '#deck button[data-card="AS"]').is_enabled()
    # Undo: KH comes back to the hand, the advice again
    d.find_element(By.ID, "undo").click()
    assert _text(d, "play-notation") == PHASE1_PLAYED
    assert "KH" in d.find_element(By.ID, "hand-text").get_attribute("value").split()
    _wait(d, _play_answered, 120)
    assert d.find_elements(By.CSS_SELECTOR, '#play-table tr[data-card="KH*"]')
    # "from the table" before tapping a card of the hand writes it CARD*
    d.find_element(By.ID, "from-table").click()
    _click(d, '#hand-now button[data-card="QH"]')
    assert _text(d, "play-notation") == PHASE1_PLAYED + " QH*"
    assert not d.find_element(By.ID, "from-table").is_selected()
    assert "QH" not in d.find_element(By.ID, "hand-text").get_attribute("value").split()
    # phase 2 starts the tricks over (the card that left the hand comes back) and sends no upcard
    _set(d, "play-phase", "2")
    assert _text(d, "play-notation") == "nothing yet" and not d.find_element(By.ID, "phase1-box").is_displayed()
    assert sorted(d.find_element(By.ID, "hand-text").get_attribute("value").split()) == sorted(PHASE1_HAND.split())
    _assert_no_csp_reports(d)


# ---- the play judged for the game (issue 51: --score) ---------------------------------------------------------------
def test_the_score_judges_the_cards_for_the_game(server, browser):
    """The bid panel's score is the play's too: the play body sends it with the dealer, each card shows its chance
    of winning the game and the game's sentence is under the table; cleared, the play is by points again."""
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    _game(d, "auction", HAND)
    _record_play_bodies(d)
    for id_, value in (("seat", "0"), ("dealer", "3"), ("declarer", "0"), ("bid", "25"), ("play-samples", "40"),
                       ("play-mode", "heuristic"), ("score", "130-140"), ("trump", "H")):
        _set(d, id_, value)
    _wait(d, lambda d: _play_answered(d) and _text(d, "play-game"), 120)
    assert _text(d, "play-error") == ""
    body = d.execute_script("return window.playBodies")[-1]
    assert body["score"] == "130-140" and body["dealer"] == 3
    want = _post_play(server, body)
    heads = [th.text for th in d.find_elements(By.CSS_SELECTOR, "#play-table th")]
    assert "chance of winning (95%)" in heads and _text(d, "play-call") == f"Play {want['best']}"
    assert _text(d, "play-game").startswith("The game: 130-140, yours first") and want["game"]["text"].split(":")[0] \
        in _text(d, "play-game")
    _no_flags(_text(d, "play-game"))
    _set(d, "score", "")
    d.execute_script("document.getElementById('score').dispatchEvent(new Event('change'))")
    _wait(d, lambda d: _play_answered(d) and "score" not in d.execute_script("return window.playBodies")[-1], 120)
    _wait(d, _play_answered, 120)
    assert "chance of winning (95%)" not in [th.text for th in d.find_elements(By.CSS_SELECTOR, "#play-table th")]
    _assert_no_csp_reports(d)


def test_the_score_judges_the_calls_for_the_game(server, browser):
    """The bid's score: the game box shows every call judged for the game (the call for the game marked), the call
    line says so, the sentence is in the page's words; a bad score is one line naming the score; cleared, no box."""
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    _game(d, "double-deck", "AS AS TS QS JS AH TH QH JH JH KD JD JD AC AC TC KC QC QC JC")
    _set(d, "samples", "300")
    _set(d, "play", "heuristic")
    _set(d, "score", "500-3")
    d.find_element(By.ID, "analyse").click()
    _wait(d, lambda d: _text(d, "error"), 60)
    assert "the target is 500" in _text(d, "error")
    _no_flags(_text(d, "error"))
    _set(d, "score", "430-380")
    _analyse(d)
    assert d.find_element(By.ID, "game-box").is_displayed()
    assert _text(d, "game-title").startswith("For the game (score 430-380, yours first")
    rows = d.find_elements(By.CSS_SELECTOR, "#game tr.best")
    assert len(rows) == 1 and _text(d, "call").startswith("Call now (for the game):")
    _no_flags(_text(d, "game-text"))
    _set(d, "score", "")
    _analyse(d)
    assert not d.find_element(By.ID, "game-box").is_displayed()
    _assert_no_csp_reports(d)


def test_the_score_in_two_handed_shows_the_hands_chance_of_the_game(server, browser):
    """Two-handed with a score: the game box says the chance before and after the hand (the JSON's ``game``)."""
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    _game(d, "two-handed", "AH AH TH TH KH KH QH QH JH JH 9S 9D")
    _set(d, "upcard", "9H")
    _set(d, "samples", "30")
    _set(d, "score", "84-97")
    _analyse(d)
    assert d.find_element(By.ID, "game-box").is_displayed()
    assert _text(d, "game-title").startswith("For the game (score 84-97, yours first; to 120)")
    assert _text(d, "game-text").startswith("Your chance of winning the game:")
    _no_flags(_text(d, "game-text"))
    _assert_no_csp_reports(d)


def test_the_score_judges_luxury_familys_cards_for_the_game(server, browser):
    """Luxury Family: the play body sends the three players' score with the dealer; the game line says it by seat
    and the hand, and the notes say whose points each player scores."""
    d = browser
    _open(d, server)
    _game(d, "luxury-family", "AH AH TH TH KH KH QH QH JH JH AS AD AC 7S 7D 7C")
    _record_play_bodies(d)
    for id_, value in (("seat", "0"), ("dealer", "2"), ("declarer", "0"), ("bid", "300"), ("play-samples", "40"),
                       ("play-mode", "heuristic"), ("score", "120-80-95/2"), ("trump", "H")):
        _set(d, id_, value)
    _wait(d, lambda d: _play_answered(d) and _text(d, "play-game"), 120)
    assert _text(d, "play-error") == ""
    body = d.execute_script("return window.playBodies")[-1]
    assert body["score"] == "120-80-95/2" and body["dealer"] == 2 and "so_far" not in body
    want = _post_play(server, body)
    assert _text(d, "play-game").startswith("The game: 120-80-95 by seat, hand 2")
    assert want["game"]["totals"] == [120, 80, 95] and _text(d, "play-call") == f"Play {want['best']}"
    assert "each player scores his own points" in _text(d, "play-notes")
    _no_flags(_text(d, "play-game"))
    _assert_no_csp_reports(d)


def test_two_handed_phase2_asks_for_phase_1_so_far(server, browser):
    """Two-handed phase 2 with a score: the page asks for phase 1's meld and points in its own words (the API names
    so_far), sends them once given, and the summary says them."""
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    _game(d, "two-handed", "AH TH KH QH JH AS 9C 9C JC JC 9D 9D")
    _record_play_bodies(d)
    assert d.find_element(By.ID, "play-phase").get_attribute("value") == "2"  # no upcard: phase 2
    assert d.find_element(By.ID, "so-far-label").is_displayed()
    for id_, value in (("seat", "0"), ("leader", "0"), ("dealer", "1"), ("play-samples", "40"),
                       ("play-mode", "heuristic"), ("score", "100-110"), ("trump", "H")):
        _set(d, id_, value)
    _wait(d, lambda d: _text(d, "play-error"), 120)
    err = _text(d, "play-error")
    assert "\u201cphase 1 so far\u201d" in err and "so_far" not in err, err
    _set(d, "so-far", "10+5-12+3")
    d.execute_script("document.getElementById('so-far').dispatchEvent(new Event('change'))")
    _wait(d, lambda d: _play_answered(d) and _text(d, "play-game"), 120)
    assert _text(d, "play-error") == ""
    body = d.execute_script("return window.playBodies")[-1]
    assert body["so_far"] == "10+5-12+3" and body["score"] == "100-110" and body["dealer"] == 1
    assert "phase 1: you 10 meld + 5 points, the opponent 12 + 3" in _text(d, "play-summary")
    assert _text(d, "play-game").startswith("The game: 100-110, yours first")
    _set(d, "upcard", "9H")  # phase 1: no such box (its history counts the hand so far)
    assert not d.find_element(By.ID, "so-far-label").is_displayed()
    _assert_no_csp_reports(d)


# ---- looking back at a hand: review, save, practice (issue 53) ----------------------------------------------------
PASSED_OUT = """rules: auction
dealer: 0
seat: 1
hand 1: AS QS AH TH KH KH QH JH 9H JD AC TC
calls: 1:pass 2:pass 3:pass 0:pass
"""


def _review(d, record, samples="300", play_samples="30"):
    """Paste ``record`` (None: keep the text there), review it and wait for the result or the error line."""
    from selenium.webdriver.common.by import By

    if record is not None:
        box = d.find_element(By.ID, "review-record")
        box.clear()
        box.send_keys(record)
    _set(d, "review-samples", samples)
    _set(d, "review-play-samples", play_samples)
    _set(d, "review-seed", "2")
    before = d.find_element(By.ID, "review-download").get_attribute("href")
    d.find_element(By.ID, "review-run").click()
    _wait(d, lambda d: _text(d, "review-error") or (
        d.find_element(By.ID, "review-results").is_displayed()
        and d.find_element(By.ID, "review-download").get_attribute("href") != before), 300)


def test_review_a_record_step_by_step(server, browser, tmp_path):
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    # a record that cannot have happened: a 400 naming the line, shown as one line
    _review(d, "rules: auction\ndealer: 0\nseat: 1\nhand 1: AS QS AH\n")
    err = _text(d, "review-error")
    assert err.startswith("record: line 4 (hand 1): ") and "12 cards" in err and "\n" not in err, err
    assert not d.find_element(By.ID, "review-results").is_displayed()
    # the golden record pasted: every decision of seat 1 with the advisor's best, loss and interval
    golden = (ROOT / "tests" / "golden" / "hand-auction.txt").read_text(encoding="utf-8")
    _review(d, golden)
    assert _text(d, "review-error") == ""
    with urllib.request.urlopen(d.find_element(By.ID, "review-download").get_attribute("href")) as resp:
        want = json.loads(resp.read())
    ds = want["decisions"]
    assert [x["kind"] for x in ds] == ["call", "trump", "card", "card"] and want["samples"] == 300
    rows = d.find_elements(By.CSS_SELECTOR, "#review-table tr[data-index]")
    assert len(rows) == len(ds)
    for row, x in zip(rows, ds, strict=True):
        cells = [c.text for c in row.find_elements(By.TAG_NAME, "td")]
        assert cells[1:5] == [x["kind"], x["where"], x["chosen"], x["best"]]
        lo, hi = f"{x['loss']['lo']:.2f}", f"{x['loss']['hi']:.2f}"
        assert cells[5] == f"{x['loss']['mean']:.2f} ({lo} to {hi})" and cells[6] == ("!" if x["marked"] else "")
    s = want["summary"]
    assert _text(d, "review-bidding").startswith(f"Lost in the bidding: {s['bidding_loss']['mean']:.2f} points (95% ")
    assert _text(d, "review-marked") == f"Marked: {s['marked']} of 4 decisions"
    # step through: the first decision, then each in turn, and back; a row clicked is shown
    assert _text(d, "review-pos") == "decision 1 of 4" and not d.find_element(By.ID, "review-prev").is_enabled()
    assert _text(d, "review-step").startswith(f"Call \u2014 {ds[0]['where']}: you chose {ds[0]['chosen']}")
    for i in range(1, 4):
        d.find_element(By.ID, "review-next").click()
        assert _text(d, "review-pos") == f"decision {i + 1} of 4"
        step = _text(d, "review-step")
        assert ds[i]["where"] in step and f"Expected loss {ds[i]['loss']['mean']:.2f}" in step, step
    assert not d.find_element(By.ID, "review-next").is_enabled()
    d.find_element(By.ID, "review-prev").click()
    assert _text(d, "review-pos") == "decision 3 of 4"
    rows[1].click()
    assert _text(d, "review-pos") == "decision 2 of 4" and "current" in rows[1].get_attribute("class")
    assert _text(d, "review-step").startswith("Trump \u2014 ")
    # a file of two records loaded from disk: the second, a pass far below the advisor's bid, is marked
    f = tmp_path / "two.txt"
    f.write_text(golden + "\n" + PASSED_OUT, encoding="utf-8")
    d.find_element(By.ID, "review-file").send_keys(str(f))
    _wait(d, lambda d: d.find_element(By.ID, "review-record").get_attribute("value") == f.read_text(encoding="utf-8"))
    _set(d, "review-which", "2")
    _review(d, None)
    assert _text(d, "review-error") == ""
    (row,) = d.find_elements(By.CSS_SELECTOR, "#review-table tr[data-index]")
    assert "marked" in row.get_attribute("class") and row.find_elements(By.TAG_NAME, "td")[6].text == "!"
    assert "Marked: it lost more than the threshold" in _text(d, "review-step")
    assert _text(d, "review-marked") == "Marked: 1 of 1 decisions"
    for id_ in ("review-step", "review-summary", "review-notes", "review-error"):
        _no_flags(_text(d, id_))
    _assert_no_csp_reports(d)


def test_save_this_hand_reads_back_to_the_same_position(server, browser):
    from selenium.webdriver.common.by import By

    from analyzer.api import play_request, read_records
    from analyzer.record.play import play_values

    d = browser
    _open(d, server)
    _record_play_bodies(d)
    _game(d, "auction", HAND)
    _set(d, "seat", "1")
    _set(d, "declarer", "0")
    _set(d, "bid", "25")
    _set(d, "play-samples", "20")
    _set(d, "play-mode", "heuristic")
    _set(d, "trump", "S")
    _wait(d, _play_answered, 120)
    assert _text(d, "turn").startswith("Seat 0 to play")
    d.find_element(By.CSS_SELECTOR, '#deck button[data-card="KD"]').click()  # seat 0 leads KD: seat 1's turn
    _wait(d, _play_answered, 120)
    assert d.find_elements(By.CSS_SELECTOR, "#play-table tr.best") and _text(d, "play-error") == ""
    _settle(d)
    d.find_element(By.ID, "save-hand").click()
    _wait(d, lambda d: d.find_elements(By.ID, "save-text") or "Cannot" in _text(d, "save-note"))
    text = d.find_element(By.ID, "save-text").text + "\n"
    href = d.find_element(By.ID, "save-link").get_attribute("href")
    assert urllib.request.unquote(href.split(",", 1)[1]) == text
    assert "played: KD\n" in text and "declarer: 0\n" in text and "trump: S\n" in text
    (rec,) = read_records(text)
    # the record asks the very question the page asked last: the same position, read back
    body = d.execute_script("return window.playBodies[window.playBodies.length - 1]")
    assert body["played"] == "KD"
    back = play_request({"rules": "auction", **play_values(rec), "seed": body["seed"]}, "json")
    assert back.record == play_request(body, "json").record
    # handed to the review
    d.find_element(By.ID, "save-review").click()
    assert d.find_element(By.ID, "review-record").get_attribute("value") == text
    # the play moves on: the record saved before is no longer offered (it is the position before)
    d.find_element(By.CSS_SELECTOR, '#hand-now button[data-card="JD"]').click()  # I (seat 1) follow with my JD
    _wait(d, lambda d: not d.find_elements(By.ID, "save-link"))
    assert _text(d, "save-note") == ""
    _assert_no_csp_reports(d)


def _practice_answer(server, pid, choice):
    req = urllib.request.Request(server + "api/practice/answer", data=json.dumps({"id": pid, "choice": choice})
                                 .encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as resp:
        return json.loads(resp.read())


def test_practice_choose_see_the_cost_and_the_running_score(server, browser):
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    d.execute_script("localStorage.removeItem('pinochle-practice')")
    d.refresh()
    _wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#practice-rules option[value='auction']"))
    assert _text(d, "practice-score") == "This session: no position yet"
    lost, best = 0.0, 0
    for n, pick in enumerate((0, -1)):
        d.find_element(By.ID, "practice-deal").click()
        _wait(d, lambda d: d.find_element(By.ID, "practice-position").is_displayed()
              and d.find_element(By.ID, "practice-position").get_attribute("data-id") and not d.find_element(
                  By.ID, "practice-answer").is_displayed())
        pid = d.find_element(By.ID, "practice-position").get_attribute("data-id")
        buttons = d.find_elements(By.CSS_SELECTOR, "#practice-choices button")
        assert len(buttons) >= 2 and all(b.is_enabled() for b in buttons)
        choice = buttons[pick].get_attribute("data-choice")
        buttons[pick].click()
        _wait(d, lambda d: d.find_element(By.ID, "practice-answer").is_displayed())
        want = _practice_answer(server, pid, choice)
        rows = d.find_elements(By.CSS_SELECTOR, "#practice-table tr[data-choice]")
        assert [r.get_attribute("data-choice") for r in rows] == [o["choice"] for o in want["options"]]
        assert "best" in d.find_element(By.CSS_SELECTOR, f'#practice-table tr[data-choice="{want["best"]}"]') \
            .get_attribute("class")
        assert "chosen" in d.find_element(By.CSS_SELECTOR, f'#practice-table tr[data-choice="{choice}"]') \
            .get_attribute("class")
        c = want["cost"]
        cost = _text(d, "practice-cost")
        if want["best_choice"]:
            assert cost == f"{choice}: the best choice (it cost nothing)"
        else:
            assert cost.startswith(f"{choice} cost {c['mean']:.2f} ")
            assert f"(95% {c['lo']:.2f} to {c['hi']:.2f})" in cost
        assert not any(b.is_enabled() for b in d.find_elements(By.CSS_SELECTOR, "#practice-choices button"))
        lost += c["mean"]
        best += want["best_choice"]
        kept = d.execute_script("return JSON.parse(localStorage.getItem('pinochle-practice'))")
        assert kept["played"] == n + 1 and kept["best"] == best and kept["lost"] == pytest.approx(lost)
    score = f"This session: 2 positions, {best} best choice{'' if best == 1 else 's'}, {lost:.1f} points lost"
    assert _text(d, "practice-score") == score
    # the running score is the browser's: it stays over a reload, and Reset clears it
    d.refresh()
    _wait(d, lambda d: _text(d, "practice-score"))
    assert _text(d, "practice-score") == score
    d.find_element(By.ID, "practice-reset").click()
    assert _text(d, "practice-score") == "This session: no position yet"
    _assert_no_csp_reports(d)


# ---- house rules and the pass (issue 52) ----------------------------------------------------------------------------
def _post(server, path, body):
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as resp:
        return json.loads(resp.read())


def test_a_house_file_with_a_pass_asks_which_cards_to_pass(server, browser):
    """A house file shipped with a pass (house/auction-pass.toml) chosen on the page: once the contract and trump
    are set, the bid winner's partner asks which cards to pass and sees the ranked table of ``pinochle pass``
    (docs/RULES.md's example hand), then picks a set."""
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    assert d.find_element(By.ID, "pass-box").get_attribute("hidden") is not None  # the four games have no pass
    _game(d, "auction-pass", "AH JH AS TS JS 9S TD 9D KC QC TC JC")
    assert "passes 3 cards to the bid winner" in _text(d, "bidding-rules")
    _set(d, "seat", "2")
    _set(d, "declarer", "0")
    _set(d, "bid", "20")
    _set(d, "trump", "H")
    _settle(d)  # the card-play advice the page asked for by itself, not stopped
    _wait(d, lambda d: d.find_element(By.ID, "pass-box").is_displayed())
    assert "You (the bid winner's partner) pass first" in _text(d, "pass-note")
    assert not d.find_element(By.ID, "received-label").is_displayed()
    _set(d, "pass-samples", "60")
    d.find_element(By.ID, "pass-ask").click()
    _wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#pass-table tr[data-pass]") or _text(d, "pass-error"), 60)
    assert _text(d, "pass-error") == ""
    want = _post(server, "api/pass", {"rules": "auction-pass", "hand": "AH JH AS TS JS 9S TD 9D KC QC TC JC", "seat": 2,
                                      "declarer": 0, "bid": 20, "trump": "H", "dealer": 0, "seed": 7, "samples": 60})
    rows = d.find_elements(By.CSS_SELECTOR, "#pass-table tr[data-pass]")
    assert [r.get_attribute("data-pass") for r in rows] == [" ".join(ln["cards"]) for ln in want["lines"]]
    heads = [th.text for th in d.find_elements(By.CSS_SELECTOR, "#pass-table th")]
    assert heads == ["pass", "net score (95%)", "behind the best (95%)", "side meld", "bid made (95%)",
                     "partner's answer (share)"]
    top, net = rows[0].find_elements(By.TAG_NAME, "td"), want["lines"][0]["net"]
    assert "best" in rows[0].get_attribute("class") and top[2].text == "best"
    assert top[1].text == f"{net['mean']:+.1f} ({net['lo']:+.1f} to {net['hi']:+.1f})"
    assert _text(d, "pass-caption").startswith(f"Pass {' '.join(want['best'])}: ranked by your side's expected net")
    # the player picks the second set
    second = rows[1].get_attribute("data-pass")
    rows[1].find_element(By.TAG_NAME, "button").click()
    assert "chosen" in d.find_element(By.CSS_SELECTOR, f'#pass-table tr[data-pass="{second}"]').get_attribute("class")
    assert _text(d, "pass-chosen").startswith(f"You pass {second}; you keep ")
    _assert_no_csp_reports(d)


PASS_DEALT = "AH JH AS TS JS 9S TD 9D KC QC TC JC"  # docs/RULES.md's seat 2: passes AH JH AS, gets 9C JC AS back
PASS_LEAD = "AS TS JS 9S TD 9D KC QC TC JC JC 9C"  # his hand at the first lead


def test_the_pass_chosen_is_the_hand_the_play_along_plays(server, browser):
    """docs/RULES.md's pass in the play on the page: seat 2 (the bid winner's partner, passing first) chooses AS AH
    JH and gives the cards passed back (9C JC AS); the play-along then plays the hand after the pass, its advice
    asked with the pass (``passed``, ``received``, the hand at the first lead) and answering; the hand saved keeps
    the pass; a change of trump clears the set chosen (the hand as dealt again)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    d = browser
    _open(d, server)
    _record_play_bodies(d)
    _game(d, "auction-pass", PASS_DEALT)
    _set(d, "play-samples", "30")  # a card named (30 deals at least)
    _set(d, "seat", "2")
    _set(d, "declarer", "0")
    _set(d, "bid", "20")
    _set(d, "trump", "H")
    _settle(d)
    _wait(d, lambda d: d.find_element(By.ID, "pass-box").is_displayed())
    assert _text(d, "pass-known") == "The card advice reads your hand as dealt until you choose the cards you pass."
    _set(d, "pass-samples", "20")
    d.find_element(By.ID, "pass-ask").click()
    _wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#pass-table tr[data-pass]") or _text(d, "pass-error"), 60)
    assert _text(d, "pass-error") == ""
    _settle(d)
    _click(d, '#pass-table button[data-pass="AS AH JH"]')
    assert d.find_element(By.ID, "passed-back-label").is_displayed()
    assert _text(d, "pass-known") == ("The card advice reads your hand as dealt until you give the 3 cards your "
                                      "partner passed back.")
    _settle(d)
    _set(d, "passed-back", "9C JC AS")
    d.find_element(By.ID, "passed-back").send_keys(Keys.TAB)  # the change event
    _wait(d, lambda d: _text(d, "pass-known").startswith("The card advice knows your pass"))
    assert _text(d, "pass-known").startswith("The card advice knows your pass: you passed AS AH JH, received 9C JC AS; "
                                             "you play with ")
    # the hand to play from: the hand after the pass (redrawn as answers arrive: read again when stale)
    _wait(d, lambda d: sorted(b.get_attribute("data-card") for b in d.find_elements(By.CSS_SELECTOR, "#hand-now "
                                                                                            "button"))
          == sorted(PASS_LEAD.split()), 10)
    assert _text(d, "count").startswith("12 /")  # the question's hand stays as dealt: the table stays
    assert d.find_elements(By.CSS_SELECTOR, "#pass-table tr.chosen")
    # the declarer leads AH, seat 1 plays 9H: my turn, the advice asked with the pass
    _tap_deck(d, "AH")
    _tap_deck(d, "9H")
    _wait(d, _play_answered, 90)
    assert _text(d, "play-error") == "" and d.find_elements(By.CSS_SELECTOR, "#play-table tr.best")
    body = d.execute_script("return window.playBodies[window.playBodies.length - 1]")
    assert (body["passed"], body["received"], body["played"]) == ("AS AH JH", "9C JC AS", "AH 9H")
    assert sorted(body["hand"].split()) == sorted(PASS_LEAD.split())
    assert "passed" not in d.execute_script("return window.playBodies[0]")  # before the pass: the hand as dealt
    # the hand saved keeps the pass: the hand as dealt and each partner's pass
    d.find_element(By.ID, "save-hand").click()
    _wait(d, lambda d: d.find_elements(By.ID, "save-text") or "Cannot" in _text(d, "save-note"))
    lines = d.find_element(By.ID, "save-text").text.splitlines()
    assert "passed 2: AS AH JH" in lines and "passed 0: AS JC 9C" in lines and "played: AH 9H" in lines
    assert sorted(next(ln for ln in lines if ln.startswith("hand 2: ")).split()[2:]) == sorted(PASS_DEALT.split())
    # another trump: the ranking and the set chosen go, the play-along plays the hand as dealt
    _set(d, "trump", "S")
    _wait(d, lambda d: _text(d, "pass-known").endswith("until you choose the cards you pass."))
    assert not d.find_elements(By.CSS_SELECTOR, "#pass-table tr")
    assert not d.find_element(By.ID, "passed-back-label").is_displayed()
    _settle(d)
    assert "passed" not in d.execute_script("return window.playBodies[window.playBodies.length - 1]")
    _assert_no_csp_reports(d)


def test_the_bid_winner_passing_second_plays_the_hand_after_the_pass(server, browser):
    """docs/RULES.md's seat 0, the bid winner passing second: the cards received typed for the question (AH JH AS),
    the set chosen (AS JC 9C: the AS received goes straight back) is at once the pass the advice knows; he leads
    the hand after the pass."""
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    _record_play_bodies(d)
    _game(d, "auction-pass", "AH TH KH QH 9H KS QS JC KD QD JD 9C")
    _set(d, "play-samples", "30")
    _set(d, "seat", "0")
    _set(d, "declarer", "0")
    _set(d, "bid", "20")
    _set(d, "trump", "H")
    _set(d, "received", "AH JH AS")
    _set(d, "pass-samples", "20")
    _settle(d)
    d.find_element(By.ID, "pass-ask").click()
    _wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#pass-table tr[data-pass]") or _text(d, "pass-error"), 60)
    assert _text(d, "pass-error") == ""
    _settle(d)
    _click(d, '#pass-table button[data-pass="AS JC 9C"]')
    assert not d.find_element(By.ID, "passed-back-label").is_displayed()
    after = "KS QS AH AH TH KH QH JH 9H KD QD JD"  # RULES.md: his hand after the pass
    assert _text(d, "pass-known") == ("The card advice knows your pass: you passed AS JC 9C, received AS AH JH; you "
                                      f"play with {after}.")
    _wait(d, _play_answered, 90)
    assert _text(d, "play-error") == "" and d.find_elements(By.CSS_SELECTOR, "#play-table tr.best")
    body = d.execute_script("return window.playBodies[window.playBodies.length - 1]")
    assert (body["passed"], body["received"], sorted(body["hand"].split())) == ("AS JC 9C", "AS AH JH",
                                                                                sorted(after.split()))
    _settle(d)


def test_your_own_house_rules_pasted_on_the_page(server, browser):
    """The player's own house-rule file pasted: a bad one gives its one line under the text and changes nothing; a
    good one becomes the rule set (its summary, its bidding rules, a forced dealer's contract from the calls)."""
    from selenium.webdriver.common.by import By

    d = browser
    _open(d, server)
    _wait(d, lambda d: _text(d, "rules-summary"))
    before = _text(d, "rules-summary")
    _set(d, "rules", "own")
    assert d.find_element(By.ID, "house-box").is_displayed()
    assert _text(d, "rules-summary") == before  # the game in use stays until the text is used
    _set(d, "house-text", 'base = "auction"\n[bidding]\nall_pass = "somebody"\n')
    d.find_element(By.ID, "house-apply").click()
    _wait(d, lambda d: _text(d, "house-error"))
    err = _text(d, "house-error")
    assert err.startswith("rules: the house-rule text: bidding.all_pass") and "\n" not in err
    _set(d, "house-text", 'base = "auction"\nsummary = "our table: the dealer is stuck"\n[bidding]\n'
                          'all_pass = "dealer"\n[concession]\nallowed = true\n')
    d.find_element(By.ID, "house-apply").click()
    _wait(d, lambda d: _text(d, "rules-summary") == "our table: the dealer is stuck")
    said = _text(d, "bidding-rules")
    assert _text(d, "house-error") == "" and "If all pass, the dealer plays at 15." in said
    assert "The bid winner may concede after the meld" in said
    # the calls, then the contract's trump and the hand (one card-play question, none stopped on the way)
    for _ in range(4):
        d.find_element(By.ID, "add-pass").click()
    _wait(d, lambda d: d.find_element(By.ID, "declarer").get_attribute("disabled"))
    assert d.find_element(By.ID, "declarer").get_attribute("value") == "0"
    assert d.find_element(By.ID, "bid").get_attribute("value") == "15"
    _set(d, "seat", "0")
    _set(d, "trump", "H")
    _cheap_play_advice(d)
    _set(d, "play-samples", "30")  # a card named (30 deals at least): the concession advice with it
    _set(d, "hand-text", HAND)
    d.find_element(By.ID, "hand-apply").click()
    # the dealer's first lead of the contract he was held to: concede or play on, as pinochle play says it
    _wait(d, lambda d: _text(d, "play-concession") or _text(d, "play-error"), 60)
    assert _text(d, "play-error") == ""
    assert re.match(r"(Concede|Play on)\b", _text(d, "play-concession")), _text(d, "play-concession")
    _settle(d)
    # the hand saved names the pasted rules by their id, and the review reads it with the same house rules chosen
    d.find_element(By.ID, "save-hand").click()
    _wait(d, lambda d: d.find_elements(By.ID, "save-text") or "Cannot" in _text(d, "save-note"))
    text = d.find_element(By.ID, "save-text").text + "\n"
    assert text.startswith("rules: house-rules\n") and "calls: " in text and "trump: H\n" in text, text
    d.find_element(By.ID, "save-review").click()
    _review(d, None, samples="40", play_samples="8")
    assert _text(d, "review-error") == ""
    kinds = [r.find_elements(By.TAG_NAME, "td")[1].text
             for r in d.find_elements(By.CSS_SELECTOR, "#review-table tr[data-index]")]
    assert kinds and kinds[0] == "call", kinds
    _assert_no_csp_reports(d)
