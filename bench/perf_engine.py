"""One engine run for bench/perf.py, in a fresh process: cold load, the first search and references
after load, every query family (first and repeated per input), resident memory, and edit-to-query.

    python bench/perf_engine.py SPEC.json     (prints JSON; SPEC as bench/native reads it)
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

STARTED = time.monotonic()
CALLER_PAGE = 100
"""Callers a call hierarchy answer describes: the MCP tool's default page (bench/native's CallerPage)."""
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import SymbolRef, load_solution, queries  # noqa: E402
from engine.errors import SymbolNotFound  # noqa: E402
from engine.host import memory_trim  # noqa: E402


def ms(since: float) -> float:
    return round((time.monotonic() - since) * 1000, 2)


def progress(what: str) -> None:
    """A line on stderr per step (perf.py keeps it in bench/results/perf_progress.log): a long run at 100
    projects shows where it is, and what it had measured if it is stopped."""
    print(f"{time.monotonic() - STARTED:8.1f} s  {what}", file=sys.stderr, flush=True)


ONCE_OVER_MS: float | None = None
"""An input whose first run takes longer is not run again: its first time stands for the repeats."""


TURNS = False
"""Whether perf.py runs this program in turns with the native one (the spec's ``turns``): "ready" on
stdout once loaded and warm, then each input waits for a line on stdin and answers "done", so both sides
measure each input in the same minute and the machine's drift falls on both alike."""


def wait_turn() -> None:
    if TURNS:
        sys.stdin.readline()


def say(word: str) -> None:
    if TURNS:
        print(word, flush=True)


def family(session, inputs: list[str], repeat: int, run) -> list[dict]:
    rows = []
    for value in inputs:
        wait_turn()
        started = time.monotonic()
        count = run(value)
        first = ms(started)
        once = ONCE_OVER_MS is not None and first > ONCE_OVER_MS
        times = [first] if once else []
        for _ in range(0 if once else repeat):
            started = time.monotonic()
            run(value)
            times.append(ms(started))
        rows.append(
            {"input": value, "first_ms": first, "median_ms": statistics.median(times), "count": count, "once": once}
        )
        progress(f"{value}: first {first} ms, then {statistics.median(times)} ms, {count} results")
        say("done")
    return rows


def _nodes(hierarchy) -> int:
    return len(hierarchy.bases) + len(hierarchy.interfaces) + len(hierarchy.derived)


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    global ONCE_OVER_MS, TURNS
    spec = json.loads(Path(sys.argv[1]).read_text())
    repeat = int(spec.get("repeat", 5))
    ONCE_OVER_MS = spec.get("once_over_ms")
    TURNS = bool(spec.get("turns"))
    memory_trim.IDLE_SECONDS = None  # the engine idles while the native program measures: no trim then
    session = load_solution(spec["solution"], watch=True)
    answer: dict = {"load_ms": ms(STARTED)}
    progress("loaded")
    started = time.monotonic()
    session.run(queries.find_symbols, spec["first"]["search"], timeout=600)
    answer["first_search_after_load_ms"] = ms(started)
    started = time.monotonic()
    session.run(queries.find_references, SymbolRef(name=spec["first"]["references"]), timeout=600)
    answer["first_references_after_load_ms"] = ms(started)
    if spec.get("first_only"):  # one of perf.py's further first starts
        print(json.dumps(answer))
        session.close()
        return
    started = time.monotonic()
    session.wait_warm()
    answer["warm_up_left_ms"] = ms(started)
    progress("warmed up")
    say("ready")

    def ref(value: str) -> SymbolRef:
        return SymbolRef(name=value)

    run = session.run
    answer["references"] = family(session, spec["references"], repeat,
                                  lambda v: run(queries.find_references, ref(v), timeout=600).total)  # fmt: skip
    answer["search"] = family(session, spec["search"], repeat,
                              lambda v: run(queries.find_symbols, v, limit=None, timeout=600).total)  # fmt: skip
    answer["implementations"] = family(session, spec["implementations"], repeat,
                                       lambda v: len(run(queries.find_implementations, ref(v), timeout=600).items))  # fmt: skip
    answer["hierarchy"] = family(session, spec["hierarchy"], repeat,
                                 lambda v: _nodes(run(queries.type_hierarchy, ref(v), "both", 1, timeout=600)))  # fmt: skip
    answer["callers"] = family(session, spec["callers"], repeat,
                               lambda v: run(queries.call_hierarchy, ref(v), "incoming", 1, 0, CALLER_PAGE, timeout=600).incoming_total)  # fmt: skip
    wait_turn()  # the last turn: memory and the edit while the other side waits
    answer["rss_mb"] = round(resident_mb(), 1)
    memory_trim.trim()  # what the idle trimmer does 5 s after the last query
    answer["rss_rest_mb"] = round(resident_mb(), 1)
    answer["edit_to_query_ms"] = edit_to_query(session, Path(spec["edit_file"]))
    print(json.dumps(answer))
    session.close()


def edit_to_query(session, path: Path) -> float | None:
    """A class appended to a saved file, until find_symbols sees it."""
    original = path.read_text()
    marker = f"BenchMarker{int(time.time() * 1000)}"
    path.write_text(original + f"\ninternal static class {marker} {{ }}\n")
    started = time.monotonic()
    try:
        while time.monotonic() - started < 30:
            try:
                if session.run(queries.find_symbols, marker, timeout=60).total:
                    return ms(started)
            except SymbolNotFound:
                pass
            time.sleep(0.005)
        return None
    finally:
        path.write_text(original)


if __name__ == "__main__":
    main()
