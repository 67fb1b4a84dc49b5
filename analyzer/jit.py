"""The project's one JIT policy and the bit intrinsics every kernel uses.

Kernels are compiled with :data:`kernel` (scalar, cached, no GIL). Work over many deals is a *range
kernel* — a kernel that takes the first and one-past-the-last item as its two last arguments, declared with
:func:`range_kernel` — and its batch form ``f.batch(n, *args)`` spreads items ``0 .. n - 1`` over threads
(:func:`fan_out`): one contiguous range per numba thread, run in Python threads (the kernels release the
GIL). Every item depends on its own index alone (its own random stream), so the split changes no result.
This costs nothing to compile, where numba's ``parallel=True`` loops would add seconds of compilation per
kernel on the first run. Under ``NUMBA_DISABLE_JIT=1`` the kernels stay Python functions (a range kernel still
gets its batch form) and the intrinsics fall back to Python.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numba
from numba import njit

DISABLED = bool(numba.config.DISABLE_JIT)


_IMPORT = re.compile(r"^\s*from (analyzer[\w.]*) import ([^\n]*)", re.M)


def _kernel_sources(pkg: Path) -> set[Path]:
    """The kernel modules (those that import this one) and every package module they import, directly
    or through others: numba freezes the globals a kernel reads (e.g. a layout's offsets) into its
    machine code, so an edit of any of them must change the cache folder."""

    def module_files(name: str, names: str) -> list[Path]:
        base = pkg.parent.joinpath(*name.split("."))
        found = [p for p in (base.with_suffix(".py"), base / "__init__.py") if p.exists()]
        for sub in re.findall(r"\w+", names.split("#")[0]):  # ``from analyzer.solve import layout``
            found += [p for p in ((base / sub).with_suffix(".py"),) if p.exists()]
        return found

    todo = [f for f in pkg.rglob("*.py") if f.name == "jit.py" or "analyzer.jit import" in f.read_text()]
    seen = set(todo)
    while todo:
        for m in _IMPORT.finditer(todo.pop().read_text()):
            for f in module_files(m.group(1), m.group(2)):
                if f not in seen:
                    seen.add(f)
                    todo.append(f)
    return seen


def _source_cache_dir() -> str:
    """A numba cache folder named by a hash of every kernel source file of the package.

    Numba keys a cached kernel on its own file only, but kernels compile the kernels and constants of
    other files into themselves: after an edit elsewhere a per-file cache would serve stale machine
    code. A folder per version of the kernel sources (the files that import this module and every
    package file they import) and per checkout location makes every such edit start from a clean cache;
    edits of the layers above (commands, reports, the web page) keep it.
    """
    pkg = Path(__file__).resolve().parent
    h = hashlib.sha256(numba.__version__.encode())
    # numba files a cached kernel under its source file's full path: a checkout elsewhere compiles afresh, so
    # it gets a folder of its own (and the solver's "compiled" mark there means what it says)
    h.update(str(pkg).encode())
    for f in sorted(_kernel_sources(pkg)):
        h.update(f.relative_to(pkg).as_posix().encode())
        h.update(f.read_bytes())
    root = os.environ.get("NUMBA_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pinochle-analyzer"
    )
    return os.path.join(root, "numba-" + h.hexdigest()[:16])


numba.config.CACHE_DIR = _source_cache_dir()


def cache_dir() -> str:
    """Where this version of the kernels is cached: ``$NUMBA_CACHE_DIR`` or ``~/.cache/pinochle-analyzer``
    (``$XDG_CACHE_HOME/pinochle-analyzer``), in a folder named by a hash of the kernel sources."""
    return numba.config.CACHE_DIR


def mark_compiled(name: str) -> None:
    """Note in the kernel cache that the kernels of ``name`` (e.g. ``"solver"``) are all compiled and saved
    there (a process that used them all says so); nothing when JIT is off or the cache is read-only."""
    if DISABLED:
        return
    from pathlib import Path

    try:
        f = Path(cache_dir()) / f"{name}.ready"
        if not f.exists():
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_text(f"the {name}'s kernels are cached here\n")
    except OSError:  # pragma: no cover - a read-only cache: later runs compile again, nothing worse
        pass


def is_compiled(name: str) -> bool:
    """Whether :func:`mark_compiled` noted ``name`` in this version's kernel cache."""
    from pathlib import Path

    return (Path(cache_dir()) / f"{name}.ready").exists()


def _compile_note() -> None:
    from analyzer.runs.progress import install_compile_note

    install_compile_note()


_compile_note()

#: decorator for scalar kernels: cached, nogil, no fastmath (results must be exact)
kernel = njit(cache=True, nogil=True)
#: the same for small helpers that hot loops should see inlined (numba IR inlining)
inline = njit(cache=True, nogil=True, inline="always")
#: for the hottest kernels, which never allocate: compiled without numba's runtime, so passing an array
#: costs no reference counting (an atomic update at every call, shared by every view of one buffer;
#: measured: 15 % of the solver's time). An allocation inside one is a compile error.
hot = njit(cache=True, nogil=True, _nrt=False)

#: a range kernel gives no thread fewer items than this (small batches run on the calling thread)
MIN_PER_THREAD = 32
_pools: dict[int, ThreadPoolExecutor] = {}


def threads() -> int:
    """The threads work is spread over: numba's thread count (``NUMBA_NUM_THREADS``, set_num_threads)."""
    return max(1, int(numba.get_num_threads()))


def fan_out(fn: Callable[..., Any], n: int, *args: Any) -> None:
    """Run the range kernel ``fn(*args, lo, hi)`` over the items ``0 .. n - 1``, one contiguous range per
    thread (at most :func:`threads`, each with at least :data:`MIN_PER_THREAD` items); nothing when
    ``n <= 0``."""
    if n <= 0:
        return
    t = max(1, min(threads(), n // MIN_PER_THREAD))
    if t == 1:
        fn(*args, 0, n)
        return
    pool = _pools.get(t)
    if pool is None:
        pool = _pools.setdefault(t, ThreadPoolExecutor(t, thread_name_prefix="pinochle-kernel"))
    bounds = [n * k // t for k in range(t + 1)]
    futures = [pool.submit(fn, *args, bounds[k], bounds[k + 1]) for k in range(t)]
    for f in futures:
        f.result()


class RangeKernel:
    """A compiled range kernel ``kernel(*args, lo, hi)`` and its batch form (made by :func:`range_kernel`).

    Called, it runs the kernel on one range; :meth:`batch` runs a whole batch. It pickles by name, as a
    function does (a numba dispatcher pickles by value: a copy in a worker process would compile afresh).
    """

    def __init__(self, fn: Callable[..., Any], compiled: Callable[..., Any]) -> None:
        functools.update_wrapper(self, fn)  # name, module, docstring: the kernel's own
        #: the compiled kernel (a numba dispatcher; the Python function under ``NUMBA_DISABLE_JIT=1``)
        self.kernel = compiled

    def __call__(self, *args: Any) -> Any:
        """The kernel on the items ``lo .. hi - 1`` (``args`` end with ``lo, hi``), on this thread."""
        return self.kernel(*args)

    def batch(self, n: int, *args: Any) -> None:
        """The kernel over the items ``0 .. n - 1``, spread over threads by :func:`fan_out` (nothing when
        ``n <= 0``)."""
        fan_out(self.kernel, n, *args)

    def __reduce__(self) -> str:
        return self.__qualname__

    def __repr__(self) -> str:
        return f"<range kernel {self.__module__}.{self.__qualname__}>"


def range_kernel(fn: Callable[..., Any] | None = None, /, *, jit: Callable[..., Any] = kernel) -> Any:
    """Decorator for a *range kernel* ``fn(*args, lo, hi)``: a kernel that does items ``lo .. hi - 1`` of a
    batch, each by its own index alone, writing into output arrays among ``args``.

    It compiles ``fn`` by the JIT policy ``jit`` (:data:`kernel`; ``@range_kernel(jit=hot)`` for one that
    never allocates) and returns a :class:`RangeKernel`: called, the kernel on one range; ``fn.batch(n, *args)``
    its *batch form*, the items ``0 .. n - 1`` spread over threads by :func:`fan_out`. A Python function over
    a batch calls the batch form and does only its own part: check and convert the inputs, allocate and
    return the outputs. (Other kernels call the scalar kernels a range kernel is built of, not the range
    kernel itself.)
    """
    if fn is None:
        return lambda f: range_kernel(f, jit=jit)
    return RangeKernel(fn, jit(fn))


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

    def ticks():
        """A monotonic tick count (here: nanoseconds)."""
        import time

        return time.perf_counter_ns()

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

    @intrinsic
    def _cycles(typingctx):
        from llvmlite import ir
        from numba.core import cgutils, types

        def codegen(context, builder, signature, args):
            fnty = ir.FunctionType(ir.IntType(64), [])
            fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.readcyclecounter")
            return builder.call(fn, [])

        return types.int64(), codegen

    @njit(inline="always", cache=True)
    def ticks():
        """A monotonic tick count (the CPU's time-stamp counter; see :func:`tick_rate`)."""
        return _cycles()


def typed_kernel(signature: str):
    """Decorator for a scalar kernel compiled for one explicit signature (cached, nogil).

    Recursive kernels need it: numba caches a recursive function it typed by inference unreliably
    (the cached copy can crash on reload); with the signature given up front it compiles once, when the
    module is imported, and loads from the cache afterwards. Like :data:`hot`, it never allocates.
    """
    if DISABLED:  # pragma: no cover - exercised by the NUMBA_DISABLE_JIT test run
        return lambda f: f
    return njit(signature, cache=True, nogil=True, _nrt=False)


_TICK_RATE: list[float] = []


@njit(cache=True)
def _tick_now():
    """:func:`ticks` callable from Python (compiled once and cached: a function compiled on every run would
    show the first-run compile note on every run)."""
    return ticks()


def tick_rate() -> float:
    """Ticks of :func:`ticks` per second, measured once per process."""
    if not _TICK_RATE:
        import time

        now = _tick_now
        now()
        t0, c0 = time.perf_counter(), now()
        time.sleep(0.02)
        t1, c1 = time.perf_counter(), now()
        _TICK_RATE.append((c1 - c0) / (t1 - t0))
    return _TICK_RATE[0]
