"""The web server never fails on a request body: any JSON value (or bytes that are not JSON) sent to any endpoint
answers 2xx or 4xx with a one-line error, never a 500, and the server answers afterwards."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")
pytest.importorskip("httpx", reason="FastAPI's test client needs httpx (the test extra)")

from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from analyzer.web.app import create_app  # noqa: E402

PATHS = ["/api/meld", "/api/bid", "/api/jobs", "/api/solve", "/api/rules", "/api/auction"]
FIELDS = ["rules", "options", "hand", "hands", "seat", "dealer", "samples", "seed", "risk", "upcard", "known",
          "constraints", "auction", "play", "dd_samples", "dd_trumps", "max_nodes", "policy", "partial", "trump",
          "leader", "declarer", "trick", "bid", "cards", "line", "max_nodes"]
CARDS = st.sampled_from(["AH", "TH", "KS", "QD", "JC", "9H", "7S", "XX", "A", "", "10H", "♠A", "AH AH AH"])
scalars = (st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True)
           | st.text(max_size=30) | CARDS | st.sampled_from(["auction", "double-deck", "luxury-family",
                                                             "two-handed", "bridge", "../x.toml"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
bodies = values | st.dictionaries(st.sampled_from(FIELDS), values, max_size=6)


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=1, warm=False)) as c:
        yield c


def _check(client, path: str, r) -> None:
    assert r.status_code < 500, (path, r.status_code, r.text)
    if r.status_code >= 400:
        err = r.json()["error"]
        assert isinstance(err, str) and err and "\n" not in err
    elif path == "/api/jobs":  # an analysis did start: stop it, so the next body is not refused as busy
        client.delete(f"/api/jobs/{r.json()['id']}")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(PATHS), body=bodies)
def test_any_json_body(client, path, body):
    try:
        data = json.dumps(body, allow_nan=True)
    except (ValueError, RecursionError):
        return
    r = client.post(path, content=data, headers={"content-type": "application/json"})
    _check(client, path, r)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(PATHS), raw=st.binary(max_size=200))
def test_any_bytes(client, path, raw):
    r = client.post(path, content=raw, headers={"content-type": "application/json"})
    _check(client, path, r)


def test_server_still_answers(client):
    assert client.get("/api/limits").status_code == 200
    assert client.post("/api/meld", json={"hand": "AH TH KH KH QH JH 9H AS QS JD AC TC"}).status_code == 200


HEADER_TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=60)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(host=HEADER_TEXT | st.sampled_from(["127.0.0.1:1", "[::1]", "localhost:", "[::1", "]:80", ":80"]),
       cookie=HEADER_TEXT | st.sampled_from(["pinochle_client=", "pinochle_client=a.b", 'pinochle_client="x;y"',
                                             "pinochle_client=" + "a" * 300 + ".b"]),
       method=st.sampled_from(["GET", "HEAD", "POST"]))
def test_any_host_and_cookie(client, host, cookie, method):
    """Any Host and Cookie header: 2xx or 4xx (400 for a Host not this machine's), never a 500, the security
    headers always."""
    r = client.request(method, "/api/limits", headers={"host": host, "cookie": cookie})
    assert r.status_code < 500, (host, cookie, r.status_code, r.text)
    assert r.headers["x-content-type-options"] == "nosniff" and "content-security-policy" in r.headers
    client.cookies.clear()
