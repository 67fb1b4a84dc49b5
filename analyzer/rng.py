"""Seeds of independent random streams, mixed from integers: a deal's stream comes from (seed, deal index,
...), never from the thread or the order work is done in."""

from __future__ import annotations

from analyzer.deal_kernel import mix32


def seed_of(*parts: int) -> int:
    """A 48-bit seed mixed from integers (deal index, seat, study number, ...)."""
    h = 0x2B7E1516
    for p in parts:
        h = int(mix32((h ^ (int(p) & 0xFFFFFFFF)) & 0xFFFFFFFF))
        h = int(mix32((h + ((int(p) >> 32) & 0xFFFFFFFF) + 0x9E3779B9) & 0xFFFFFFFF))
    return (h << 16) ^ int(mix32(h ^ 0x85EBCA6B))
