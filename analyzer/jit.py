"""The project's one JIT policy and the bit intrinsics every kernel uses.

Kernels are compiled with :data:`kernel` (scalar, cached, no GIL) and batch loops with
:data:`batch` (the same plus ``parallel=True`` so ``prange`` spreads deals over threads).
Under ``NUMBA_DISABLE_JIT=1`` both are the identity and the intrinsics fall back to Python.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba
from numba import njit, prange  # noqa: F401  (re-exported for kernel modules)

DISABLED = bool(numba.config.DISABLE_JIT)


def _source_cache_dir() -> str:
    """A numba cache folder named by a hash of every kernel source file of the package.

    Numba keys a cached kernel on its own file only, but kernels compile the kernels of other files
    into themselves: after an edit elsewhere a per-file cache would serve stale machine code. A folder
    per version of the kernel sources (the files that import this module) makes every kernel edit
    start from a clean cache; edits of the pure-Python layers above keep it.
    """
    pkg = Path(__file__).resolve().parent
    h = hashlib.sha256(numba.__version__.encode())
    for f in sorted(pkg.rglob("*.py")):
        src = f.read_bytes()
        if f.name == "jit.py" or b"analyzer.jit import" in src:
            h.update(f.relative_to(pkg).as_posix().encode())
            h.update(src)
    root = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pinochle-analyzer"
    )
    return os.path.join(root, "numba-" + h.hexdigest()[:16])


numba.config.CACHE_DIR = _source_cache_dir()


def cache_dir() -> str:
    """Where this version of the kernels is cached: ``$NUMBA_CACHE_DIR`` or ``~/.cache/pinochle-analyzer``
    (``$XDG_CACHE_HOME/pinochle-analyzer``), in a folder named by a hash of the kernel sources."""
    return numba.config.CACHE_DIR


def _compile_note() -> None:
    from analyzer.progress import install_compile_note

    install_compile_note()


_compile_note()

#: decorator for scalar kernels: cached, nogil, no fastmath (results must be exact)
kernel = njit(cache=True, nogil=True)
#: the same for small helpers that hot loops should see inlined (numba IR inlining)
inline = njit(cache=True, nogil=True, inline="always")
#: decorator for batch kernels whose outer loop is a ``prange`` over deals
batch = njit(cache=True, nogil=True, parallel=True)

if DISABLED:  # pragma: no cover - exercised by the NUMBA_DISABLE_JIT test run

    def popcount(x):
        """Number of set bits of a non-negative int64 bitboard."""
        return int(x).bit_count()

    def lowbit(x):
        """Index of the lowest set bit (x != 0)."""
        x = int(x)
        return (x & -x).bit_length() - 1

    def highbit(x):
        """Index of the highest set bit (x != 0)."""
        return int(x).bit_length() - 1

else:
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
    from numba.extending import intrinsic

    @intrinsic
    def _ctpop(typingctx, x):
        sig = x(x)

        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return sig, codegen

    @njit(inline="always", cache=True)
    def popcount(x):
        """Number of set bits of a non-negative int64 bitboard."""
        return _ctpop(x)

    @njit(inline="always", cache=True)
    def lowbit(x):
        """Index of the lowest set bit (x != 0)."""
        return trailing_zeros(x)

    @njit(inline="always", cache=True)
    def highbit(x):
        """Index of the highest set bit (x != 0)."""
        return 63 - leading_zeros(x)
