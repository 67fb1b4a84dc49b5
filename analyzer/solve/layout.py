"""The solver's workspace: one flat ``int64`` array per thread, sections at fixed offsets.

Everything the search reads or writes lives in this one array -- rule parameters, constant tables,
the hands, one record per ply, move lists, counters and the transposition table -- because every
array a non-inlined numba call receives costs two atomic reference-count updates (~14 ns), and the
search is a recursive call per card. Offsets are sized for the largest game (4 seats, 4 copies, 80
cards); :mod:`analyzer.solve.lower` fills the header from a rule set: first the trick rules as every
kernel has them (:mod:`analyzer.rules.lowered`), then the solver's own reading of them.

Card kinds and count planes are those of :mod:`analyzer.cards` (kind = 16 * suit + rank bit, low
bits low ranks; plane ``k`` = kinds held at least ``k + 1`` times).
"""

from __future__ import annotations

import os

import numba

from analyzer.jit import cache_dir
from analyzer.rules import lowered as R

#: the search's diagnostic counters (table probes, hits, stores and slot misses, cut-offs and first-move
#: cut-offs, the bounds' cuts, pruned moves, out-of-reach and ETC cuts, trick-boundary nodes by tricks left)
#: are compiled in only when the environment variable ``PINOCHLE_SOLVER_COUNTERS`` is 1 at import: numba
#: freezes this constant into the kernels, so by default the hot path does not count them (they read 0).
#: Nodes, trick-boundary nodes, searches and the budget's abort are always counted (the product reads them).
COUNT = os.environ.get("PINOCHLE_SOLVER_COUNTERS", "") == "1"
if COUNT:
    # kernels compiled with the counters in get a cache folder of their own: numba keys a cached kernel on
    # its source, not on the constants it froze in (every solver kernel imports this module first, so it is
    # decorated after this line)
    numba.config.CACHE_DIR = cache_dir() + "-counters"

MAX_SEATS = 4
MAX_PLANES = 4
MAX_PLY = 84  # 80 cards + the root + spare
MAXMV = 32  # moves at one node (at most 24 card kinds can be legal)

# ---- header, part 1: the trick rules, analyzer.rules.lowered's block (shared with the play engine) -----
P_SEATS = R.RP_SEATS  # seats (2, 3 or 4)
P_COPIES = R.RP_COPIES  # copies of each card kind (count planes in use)
P_NRANKS = R.RP_NRANKS  # ranks per suit
P_LANE = R.RP_LANE  # bitmask of the used bits of one 16-bit suit lane
P_LAST = R.RP_LAST_TRICK  # points for winning the last trick
P_PERTRICK = R.RP_PER_TRICK  # points for winning any trick (bridge: 1)
P_FOLLOW = R.RP_FOLLOW  # 1: follow the led suit when able
P_MUSTTRUMP = R.RP_MUST_TRUMP  # 1: a player void in the led suit must trump when holding one
P_HEAD = R.RP_HEAD  # heading rule: 0 never, 1 trump-led, 2 always
OFF_PTS = R.RP_PTS  # + kind: card points
# ---- header, part 2: the solver's reading of the rule set (constant for a rule set) -------------------
P_NCLS = R.RP_LEN + 0  # point classes: distinct card point values
P_CB = R.RP_LEN + 1  # bits of one card kind's count in a count word (1 copy: 1, 2-3: 2, 4: 3)
P_OBITS = R.RP_LEN + 2  # bits of an owner code (who holds the copies of one rank)
P_SLOT = R.RP_LEN + 3  # bits of one rank in a suit pattern (owner code, then point class)
P_CLSBITS = R.RP_LEN + 4  # bits of a point class in a suit pattern
P_TTSLOTS = R.RP_LEN + 5  # log2 of the table's slots
P_TTWAYS = R.RP_LEN + 6  # entries (ways) per slot
P_FLAGS = R.RP_LEN + 7  # search switches (F_* bits below)
# ---- header: this position's context (set per solve) -------------------------------------------------
P_TRUMP = R.RP_LEN + 8  # trump suit 0..3, -1 notrump
P_MAXMASK = R.RP_LEN + 9  # bitmask of the seats of the max side (the declaring side)
P_STAMP = R.RP_LEN + 10  # table stamp of the current solve: entries with another stamp count as empty
P_BUDGET = R.RP_LEN + 11  # node budget: the search stops (C_ABORT) past it
P_ROOTD = R.RP_LEN + 12  # ply of the start node of a search, whose moves are all searched (no cut); -1 none
P_ETCK = R.RP_LEN + 13  # F_ETC: only where the children have at least this many tricks left
NPRM = R.RP_LEN + 14

