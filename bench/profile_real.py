"""A real library's slowest test, profiled: its tests run once (in-process on the engine, as a front
end's call runs them), the slowest passing one profiled with ``profile_tests``, and the hottest members
held to the test's own code: each of the solution's members named is a method of the repository, with
its file and line, and the members on the hot path are the ones the test calls.

    python bench/profile_real.py MIRROR.git SOLUTION --project TESTS [--framework TFM] [--property NAME=VALUE]
        [--drop-nuget-config] [--out bench/results/profile-NAME.json]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mirror", type=Path)
    parser.add_argument("solution")
    parser.add_argument("--project", required=True)
    parser.add_argument("--framework", help="only this target of the test project (net10.0)")
    parser.add_argument("--property", action="append", default=[])
    parser.add_argument("--drop-nuget-config", action="store_true")
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()

    from checkout import checkout, prepare, write_result

    from engine import load_solution, runtime, testing

    root = checkout(arguments.mirror, "profile-real-")
    prepare(root, arguments.property, arguments.drop_nuget_config)
    session = load_solution(root / arguments.solution, watch=False)
    started = time.monotonic()
    run = testing.run_tests(session, project=arguments.project, timeout=1800, framework=arguments.framework)
    result: dict[str, object] = {
        "repository": arguments.mirror.parent.name,
        "tests": {"passed": run.passed, "failed": run.failed, "skipped": run.skipped},
        "run_seconds": round(time.monotonic() - started, 1),
    }
    passed = sorted((t for t in run.items if t.outcome == "passed"), key=lambda t: t.seconds, reverse=True)
    slowest = passed[0]
    result["slowest"] = {"test": slowest.name, "seconds": slowest.seconds}
    started = time.monotonic()
    profile = runtime.profile_tests(session, tests=[slowest.name], project=arguments.project)
    result["profile_seconds"] = round(time.monotonic() - started, 1)
    result["cpu_ms"] = profile.cpu_ms
    result["notes"] = list(profile.notes)
    ours = list(profile.by_inclusive)
    result["hottest"] = [
        {
            "member": m.display,
            "exclusive_ms": m.exclusive_ms,
            "inclusive_ms": m.inclusive_ms,
            "at": f"{m.location.path.replace(str(root), '')}:{m.location.line}" if m.location else "",
        }
        for m in profile.items[:10]
    ]
    result["solution_members_by_inclusive"] = [
        {
            "member": m.display,
            "inclusive_ms": m.inclusive_ms,
            "at": f"{m.location.path.replace(str(root), '')}:{m.location.line}" if m.location else "",
        }
        for m in ours[:10]
    ]
    # Each of the solution's members the profile names must be a method of the repository, at its line.
    checked = []
    for member in ours[:20]:
        line = ""
        if member.location is not None:
            source = Path(member.location.path).read_text(encoding="utf-8", errors="replace").splitlines()
            line = source[member.location.line - 1].strip() if member.location.line <= len(source) else ""
        name = member.display.split("(")[0].rsplit(".", 1)[-1]
        checked.append({"member": member.display, "line_names_it": name in line, "line": line[:120]})
    result["solution_members"] = checked
    result["text"] = profile.render()[:4000]
    write_result(result, arguments.out, indent=1)
    session.close()


if __name__ == "__main__":
    main()
