"""The README's screenshot of the web page: starts ``pinochle serve`` on a free port, picks the README's example
hand by clicking in headless Chromium (Debian's chromium and chromium-driver, through Selenium), runs the
analysis with the page's defaults (auction: 4,000 deals and the double-dummy check) and saves the page.

    python3 scripts/screenshot.py [--out docs/web-page.png]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HAND = "AH TH KH KH QH JH 9H AS QS JD AC TC"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "web-page.png"))
    ap.add_argument("--seed", default="7")
    args = ap.parse_args()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not driver:
        sys.exit("no headless browser: apt-get install chromium chromium-driver")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "analyzer", "serve", "--port", "0"], stdout=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT)
    try:
        url = re.search(r"http://[^/\s]+/", proc.stdout.readline()).group(0)
        opts = webdriver.ChromeOptions()
        opts.binary_location = chromium
        with tempfile.TemporaryDirectory() as profile:
            for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                      "--disable-background-networking", "--disable-component-update", "--disable-sync",
                      "--window-size=1400,1400", "--hide-scrollbars", f"--user-data-dir={profile}"):
                opts.add_argument(a)
            d = webdriver.Chrome(service=Service(driver), options=opts)
            try:
                d.get(url)
                WebDriverWait(d, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, '#picker [data-card="AH"]'))
                for c in HAND.split():
                    d.find_element(By.CSS_SELECTOR, f'#picker button[data-card="{c}"]').click()
                seed = d.find_element(By.ID, "seed")
                seed.clear()
                seed.send_keys(args.seed)
                d.find_element(By.ID, "analyse").click()
                WebDriverWait(d, 600).until(lambda d: d.find_element(By.ID, "chart").is_displayed()
                                            or d.find_element(By.ID, "error").text)
                if d.find_element(By.ID, "error").text:
                    sys.exit(f"the page says: {d.find_element(By.ID, 'error').text}")
                WebDriverWait(d, 30).until(
                    lambda d: d.execute_script("return document.getElementById('chart').naturalWidth") > 0)
                h = d.execute_script("return document.documentElement.scrollHeight")
                d.set_window_size(1400, h + 20)
                Path(args.out).parent.mkdir(parents=True, exist_ok=True)
                d.save_screenshot(args.out)
                print(f"{args.out}: {d.find_element(By.ID, 'call').text}")
            finally:
                d.quit()
    finally:
        proc.terminate()
        proc.wait(20)


if __name__ == "__main__":
    main()
