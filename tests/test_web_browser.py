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
    WebDriverWait(d, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#picker button[data-card="AH"]'))
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

    WebDriverWait(d, 20, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: "20" in d.find_element(By.CSS_SELECTOR, "#meld tr.best").text)
    samples = d.find_element(By.ID, "samples")
    samples.clear()
    samples.send_keys("500")
    d.find_element(By.CSS_SELECTOR, '#play option[value="playout"]').click()
    d.find_element(By.ID, "analyse").click()
    WebDriverWait(d, 300).until(lambda d: d.find_element(By.ID, "chart").is_displayed()
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
    # with the double-dummy check: its table and the make check's line (the same figures as the JSON)
    d.find_element(By.CSS_SELECTOR, '#play option[value="both"]').click()
    d.find_element(By.ID, "analyse").click()
    WebDriverWait(d, 300).until(lambda d: d.find_elements(By.ID, "dd-make") or d.find_element(By.ID, "error").text)
    assert d.find_element(By.ID, "error").text == ""
    line = d.find_element(By.ID, "dd-make").text
    with urllib.request.urlopen(d.find_element(By.ID, "download").get_attribute("href")) as resp:
        mk = json.loads(resp.read())["double_dummy"]["make"]
    assert line.startswith(f"Does {mk['bid']} in {mk['trump']} make double dummy?"), line
    assert f"{mk['decided']} of the first {mk['deals']} deals decided" in line
