"""``review_changes`` on a generated solution of N projects (with its test project) made a git repository:
a 20-file change and a 200-file change in the working tree against ``HEAD``. Each change edits model
bodies across the projects, adds a public method, and changes the signature of ``Log.Write(int)`` in the
core project (every project calls it: its places are looked for over the whole solution).

Measured two ways: in-process on a warm session (the first review, then the median of repeated ones),
and as a user meets it: a new MCP server process on the repository, from its start to the review's first
answer.

    python bench/review_times.py [--projects 25] [--files 63] [--repeat 5] [--out bench/results/review_times.json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from generate_solution import generate  # noqa: E402
from mcp_session import mcp_session  # noqa: E402


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


def change(root: Path, projects: int, files: int, count: int, hot: bool = True) -> list[str]:
    """Edit ``count`` files (the core's one among them; with ``hot``, ``Log.Write(int)`` becomes
    ``Log.Write(long)``); returns their paths."""
    core = root / "P0" / "Core.cs"
    text = core.read_text()
    if hot:
        text = text.replace("public static void Write(int code)", "public static void Write(long code)")
    text = text.replace(
        "public static class Log\n{\n", "public static class Log\n{\n    public static void Flush() { }\n\n"
    )
    core.write_text(text)
    changed = [str(core)]
    models = [(p, f) for f in range(files) for p in range(projects)]
    for p, f in models[: count - 1]:
        model = root / f"P{p}" / f"Model{f}.cs"
        model.write_text(model.read_text().replace(f'"describe {p}.{f}"', f'"describes {p}.{f}"'))
        changed.append(str(model))
    return changed


def in_process(solution: Path, repeat: int) -> dict[str, float]:
    """The first review after the warm-up; the same review again (nothing changed: the base side is kept);
    and a review after each of ``repeat`` further edits (one more model file saved each time)."""
    from engine import load_solution, review
    from engine.workspace.watcher import apply_source_changes

    session = load_solution(solution, watch=False)
    session.wait_warm()
    started = time.perf_counter()
    view = session.run(review.review_changes, "HEAD", None, timeout=600)
    first = time.perf_counter() - started
    again, after_edit = [], []
    for index in range(repeat):
        started = time.perf_counter()
        session.run(review.review_changes, "HEAD", None, timeout=600)
        again.append(time.perf_counter() - started)
        edited = solution.parent / f"P{index + 1}" / "Model50.cs"
        edited.write_text(edited.read_text().replace("return this.Label()", 'return "x" + this.Label()'))
        session.publish(lambda snapshot, path=str(edited): apply_source_changes(snapshot, [path]))
        started = time.perf_counter()
        session.run(review.review_changes, "HEAD", None, timeout=600)
        after_edit.append(time.perf_counter() - started)
    session.close()
    return {
        "first_s": round(first, 3),
        "again_median_s": round(statistics.median(again), 3),
        "after_an_edit_median_s": round(statistics.median(after_edit), 3),
        "symbols": view.total,
        "places_not_updated": view.not_updated,
        "tests": view.tests_total,
    }


async def over_mcp(solution: Path) -> dict[str, float]:
    started = time.monotonic()
    async with mcp_session(solution) as session:
        result = await session.call_tool("review_changes", {"base": "HEAD"})
        became_job = bool(result.structured_content and "job" in result.structured_content)
        while result.structured_content and "job" in result.structured_content:  # outlived the call budget
            result = await session.call_tool("job_result", {"job_id": result.structured_content["job"]})
        assert not result.is_error, result.content
        answered = time.monotonic() - started
        again = time.monotonic()
        await session.call_tool("review_changes", {"base": "HEAD", "project": "P0"})
        return {
            "first_answer_from_start_s": round(answered, 2),
            "answered_as_a_job": became_job,
            "second_call_s": round(time.monotonic() - again, 3),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sizes", default="20,200", help="files changed, comma-separated")
    parser.add_argument("--no-hot", action="store_true", help="leave Log.Write(int) as it is: no hot signature")
    parser.add_argument("--no-mcp", action="store_true", help="in-process only")
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()
    results: dict[str, object] = {"projects": arguments.projects, "files_per_project": arguments.files}
    for count in (int(size) for size in arguments.sizes.split(",")):
        with tempfile.TemporaryDirectory(prefix="review-bench-") as directory:
            root = Path(directory)
            solution = generate(root, arguments.projects, arguments.files, tests=True)
            (root / ".gitignore").write_text("bin/\nobj/\n")
            git(root, "init", "-q")
            git(root, "add", "-A")
            git(root, "-c", "user.name=Bench", "-c", "user.email=b@b", "commit", "-qm", "base")
            change(root, arguments.projects, arguments.files, count, hot=not arguments.no_hot)
            measured = in_process(solution, arguments.repeat)
            if not arguments.no_mcp:
                measured |= asyncio.run(over_mcp(solution))
            results[f"{count}_files" + ("" if not arguments.no_hot else "_no_hot_signature")] = measured
            print(count, "files:", json.dumps(measured), flush=True)
    if arguments.out:
        arguments.out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
