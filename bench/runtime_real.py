"""What runs, on a real repository: an app of ours that drives the repository's code (``realworld/apps``)
profiled with its allocations, a variant that hangs inside the repository's code run past its time, and
the repository's own test run stopped part way; each held to a truth outside the engine.

- The profile: each of the solution's members it names is a method of the repository, at a line that
  names it; the allocations sampled against the app's own ``GC.GetTotalAllocatedBytes`` (the runtime's
  count, printed at its end).
- The hang: the thread that waits is found, waiting, with the repository's members on its stack, each at
  a line that names it, and the app's own waiting member as its innermost frame of ours.
- REPL code (``--repl``): the same check of the members its profile names.
- The stop: ``run_tests`` stopped ``--stop-after`` seconds after its first test finished answers with the
  test host's threads;
  each of the repository's members on them at a line that names it.

    python bench/runtime_real.py MIRROR.git SOLUTION --app NAME [--tests PROJECT [--framework TFM]] [--stop-after S] [--repl CODE]
        [--property NAME=VALUE] [--drop-nuget-config] [--drop FILE] [--out bench/results/runtime-NAME.json]

MIRROR may also be a directory (the generated solution): it is copied without its outputs.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
APPS = Path(__file__).resolve().parent / "realworld" / "apps"


def repository_parser() -> argparse.ArgumentParser:
    """The arguments every bench of an app on a real repository takes (this one and profile_stops.py)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("mirror", type=Path)
    parser.add_argument("solution")
    parser.add_argument("--app", required=True, help="realworld/apps/NAME.cs and NAME-stuck.cs")
    parser.add_argument("--repl", help="C# to profile in a REPL context referencing the solution")
    parser.add_argument("--property", action="append", default=[])
    parser.add_argument("--drop-nuget-config", action="store_true")
    parser.add_argument("--drop", action="append", default=[])
    parser.add_argument("--out", type=Path)
    return parser


def checked_out_with_apps(arguments: argparse.Namespace, prefix: str, suffixes: tuple[str, ...]) -> Path:
    """A prepared checkout of the repository with the app's variants (``suffixes``) in ``rtui-bench/``."""
    from checkout import checkout, prepare

    root = checkout(arguments.mirror, prefix)
    prepare(root, arguments.property, arguments.drop_nuget_config, arguments.drop)
    drivers = root / "rtui-bench"
    drivers.mkdir()
    for name in ("Directory.Build.props", "Directory.Packages.props"):  # the repository's own are not the app's
        (drivers / name).write_text("<Project />\n")
    for suffix in suffixes:  # named apart from the projects they reference (NuGet refuses a clash)
        shutil.copy(APPS / f"{arguments.app}{suffix}.cs", drivers / f"drive-{arguments.app}{suffix}.cs")
    return root


