"""The performance benchmark, in one sitting: for each solution size, the engine (a fresh process) and
a native C# program on the same Roslyn (bench/native/) answer the same queries about the same
symbols, taking turns input by input; then the MCP server's start to first answer. Results go to bench/results/perf.json and a
table to stdout (the README's performance table).

    python bench/perf.py [--sizes 5 25 100] [--files 63] [--repeat 5] [--max-inputs N] [--once-over SECONDS]
                         [--first-starts 3]

Each size is one sitting; a run keeps the other sizes already in --out (so 100 projects, which takes
long, can run on its own: --sizes 100 --max-inputs 6 --repeat 1 --once-over 30). Per query family:
"first" is each input's first call (after load and warm-up), "repeated" the median of `--repeat` more
calls of the same input (an input slower than --once-over is not repeated: its first time stands); the
table gives the median and p95 over the inputs. Load and the first search and references after it are
the median over --first-starts fresh processes of each program (the first in turns with the queries,
the others one after the other, each without the on-disk index of the one before).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from generate_solution import generate  # noqa: E402
from mcp_session import mcp_session  # noqa: E402
from perf_inputs import inputs  # noqa: E402
from stats import p95  # noqa: E402

from engine.host.runtime import find_dotnet, find_roslyn  # noqa: E402

FAMILIES = ("references", "search", "implementations", "hierarchy", "callers")


def stats(rows: list[dict], key: str) -> dict[str, float]:
    values = [row[key] for row in rows]
    return {"median": round(statistics.median(values), 2), "p95": round(p95(values), 2)}


def build_native(work: Path) -> tuple[Path, Path]:
    dotnet = find_dotnet()
    roslyn = find_roslyn(dotnet).directory
    out = work / "native"
    subprocess.run(
        [
            str(dotnet.dotnet),
            "build",
            str(HERE / "native"),
            "-c",
            "Release",
            "-o",
            str(out),
            "--nologo",
            "-v",
            "q",
            f"-p:RoslynDir={roslyn}/",
            "-p:BaseIntermediateOutputPath=" + str(work / "native-obj") + "/",
        ],
        check=True,
        capture_output=True,
    )
    return out / "NativeBench.dll", roslyn


PROGRESS = ROOT / "bench" / "results" / "perf_progress.log"


class Side:
    """One measuring program (the engine's or the native one), run in turns with the other: its stderr
    (progress lines) goes to PROGRESS as it comes, its stdout says "ready", then "done" after each input
    it was let run, and at last its JSON answer."""

    def __init__(self, command: list[str], env: dict[str, str] | None = None) -> None:
        PROGRESS.parent.mkdir(parents=True, exist_ok=True)
        self._log = PROGRESS.open("a")
        self._log.write(f"--- {' '.join(command)}\n")
        self._log.flush()
        self.name = command[0]
        self._process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._log,
            text=True,
            env={**os.environ, **(env or {})},
        )

    def expect(self, word: str) -> None:
        """Wait for ``word`` on the program's stdout (it is loaded, or done with an input)."""
        assert self._process.stdout is not None
        for line in self._process.stdout:
            if line.strip() == word:
                return
            self._log.write(f"(stdout) {line}")  # e.g. a build warning of the loaded solution
        self._process.kill()
        raise SystemExit(f"{self.name} ended before saying {word!r}; see {PROGRESS}")

    def turn(self) -> None:
        """Let the program measure its next input, and wait until it has."""
        self._go()
        self.expect("done")

    def finish(self) -> dict:
        """The last turn (memory, edit-to-query) and the program's answer."""
        self._go()
        assert self._process.stdout is not None
        out = self._process.stdout.read()
        code = self._process.wait(timeout=600)
        self._log.close()
        if code != 0:
            raise SystemExit(f"{self.name} failed; see {PROGRESS}")
        return json.loads(out[out.index("{") :])

    def _go(self) -> None:
        assert self._process.stdin is not None
        self._process.stdin.write("go\n")
        self._process.stdin.flush()


def in_turns(
    engine_command: list[str], native_command: list[str], native_env: dict[str, str], inputs: int
) -> tuple[dict, dict]:
    """Both programs over the same inputs, input by input: each loads (and takes its first answers
    after load) while the other is not running yet or waits, then they take turns, so a slower or faster
    minute of the machine falls on both sides of each input alike (run one after the other, the two
    sittings drifted by 20-30%)."""
    engine = Side(engine_command)
    engine.expect("ready")
    native = Side(native_command, native_env)
    native.expect("ready")
    for _ in range(inputs):
        engine.turn()
        native.turn()
    return engine.finish(), native.finish()


async def mcp_first_answers(solution: Path) -> dict[str, float]:
    """Milliseconds from starting roslyn-mcp to each of its first answers (search, definition, outline):
    a second start, so the on-disk index of the engine run answers before MSBuild has loaded. Then, once
    the load is done (project_structure waits for it), how long a search takes right after it."""
    started = time.monotonic()
    times = {}
    calls = [
        ("find_symbols", {"query": "Model1"}),
        ("go_to_definition", {"symbol": "Bench.Core.Entity"}),
        ("file_outline", {"file": "P1/Model2.cs"}),
    ]
    async with mcp_session(solution, cwd=ROOT) as session:
        times["initialized"] = round((time.monotonic() - started) * 1000, 1)
        for tool, arguments in calls:
            result = await session.call_tool(tool, arguments)
            assert not result.is_error, result.content
            times[tool] = round((time.monotonic() - started) * 1000, 1)
            times[f"{tool}_from_index"] = "from the index" in result.content[0].text
        await session.call_tool("project_structure", {})
        times["loaded"] = round((time.monotonic() - started) * 1000, 1)
        asked = time.monotonic()
        result = await session.call_tool("find_symbols", {"query": "Step"})
        assert not result.is_error, result.content
        times["search_after_load"] = round((time.monotonic() - asked) * 1000, 1)
        times["search_after_load_from_index"] = "from the index" in result.content[0].text
    return times


def measure(
    size: int,
    files: int,
    repeat: int,
    work: Path,
    native: Path,
    roslyn: Path,
    max_inputs: int | None = None,
    once_over: float | None = None,
    starts: int = 3,
) -> dict:
    root = work / f"bench-{size}"
    solution = generate(root, size, files)
    subprocess.run([str(find_dotnet().dotnet), "restore", str(solution), "-v", "q"], check=True, capture_output=True)
    families = inputs(size, files)
    if max_inputs is not None:
        families = {
            name: spread(values, max_inputs) if name in FAMILIES else values for name, values in families.items()
        }
    spec = {
        "solution": str(solution),
        "repeat": repeat,
        "edit_file": str(root / "P1" / "Model2.cs"),
        "turns": True,
        **families,
    }
    if once_over is not None:
        spec["once_over_ms"] = once_over * 1000
    spec_path = root / "spec.json"
    spec_path.write_text(json.dumps(spec))
    engine_command = [sys.executable, str(HERE / "perf_engine.py")]
    native_command = [str(find_dotnet().dotnet), str(native)]
    native_env = {"ROSLYN_DIR": str(roslyn)}
    engine, native = in_turns(
        [*engine_command, str(spec_path)],
        [*native_command, str(spec_path)],
        native_env,
        sum(len(families[family]) for family in FAMILIES),
    )
    warm_start = asyncio.run(mcp_first_answers(solution))
    more = first_starts(spec, root, solution, engine_command, native_command, native_env, starts - 1)
    engine_starts, native_starts = [engine, *more[0]], [native, *more[1]]
    documents = native["documents"]
    lines = sum(len(p.read_text().splitlines()) for p in root.rglob("*.cs"))
    result: dict = {
        "projects": size,
        "repeat": repeat,
        "max_inputs": max_inputs,
        "once_over_s": once_over,
        "documents": documents,
        "lines": lines,
        "first_starts": starts,
        "load_s": middle(engine_starts, native_starts, "load_ms", 1 / 1000),
        "first_search_after_load_ms": middle(engine_starts, native_starts, "first_search_after_load_ms"),
        "first_references_after_load_ms": middle(engine_starts, native_starts, "first_references_after_load_ms"),
        "first_inputs": spec["first"],
        "edit_to_query_ms": engine["edit_to_query_ms"],
        "warm_start_mcp_ms": warm_start,
        "rss_mb": {"engine": engine["rss_mb"], "native": round(native["rss_mb"], 1)},
        "rss_rest_mb": {"engine": engine["rss_rest_mb"], "native": round(native["rss_rest_mb"], 1)},
        "families": {},
    }
    for family in FAMILIES:
        e, n = engine[family], native[family]
        result["families"][family] = {
            "inputs": len(e),
            "engine_repeated": stats(e, "median_ms"),
            "native_repeated": stats(n, "median_ms"),
            "engine_first": stats(e, "first_ms"),
            "native_first": stats(n, "first_ms"),
            "ratio_p95": round(p95([r["median_ms"] for r in e]) / max(p95([r["median_ms"] for r in n]), 0.01), 2),
            "ratio_median": round(
                statistics.median([r["median_ms"] for r in e])
                / max(statistics.median([r["median_ms"] for r in n]), 0.01),
                2,
            ),
            "counts_agree": [r["count"] for r in e] == [r["count"] for r in n],
            "per_input": [
                {
                    "input": a["input"],
                    "engine_ms": a["median_ms"],
                    "native_ms": b["median_ms"],
                    "engine_count": a["count"],
                    "native_count": b["count"],
                    "once": a.get("once", False) or b.get("once", False),
                }
                for a, b in zip(e, n, strict=True)
            ],
        }
    return result


def first_starts(
    spec: dict,
    root: Path,
    solution: Path,
    engine_command: list[str],
    native_command: list[str],
    native_env: dict[str, str],
    more: int,
) -> tuple[list[dict], list[dict]]:
    """``more`` further first starts of each program, one after the other (load, the first search and
    the first references, then exit): one start is one sample of figures that move by 10-20% from one
    start to the next on this machine."""
    from engine.index.store import index_path

    path = root / "spec-first.json"
    path.write_text(json.dumps({**spec, "first_only": True, "turns": False}))
    engines, natives = [], []
    for _ in range(more):
        index_path(solution.resolve()).unlink(missing_ok=True)  # a first start: no index of an earlier one
        engines.append(answer_of([*engine_command, str(path)]))
        natives.append(answer_of([*native_command, str(path)], native_env))
    return engines, natives


def answer_of(command: list[str], env: dict[str, str] | None = None) -> dict:
    """Run a measuring program to its end (stderr into PROGRESS); its JSON answer."""
    with PROGRESS.open("a") as log:
        log.write(f"--- {' '.join(command)}\n")
        log.flush()
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=log, text=True, env={**os.environ, **(env or {})})
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed; see {PROGRESS}")
    return json.loads(done.stdout[done.stdout.index("{") :])