# search switches (bits of P_FLAGS), for measurements: every combination gives the same values
F_TABLE = 1  # transposition table
F_QUICK = 2  # sure-point bounds at trick boundaries
F_MERGE = 4  # rank-equivalent cards as one move
F_ORDER = 8  # heuristic move ordering (else high to low)
F_PRUNE = 16  # small-card pruning by winning-rank relevance
F_PART = 32  # table entries keep only the ranks that decided them (else every rank is pinned)
F_KILLER = 64  # the lead that last cut off at the same trick first
F_QUASI = 512  # table slots keyed on suit lengths; entries answer for positions whose cards differ in points
F_ENTRY = 2048  # the side on lead's sure points also through a partner's entry (its cashing after a low lead)
F_TLEN = 4096  # sure points of either side also by trump length (the other side's trumps matched to its own)
F_FORCED = 8192  # trump-trick bounds add the other side's cheapest cards on those tricks
F_ETC = 16384  # enhanced transposition cut-off: at a trick's last card every child boundary is probed first

# ---- counters --------------------------------------------------------------------------------------
OFF_CNT = NPRM
C_NODES = 0  # nodes entered (every card)
C_TBNODES = 1  # nodes at trick boundaries (as DDS counts them)
C_ABORT = 2  # 1 once the node budget ran out
C_SEARCHES = 3  # null-window searches from a driver
# the rest only where COUNT is on
C_PROBES = 4  # table probes
C_HITS = 5  # probes answered by an entry
C_STORES = 6  # entries written
C_CUTS = 7  # cut-offs
C_CUT1 = 8  # cut-offs by the first move tried
C_QLO = 9  # trick boundaries cut by the max side's sure points
C_QHI = 10  # trick boundaries cut by the min side's sure points
C_PRUNED = 11  # small cards not searched (shown equivalent to one searched)
C_RCUT = 12  # nodes cut by the points still out (the max side cannot reach the target)
C_SLOTMISS = 13  # probes whose slot held another coarse key
C_ETC = 14  # nodes at a trick's last card cut by a child's table entry (F_ETC)
C_EVICT = 15  # entries lost: overwritten in a full slot, or with their slot taken by another key
NCNT = 16
OFF_DEPTH = OFF_CNT + NCNT  # + tricks left: trick-boundary nodes entered with that many tricks to play (COUNT)
DEPTH_LEN = 32

# ---- constant tables (per rule set) -------------------------------------------------------------------
OFF_CLS = OFF_DEPTH + DEPTH_LEN  # + kind: point class (index into the ascending distinct point values)
OFF_CKINC = OFF_CLS + 64  # + kind: increment of the holder's coarse-key word (its suit x class count)
OFF_CMASK = OFF_CKINC + 64  # + class: kinds of that point class
OFF_CVAL = OFF_CMASK + 8  # + class: its points
OFF_OWN = OFF_CVAL + 8  # + owner index (seat counts, P_CB bits each): owner code (0 = nobody)
OWN_LEN = 4096
OFF_OWNSEAT = OFF_OWN + OWN_LEN  # + 4 * owner code + seat: copies of the rank that seat holds
OWNSEAT_LEN = 4 * 128
OFF_CKOFF = OFF_OWNSEAT + OWNSEAT_LEN  # + 8 * suit + class: bit offset of that count in a coarse key word
OFF_CKMASK = OFF_CKOFF + 32  # + 8 * suit + class: its mask (after shifting)
OFF_OMASK = OFF_CKMASK + 32  # + depth: the owner-code bits of a suit pattern's top ``depth`` ranks
OFF_KILL = OFF_OMASK + 16  # killer leads: seat * 64 + tricks left (the last), + 32 (the one before)
KILL_LEN = MAX_SEATS * 64

# ---- the position ----------------------------------------------------------------------------------
OFF_H = OFF_KILL + KILL_LEN  # + MAX_PLANES * seat + plane: count planes of each hand
OFF_CK = OFF_H + MAX_SEATS * MAX_PLANES  # + seat: coarse key word (count of each suit x point class)
OFF_LK = OFF_CK + MAX_SEATS  # + seat: suit lengths (5 bits a suit)
OFF_OC = OFF_LK + MAX_SEATS  # + kind: its pattern field (owner code and point class), kept by take/give
OFF_OI = OFF_OC + 64  # + kind: its owner index (each seat's count of it, P_CB bits a seat), kept by take/give