def main() -> None:
    parser = repository_parser()
    parser.add_argument("--tests", help="a test project to run and stop part way")
    parser.add_argument("--stop-after", type=float, default=2.0, help="seconds after the first test finished")
    parser.add_argument("--framework", help="the test project's target to run (a multi-targeted one)")
    arguments = parser.parse_args()

    from checkout import write_result

    from engine import apps, load_solution, runtime, testing
    from engine.apps.run import run_app

    root = checked_out_with_apps(arguments, "runtime-real-", ("", "-stuck"))
    session = load_solution(root / arguments.solution, watch=False)
    result: dict[str, Any] = {"repository": arguments.mirror.name.removesuffix(".git"), "app": arguments.app}

    started = time.monotonic()
    profile = apps.profile_app(session, f"rtui-bench/drive-{arguments.app}.cs", seconds=120, allocations=True)
    result["profile_seconds"] = round(time.monotonic() - started, 1)
    ran = run_app(f"rtui-bench/drive-{arguments.app}.cs", session=session, timeout=120)
    counted = next(
        int(line.split()[-1]) for line in f"{ran.stdout}\n{ran.stderr}".splitlines() if line.startswith("allocated:")
    )
    result["profile"] = {
        "cpu_ms": profile.cpu_ms,
        "notes": list(profile.notes),
        "hottest": [_member(m, root) for m in profile.items[:8]],
        "solution_members_by_inclusive": [_member(m, root) for m in profile.by_inclusive[:8]],
        "members_at_lines_naming_them": _named(profile.by_inclusive[:20]),
        "allocations": {
            "sampled_bytes": profile.allocated_bytes,
            "runtime_counted_bytes (another run)": counted,
            "ratio": round(profile.allocated_bytes / counted, 3) if counted else None,
            "types": [
                {
                    "type": a.type_name,
                    "bytes": a.bytes,
                    "samples": a.samples,
                    "sites": [f"{s.display}{'' if not s.location else ' ' + _at(s.location, root)}" for s in a.sites],
                }
                for a in profile.allocations[:5]
            ],
        },
    }

    started = time.monotonic()
    stuck = run_app(f"rtui-bench/drive-{arguments.app}-stuck.cs", session=session, timeout=10)
    hang = stuck.hang
    waiting = [t for t in hang.items if t.state.startswith("waiting")] if hang else []
    own = [f for t in waiting for f in t.frames if not f.external and f.symbol is not None]
    result["hang"] = {
        "seconds": round(time.monotonic() - started, 1),
        "timed_out": stuck.timed_out,
        "process": hang.process if hang else None,
        "threads": hang.total if hang else 0,
        "waiting": [f"{t.thread}: {t.state} in {t.waits_in}" for t in waiting],
        "repository_frames": [f"{f.symbol.display} {_at(f.location, root)}" for f in own],  # type: ignore[union-attr]
        "frames_at_lines_naming_them": _frames_named(own),
        "text": stuck.render().splitlines()[:14],
    }

    if arguments.repl:
        started = time.monotonic()
        profiled = runtime.profile_repl(arguments.repl, "bench", session)
        result["repl"] = {
            "code": arguments.repl,
            "seconds": round(time.monotonic() - started, 1),
            "cpu_ms": profiled.cpu_ms,
            "notes": list(profiled.notes),
            "solution_members_by_inclusive": [_member(m, root) for m in profiled.by_inclusive[:6]],
            "members_at_lines_naming_them": _named(profiled.by_inclusive[:20]),
        }

    if arguments.tests:
        first: list[float] = []  # when the first test finished: the test host is running tests then
        stopped = testing.run_tests(
            session, project=arguments.tests, timeout=1800, framework=arguments.framework,
            on_result=lambda *_: first or first.append(time.monotonic()),
            cancelled=lambda: bool(first) and time.monotonic() - first[0] > arguments.stop_after,
        )  # fmt: skip
        hang = stopped.hang
        frames = [f for t in (hang.items if hang else ()) for f in t.frames if not f.external and f.symbol is not None]
        result["stopped_test_run"] = {
            "stopped_after": round(stopped.seconds, 1),
            "problems": list(stopped.problems),
            "process": hang.process if hang else None,
            "threads": hang.total if hang else 0,
            "threads_in_the_repository": sum(1 for t in hang.items if t.own) if hang else 0,
            "repository_frames": len(frames),
            "frames_at_lines_naming_them": _frames_named(frames),
            "first_thread": hang.render().splitlines()[1:8] if hang else [],
        }
    session.close()
    write_result(result, arguments.out)


def _at(location: Any, root: Path) -> str:
    return f"{location.path.replace(str(root) + '/', '')}:{location.line}"


def _member(member: Any, root: Path) -> dict[str, Any]:
    return {
        "member": member.display + (" (library)" if member.external else ""),
        "exclusive_ms": member.exclusive_ms,
        "inclusive_ms": member.inclusive_ms,
        "at": _at(member.location, root) if member.location and not member.external else "",
    }


def _line_names(path: str, line: int, display: str) -> bool:
    source = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
    name = display.split("(")[0].rsplit(".", 1)[-1].split("<")[0]
    return line <= len(source) and name in source[line - 1]


def _named(members: Any) -> str:
    own = [m for m in members if not m.external and m.location is not None]
    return f"{sum(_line_names(m.location.path, m.location.line, m.display) for m in own)} of {len(own)}"


def _frames_named(frames: list[Any]) -> str:
    placed = [f for f in frames if f.location is not None]
    return f"{sum(_line_names(f.location.path, f.location.line, f.symbol.display) for f in placed)} of {len(placed)}"


if __name__ == "__main__":
    main()