def middle(engine: list[dict], native: list[dict], key: str, scale: float = 1) -> dict:
    """The median of ``key`` over each side's starts, and every start's value."""

    def values(side: list[dict]) -> list[float]:
        return [round(start[key] * scale, 2) for start in side]

    return {
        "engine": round(statistics.median(values(engine)), 2),
        "native": round(statistics.median(values(native)), 2),
        "engine_starts": values(engine),
        "native_starts": values(native),
    }


def spread(values: list[str], most: int) -> list[str]:
    """At most ``most`` of the inputs, evenly spaced: hot and cold ones alike (the lists start with the hot)."""
    if len(values) <= most:
        return values
    return [values[round(i * (len(values) - 1) / (most - 1))] for i in range(most)] if most > 1 else values[:1]


def merged(out: Path, results: list[dict]) -> list[dict]:
    """The sizes measured now, with the other sizes of an earlier run kept (each size is one sitting)."""
    earlier = json.loads(out.read_text())["sizes"] if out.is_file() else []
    measured = {r["projects"] for r in results}
    return sorted([r for r in earlier if r["projects"] not in measured] + results, key=lambda r: r["projects"])


def table(results: list[dict]) -> str:
    lines = ["| projects (documents, lines) | query | engine median / p95 (ms) | native median / p95 (ms) | ratio at p95 |",
             "| --- | --- | ---: | ---: | ---: |"]  # fmt: skip
    for r in results:
        head = f"{r['projects']} ({r['documents']:,}, {r['lines']:,})"
        if r.get("max_inputs"):
            head = (
                f"{r['projects']} ({r['documents']:,}, {r['lines']:,}; {r['max_inputs']} inputs, {r['repeat']} repeat)"
            )
        if r.get("once_over_s"):
            head = head[:-1] + f"; not repeated over {r['once_over_s']:g} s)"
        fs, fr = r["first_search_after_load_ms"], r["first_references_after_load_ms"]
        for family, f in r["families"].items():
            e, n = f["engine_repeated"], f["native_repeated"]
            lines.append(
                f"| {head} | {family} | {e['median']} / {e['p95']} | {n['median']} / {n['p95']} | {f['ratio_p95']}x |"
            )
        starts = f" (median of {r['first_starts']} first starts)" if r.get("first_starts", 1) > 1 else ""
        lines.append(
            f"| {head} | load / first search / first references after load{starts} | "
            f"{r['load_s']['engine']} s / {fs['engine']:.0f} ms / {fr['engine']:.0f} ms | "
            f"{r['load_s']['native']} s / {fs['native']:.0f} ms / {fr['native']:.0f} ms | |"
        )
        lines.append(f"| {head} | edit-to-query | {r['edit_to_query_ms']} ms | | |")
        m = r["rss_mb"]
        if "rss_rest_mb" in r:  # rows measured before the at-rest figure have only the first
            rest = r["rss_rest_mb"]
            lines.append(
                f"| {head} | resident memory after the queries / at rest | {m['engine']} / {rest['engine']} MB | "
                f"{m['native']} / {rest['native']} MB | |"
            )
        else:
            lines.append(f"| {head} | resident memory after the queries | {m['engine']} MB | {m['native']} MB | |")
        w = r["warm_start_mcp_ms"]
        lines.append(
            f"| {head} | second start over MCP: first search / definition / outline | "
            f"{w['find_symbols']} / {w['go_to_definition']} / {w['file_outline']} ms from process start | | |"
        )
        if "search_after_load" in w:
            lines.append(
                f"| {head} | second start over MCP: loaded / a search right after | "
                f"{w['loaded'] / 1000:.2f} s / {w['search_after_load']} ms | | |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[5, 25, 100])
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--max-inputs", type=int, default=None, help="the most inputs per family, evenly spaced (for 100 projects)"
    )
    parser.add_argument(
        "--once-over",
        type=float,
        default=None,
        metavar="SECONDS",
        help="an input whose first run takes longer is not repeated; its first time stands (for 100 projects)",
    )
    parser.add_argument(
        "--first-starts",
        type=int,
        default=3,
        help="first starts of each program: load and first answers are the median over them",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "perf.json")
    arguments = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="roslyn-tui-perf-"))
    native, roslyn = build_native(work)
    results = [
        measure(
            size,
            arguments.files,
            arguments.repeat,
            work,
            native,
            roslyn,
            arguments.max_inputs,
            arguments.once_over,
            arguments.first_starts,
        )
        for size in arguments.sizes
    ]
    sizes = merged(arguments.out, results)
    report = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.platform()}",
        "roslyn": str(roslyn),
        "sizes": sizes,
    }
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    arguments.out.write_text(json.dumps(report, indent=2) + "\n")
    print(table(sizes))


if __name__ == "__main__":
    main()
