"""The deal sampler: partitions, uniformity, reproducibility, constraints."""

import hashlib
import os
import subprocess
import sys
from math import comb, sqrt

import numpy as np
import pytest

from analyzer.cards import SUITS, Hand, from_planes, to_planes
from analyzer.deal import (
    Constraint,
    holds,
    meld_at_least,
    parse_constraint,
    sample_deals,
    suit_length,
    table,
)
from analyzer.deal.kernel import count_suit
from analyzer.deal.rng import _mix32_py, draw32, mix32, mul32, seed_of, stream_keys
from analyzer.errors import UserError
from analyzer.meld import meld_batch
from analyzer.rules import load

HANDS = {
    "auction": "AH AH TH TH KH KH QH QH JH JH AS AD",
    "double-deck": "AH AH TH TH KH KH QH QH JH JH AS AS AD AD AC AC KS QS JS JD",
    "luxury-family": "AH AH TH TH KH KH QH QH JH JH AS AD AC 7S 7D 7C",
    "two-handed": "AS TS KS QS JS 9S AH TH KH QH JH 9H",
}


def counts(planes) -> np.ndarray:
    """Copies held of each of the 64 kinds."""
    c = np.zeros(64, dtype=np.int64)
    for p in planes:
        for k in range(64):
            c[k] += (int(p) >> k) & 1
    return c


def deal_counts(hands: np.ndarray) -> np.ndarray:
    """int[n, seats, 64]: copies of each kind in each seat of each deal."""
    bits = (hands[..., None] >> np.arange(64)) & 1
    return bits.sum(axis=2)


def chi2_threshold(df: int) -> float:
    """A chi-square bound exceeded with probability about 1e-5 under the null (normal approximation)."""
    return df + 4.5 * sqrt(2 * df)


@pytest.mark.parametrize("rid", list(HANDS))
def test_every_deal_is_a_partition_and_my_hand_is_kept(rid):
    rs = load(rid)
    hand = Hand.parse(HANDS[rid], rs.deck)
    seat = 1
    stock_cards = "9C" if rid == "two-handed" else None
    d = sample_deals(rs, seat, hand, 400, seed=3, stock_cards=stock_cards)
    assert d.hands.shape == (400, rs.seats, rs.deck.copies) and d.hands.dtype == np.int64
    full = counts(rs.deck.full_planes())
    c = deal_counts(d.hands)
    assert (c[:, seat] == counts(hand.planes)).all()
    assert (c.sum(axis=2) == rs.hand_size).all()
    stock = np.zeros((400, 64), dtype=np.int64)
    for i in range(400):
        np.add.at(stock[i], d.stock[i], 1)
    assert (c.sum(axis=1) + stock == full).all()
    # count planes stay thermometer codes: plane p+1 inside plane p
    for p in range(1, rs.deck.copies):
        assert ((d.hands[..., p] & ~d.hands[..., p - 1]) == 0).all()
    if rid == "two-handed":
        assert d.stock.shape == (400, 24) and (d.stock[:, -1] == rs.deck.kind(3, "9")).all()
    else:
        assert d.stock.shape == (400, 0)


def card_seat_chi2(hands: np.ndarray, seat: int, rules) -> tuple[float, int]:
    """Chi-square of where each unseen card kind went, against equal shares for the other seats."""
    c = deal_counts(hands)
    others = [s for s in range(rules.seats) if s != seat]
    obs = c[:, others].sum(axis=0)  # [others, 64]
    total = obs.sum(axis=0)
    used = total > 0
    exp = total[used] / len(others)
    stat = float((((obs[:, used] - exp) ** 2) / exp).sum())
    return stat, int(used.sum()) * (len(others) - 1)


def length_chi2(
    hands: np.ndarray, seat: int, suit: int, unseen_suit: int, unseen: int, size: int, rules
) -> tuple[float, int]:
    """Chi-square of one seat's length in ``suit`` against the hypergeometric law."""
    n = hands.shape[0]
    lengths = np.array([count_suit(h, suit, np.int64(rules.deck.lane)) for h in hands[:, seat]])
    probs = np.array(
        [comb(unseen_suit, k) * comb(unseen - unseen_suit, size - k) / comb(unseen, size) for k in range(size + 1)]
    )
    obs = np.bincount(lengths, minlength=size + 1)
    keep = probs * n >= 5  # pool the thin tails into one cell
    o = np.append(obs[keep], obs[~keep].sum())
    e = np.append(probs[keep] * n, probs[~keep].sum() * n)
    m = e > 0
    return float((((o[m] - e[m]) ** 2) / e[m]).sum()), int(m.sum()) - 1