# ---- one record per ply (node d of the current line) ------------------------------------------------
OFF_PLY = OFF_OI + 64
R_P = 0  # seat to play
R_TPOS = 1  # cards already in the current trick
R_LEAD = 2  # seat that led the current trick
R_WC = 3  # kind winning the trick so far (-1: empty)
R_WS = 4  # seat of that card
R_TP = 5  # card points in the trick
R_LED = 6  # led suit (-1: empty)
R_TM = 7  # kinds in the trick
R_TDUP = 8  # kinds played twice to the trick
R_REM = 9  # card points still in the hands
R_NC = 10  # cards still in the hands
R_FIRST = 11  # 1: this lead must be a trump if the leader holds one (double deck's first trick)
R_CARD = 12  # card played from this node (to the child)
R_PLANE = 13  # plane it came from
R_GAIN = 14  # points the max side won with the trick this card completed (else 0)
R_REL = 15  # result relevance: kinds whose rank decided the result (see search)
R_TREL = 16  # relevance of the trick this node's card completed (its winner, if it won by rank)
R_NMV = 17  # moves generated
R_BEST = 18  # card of the best / cutting move (-1: none)
R_PAT = 19  # R_PAT + suit: the position's suit patterns (trick boundaries, after a probe)
R_PATOK = 23  # 1 when R_PAT holds this node's patterns
R_TTMOVE = 24  # best move suggested by the table (-1: none)
NF = 28
OFF_MV = OFF_PLY + MAX_PLY * NF  # + MAXMV * d + i: the moves of node d (card kinds), in search order
OFF_MS = OFF_MV + MAX_PLY * MAXMV  # + MAXMV * d + i: their ordering scores
OFF_THR = OFF_MS + MAX_PLY * MAXMV  # + 32 * d + 8 * suit + class: small-card threshold of node d (see search)

# ---- transposition table -------------------------------------------------------------------------------
# The table is a set of slots; a slot belongs to one *coarse key* (leader, and per hand the number of
# cards of each suit and point class) and holds up to P_TTWAYS entries. An entry answers for every
# position with that coarse key whose suits agree, from the top rank down to a depth of its own, in the
# owners and point classes of the ranks still out (see analyzer.solve.table).
OFF_TT = ((OFF_THR + MAX_PLY * 32 + 63) // 64) * 64
S_CK = 0  # S_CK + seat: coarse key words
S_META = MAX_SEATS  # leader | stamp << 4 | entries used << 36 | next entry to replace << 46 | cards << 56
SLOT_HDR = MAX_SEATS + 2
E_PAT = 0  # E_PAT + suit: pattern of the suit's top ranks (masked to the entry's depth)
E_META = 4  # lo | hi << 12 | depths (4 bits a suit) << 24 | best move + 1 << 40
E_CK = 5  # E_CK + seat: the stored position's coarse key words (its cards' point classes, F_QUASI)
ENTRY = E_CK + MAX_SEATS
M_VAL = (1 << 12) - 1


# ---- a position to solve (one row of the batch's ``spec`` array) and the batch's options ----------------
SP_TRUMP = 0  # trump suit 0..3, -1 notrump
SP_MAXMASK = 1  # bitmask of the seats of the declaring side
SP_LEADER = 2  # seat that led (or leads) the current trick
SP_FIRST = 3  # 1: the lead must be a trump if the leader holds one (double deck's first trick)
SP_NTRICK = 4  # cards already played to the current trick
SP_GUESS = 5  # first guess of the value (-1: none)
SP_TARGET = 6  # -1: the exact value; T >= 0: only "does the max side take at least T?" (one null-window search)
SP_RES = 7  # resolution N >= 1: stop once proven bounds lo..hi have hi - lo < N (1: the exact value)
SP_SHIFT = 8  # points added to the first guess (given or greedy) before the first search, kept in 0..all left
SP_TRICK = 9  # SP_TRICK + i: the i-th card of the current trick
NSPEC = SP_TRICK + MAX_SEATS
O_ALLCARDS = 0  # 1: also the value of every legal card of the player to move
O_LINES = 1  # 1: replay one optimal line after an exact solve
O_BUDGET = 2  # node budget of one position (its line's replay gets as much again)
O_STAMP0 = 3  # table stamp of the batch's first position
NOPT = 4
# result columns (``out``)
OUT_LO = 0
OUT_HI = 1
OUT_EXACT = 2
OUT_NODES = 3
OUT_LINE = 4  # 1: the line's replay finished
OUT_LINENODES = 5
OUT_TICKS = 6  # clock ticks the solve took
OUT_STATUS = 7  # ST_* below
NOUT = 8
# how far a solve got (``OUT_STATUS``)
ST_UNFINISHED = 0  # the node budget ran out before the bounds were under the resolution
ST_BRACKETED = 1  # proven bounds hi - lo < the resolution, not equal
ST_EXACT = 2  # lo == hi: the value


def slot_words(ways: int) -> int:
    """Words of one table slot with ``ways`` entries."""
    return SLOT_HDR + ways * ENTRY


def workspace_words(slot_bits: int, ways: int) -> int:
    """Length of a workspace whose table has ``2**slot_bits`` slots of ``ways`` entries."""
    return OFF_TT + (1 << slot_bits) * slot_words(ways)