@pytest.mark.parametrize("rid", ["auction", "luxury-family", "double-deck"])
def test_cards_go_to_every_other_seat_equally_often(rid):
    rs = load(rid)
    hand = Hand.parse(HANDS[rid], rs.deck)
    d = sample_deals(rs, 1, hand, 30000, seed=11)
    stat, df = card_seat_chi2(d.hands, 1, rs)
    assert stat < chi2_threshold(df), (stat, df)
    # joint structure: seat 0's spade length follows the hypergeometric law
    spades_held = sum(1 for k in hand.kinds if k // 16 == 0)
    unseen = rs.deck.size - rs.hand_size
    stat, df = length_chi2(d.hands, 0, 0, rs.deck.nranks * rs.deck.copies - spades_held, unseen, rs.hand_size, rs)
    assert stat < chi2_threshold(df), (stat, df)


def test_the_uniformity_check_catches_a_biased_dealer():
    rs = load("auction")
    hand = Hand.parse(HANDS["auction"], rs.deck)
    d = sample_deals(rs, 1, hand, 30000, seed=11)
    hands = d.hands.copy()
    # bias: in every tenth deal seat 0 gets seat 2's cards when seat 2 holds more spades
    lane = np.int64(rs.deck.lane)
    for i in range(0, hands.shape[0], 10):
        if count_suit(hands[i, 2], 0, lane) > count_suit(hands[i, 0], 0, lane):
            hands[i, [0, 2]] = hands[i, [2, 0]]
    stat, df = card_seat_chi2(hands, 1, rs)
    assert stat > chi2_threshold(df)


def test_seed_mixing_in_python_matches_the_compiled_rounds():
    rng = np.random.default_rng(3)
    for x in rng.integers(0, 2**40, 3000).tolist() + [0, 1, 2**32 - 1, 2**32]:
        assert _mix32_py(x) == int(mix32(x))
    # seed_of mixed with the compiled mix32 before: a run's seeds (and every arena part) are unchanged

    def compiled_seed_of(*parts: int) -> int:
        h = 0x2B7E1516
        for p in parts:
            h = int(mix32((h ^ (p & 0xFFFFFFFF)) & 0xFFFFFFFF))
            h = int(mix32((h + ((p >> 32) & 0xFFFFFFFF) + 0x9E3779B9) & 0xFFFFFFFF))
        return (h << 16) ^ int(mix32(h ^ 0x85EBCA6B))

    for parts in [(1, 9000, 2), (0,), (7, 2**40 + 5, 3, 11), (123456789, 0, 0)]:
        assert seed_of(*parts) == compiled_seed_of(*parts)


def test_hash_uniform_matches_plain_python_splitmix():
    """The deal-keyed draw (a kernel) against splitmix64 rounds in Python ints over each deal's words, salt included:
    the same floats to the bit (the thinning draws of every saved arena run depend on them)."""
    from analyzer.deal.rng import hash_uniform

    m64 = (1 << 64) - 1

    def plain(words: list[int], salt: int) -> float:
        h = 0x9E3779B97F4A7C15 ^ (salt & 0xFFFFFFFF)
        for w in words:
            h ^= w & m64
            h ^= h >> 30
            h = (h * 0xBF58476D1CE4E5B9) & m64
            h ^= h >> 27
            h = (h * 0x94D049BB133111EB) & m64
            h ^= h >> 31
        return (h >> 11) / float(1 << 53)

    rng = np.random.default_rng(21)
    hands = rng.integers(0, 2**62, (300, 4, 2))
    hands[0] = 0
    for salt in (0, 7, 2**32 + 3, 123456):
        got = hash_uniform(hands, salt)
        assert got.dtype == np.float64 and ((got >= 0) & (got < 1)).all()
        assert got.tolist() == [plain(h.reshape(-1).tolist(), salt) for h in hands]
    assert hash_uniform(hands[5:9, 1], 3).tolist() == [plain(h.tolist(), 3) for h in hands[5:9, 1]]


def test_the_random_stream_is_a_pure_function_of_seed_deal_and_attempt():
    assert mul32(0xFFFFFFFF, 0xFFFFFFFF) == (0xFFFFFFFF * 0xFFFFFFFF) % 2**32
    assert mul32(123456789, 0x85EBCA6B) == (123456789 * 0x85EBCA6B) % 2**32
    # the avalanche is a bijection on a sample of words (no two inputs collide)
    xs = [mix32(x) for x in range(0, 2**32, 2**32 // 5000)]
    assert len(set(xs)) == len(xs)
    k = stream_keys(7, 12345, 0)
    assert k == stream_keys(7, 12345, 0)
    assert k != stream_keys(7, 12345, 1) and k != stream_keys(7, 12346, 0) and k != stream_keys(8, 12345, 0)
    words = np.array([draw32(k[0], k[1], j) for j in range(20000)])
    assert words.min() >= 0 and words.max() < 2**32
    # the draws are spread evenly: 16 cells, chi-square with 15 degrees of freedom
    cells = np.bincount(words >> 28, minlength=16)
    stat = float(((cells - 1250.0) ** 2 / 1250.0).sum())
    assert stat < chi2_threshold(15)


def test_chunks_give_the_same_deals_as_one_call():
    rs = load("auction")
    whole = sample_deals(rs, 1, HANDS["auction"], 300, seed=5)
    parts = [sample_deals(rs, 1, HANDS["auction"], 100, seed=5, start=s) for s in (0, 100, 200)]
    assert (np.concatenate([p.hands for p in parts]) == whole.hands).all()
    other = sample_deals(rs, 1, HANDS["auction"], 300, seed=6)
    assert (other.hands != whole.hands).any()


def test_constrained_chunks_match_too():
    rs = load("auction")
    cons = ["partner meld>=8", "left H<=0"]
    whole = sample_deals(rs, 1, HANDS["auction"], 120, seed=5, constraints=cons)
    parts = [sample_deals(rs, 1, HANDS["auction"], 40, seed=5, start=s, constraints=cons) for s in (0, 40, 80)]
    assert (np.concatenate([p.hands for p in parts]) == whole.hands).all()


_THREAD_SCRIPT = """
import hashlib
from analyzer.rules import load
from analyzer.deal import sample_deals
rs = load("{rid}")
d = sample_deals(rs, 1, "{hand}", {n}, seed=42, constraints={cons!r}, stock_cards={stock!r})
print(hashlib.sha256(d.hands.tobytes() + d.stock.tobytes()).hexdigest())
"""


def _run(script: str, **env: str) -> str:
    e = {**os.environ, **env}
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=e, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_same_deals_on_one_and_two_threads():
    script = _THREAD_SCRIPT.format(rid="auction", hand=HANDS["auction"], n=3000, cons=["partner meld>=6"], stock=None)
    one = _run(script, NUMBA_NUM_THREADS="1")
    two = _run(script, NUMBA_NUM_THREADS="2")
    assert one == two and len(one) == 64
    rs = load("auction")
    d = sample_deals(rs, 1, HANDS["auction"], 3000, seed=42, constraints=["partner meld>=6"])
    assert hashlib.sha256(d.hands.tobytes() + d.stock.tobytes()).hexdigest() == one


def test_the_interpreted_kernel_deals_the_same_cards():
    script = _THREAD_SCRIPT.format(rid="two-handed", hand=HANDS["two-handed"], n=20, cons=[], stock="9C")
    interpreted = _run(script, NUMBA_DISABLE_JIT="1")
    rs = load("two-handed")
    d = sample_deals(rs, 1, HANDS["two-handed"], 20, seed=42, stock_cards="9C")
    assert hashlib.sha256(d.hands.tobytes() + d.stock.tobytes()).hexdigest() == interpreted


def test_constraints_hold_in_every_deal():
    rs = load("auction")
    cons = [
        parse_constraint("partner meld>=10", rs, 1),
        parse_constraint("left S<=3", rs, 1),
        parse_constraint("3 AC>=1", rs, 1),
        parse_constraint("right K>=2", rs, 1),
    ]
    d = sample_deals(rs, 1, HANDS["auction"], 500, seed=9, constraints=cons)
    lane = np.int64(rs.deck.lane)
    assert meld_batch(d.hands[:, 3], rs).max(axis=1).min() >= 10
    assert max(count_suit(h, 0, lane) for h in d.hands[:, 2]) <= 3
    c = deal_counts(d.hands)
    assert c[:, 3, rs.deck.kind(3, "A")].min() >= 1
    kings = sum(c[:, 0, rs.deck.kind(s, "K")] for s in range(4))
    assert kings.min() >= 2
    assert d.tries > 500 and 0 < d.acceptance < 1
    # and the unconstrained sampler breaks them sometimes (the test can fail)
    free = sample_deals(rs, 1, HANDS["auction"], 500, seed=9)
    assert meld_batch(free.hands[:, 3], rs).max(axis=1).min() < 10


def test_constraint_builders_and_accept_hook():
    rs = load("luxury-family")
    hand = HANDS["luxury-family"]
    cons = [suit_length(0, "S", 5), holds(2, "AS", rs), meld_at_least(0, 20, "C")]

    def no_seven_of_clubs_left(hands):
        return ((hands[:, 0, 0] >> rs.deck.kind(3, "7")) & 1) == 0

    d = sample_deals(rs, 1, hand, 200, seed=2, constraints=cons, accept=no_seven_of_clubs_left)
    c = deal_counts(d.hands)
    assert (c[:, 0, 0:16].sum(axis=1) >= 5).all()
    assert (c[:, 2, rs.deck.kind(0, "A")] >= 1).all()
    assert (meld_batch(d.hands[:, 0], rs)[:, 3] >= 20).all()
    assert (c[:, 0, rs.deck.kind(3, "7")] == 0).all()


def test_constraint_text_is_read_relative_to_my_seat():
    rs = load("auction")
    assert parse_constraint("partner meld>=20", rs, 1) == Constraint(3, "meld", -1, 20, 1 << 30, "partner meld>=20")
    assert parse_constraint("left H<3", rs, 3).seat == 0
    assert parse_constraint("right meld:D=4", rs, 0) == Constraint(3, "meld", 2, 4, 4, "right meld:D=4")
    c = parse_constraint("across AS>1", rs, 0)
    assert (c.seat, c.what, c.arg, c.lo) == (2, "card", rs.deck.kind(0, "A"), 2)
    assert parse_constraint("2 trump<=3", rs, 0, trump=1) == Constraint(2, "suit", 1, 0, 3, "2 trump<=3")
    for bad in ["partner", "partner meld", "partner foo>=3", "7 H>=1", "center H>=1"]:
        with pytest.raises(UserError):
            parse_constraint(bad, rs, 0)
    with pytest.raises(UserError, match="trump is not known"):
        parse_constraint("left trump>=1", rs, 0)
    with pytest.raises(UserError, match="no partners"):
        parse_constraint("partner meld>=1", load("luxury-family"), 0)


def test_impossible_constraints_raise():
    rs = load("auction")
    # only two hearts are unseen: no seat can hold three
    with pytest.raises(UserError, match="no deal meets"):
        sample_deals(rs, 1, HANDS["auction"], 100, seed=1, constraints=["left H>=3"], max_tries=50)
    with pytest.raises(UserError, match="no deal meets"):
        sample_deals(rs, 1, HANDS["auction"], 100, seed=1, accept=lambda h: np.zeros(len(h), bool), max_tries=50)


@pytest.mark.parametrize("what", ["H", "QS", "A"])
def test_a_count_no_deal_can_meet_is_refused_before_sampling(what):
    """The bounds of the up-front check are tight: the seat's most (and least) possible count samples, one past it is
    refused at once -- with max_tries=1, so the refusal cannot come from the rejection running out of tries."""
    rs = load("auction")
    known = {2: "9H AS QS 9S"}
    t = table(rs, 0, HANDS["auction"], known=known)
    c = parse_constraint(f"across {what}>=0", rs, 0)
    planes = t.base[2]
    have = sum(1 for k in from_planes(planes, rs.deck) if _counts(c, k, rs))
    pool = [int(k) for k in t.pool]
    avail = sum(1 for k in pool if _counts(c, k, rs))
    need = int(t.need[2])
    most, least = have + min(avail, need), have + max(0, need - (len(pool) - avail))
    for cons in (f"across {what}<={most}", f"across {what}>={most}", f"across {what}<={least}"):
        d = sample_deals(rs, 0, HANDS["auction"], 20, seed=3, known=known, constraints=[cons], max_tries=100_000)
        assert len(d) == 20
    for cons in (f"across {what}>={most + 1}", f"across {what}<={least - 1}"):
        with pytest.raises(UserError, match="no deal meets the constraints .*: that seat holds"):
            table(rs, 0, HANDS["auction"], known=known, constraints=[cons]).sample(20, seed=3, max_tries=1)


def _counts(c, k: int, rs) -> bool:
    """Whether the constraint ``c`` (a suit, a card, or the rank A) counts card kind ``k``: plain Python, from the
    card's name."""
    name = rs.deck.name(k)
    if c.what == "suit":
        return name[-1] == SUITS[c.arg]
    if c.what == "card":
        return k == c.arg
    return name[0] == "A"


def test_too_rare_constraints_raise():
    rs = load("auction")
    # left holds both unseen hearts and two aces in about 1 deal of 28: too rare for max_tries=20 ...
    cons = ["left H>=2", "left A>=2"]
    with pytest.raises(UserError, match="accept only"):
        sample_deals(rs, 1, HANDS["auction"], 2000, seed=1, constraints=cons, max_tries=20)
    # ... and fine for max_tries=100
    d = sample_deals(rs, 1, HANDS["auction"], 2000, seed=1, constraints=cons, max_tries=100)
    assert 0.02 < d.acceptance < 0.06


def test_known_cards():
    rs = load("auction")
    d = sample_deals(rs, 1, HANDS["auction"], 200, seed=4, known={2: "9S 9S KC"})
    c = deal_counts(d.hands)
    assert (c[:, 2, rs.deck.kind(0, "9")] == 2).all() and (c[:, 2, rs.deck.kind(3, "K")] >= 1).all()
    with pytest.raises(UserError, match="clash"):
        table(rs, 1, HANDS["auction"], known={2: "AH"})
    with pytest.raises(UserError, match="every card is dealt"):
        table(rs, 1, HANDS["auction"], stock_cards="9S")
    with pytest.raises(UserError, match="your own seat"):
        table(rs, 1, HANDS["auction"], known={1: "9S"})
    with pytest.raises(UserError, match="out of range"):
        table(rs, 4, HANDS["auction"])
    with pytest.raises(UserError, match="12 cards"):
        table(rs, 1, "AH AH")
    with pytest.raises(UserError, match="13 known cards"):
        table(rs, 1, HANDS["auction"], known={0: "9S 9S 9C 9C 9D 9D JS JS JC JC JD JD QC"})


def test_planes_helpers_agree():
    rs = load("double-deck")
    hand = Hand.parse(HANDS["double-deck"], rs.deck)
    d = sample_deals(rs, 0, hand, 5, seed=1)
    assert sorted(from_planes(d.hands[0, 0], rs.deck)) == sorted(hand.kinds)
    assert (to_planes(from_planes(d.hands[3, 2], rs.deck), rs.deck) == d.hands[3, 2]).all()


def test_whole_pack_deals_without_the_stock_have_the_same_hands():
    from analyzer.deal import random_deals

    for rid in ("two-handed", "auction"):
        rs = load(rid)
        full = random_deals(rs, 200, 11, 50)
        bare = random_deals(rs, 200, 11, 50, stock=False)
        assert (full.hands == bare.hands).all() and bare.stock.shape == (200, 0)
        assert (random_deals(rs, seed=11, ids=np.arange(50, 250)).hands == full.hands).all()
    rs = load("two-handed")
    assert random_deals(rs, 5).stock.shape == (5, 24)
