"""Several solutions in one server, held to each solution served alone.

One ``roslyn-mcp`` on the first solution (shared engine on, a private engine directory: every engine
starts fresh), then ``load_solution`` for each other one, timed from process start. For each solution,
up to ``--symbols`` type names it declares (from its own ``find_symbols``): ``symbol_info`` asked
without ``solution=`` (routed), and with it (explicit), and ``find_references`` for the first five, each
compared with the answer of a server that has that solution alone (``--no-shared-engine``: its own
process, its own load). A routed call must give the answer of the solution that holds the name, or,
where the name is declared differently in several, the error naming them.

    python bench/several_solutions.py SOLUTION [SOLUTION ...] [--symbols 20] [--out bench/results/several-solutions-NAME.json]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from checkout import write_result
from mcp_session import mcp_session


def text_of(result: Any) -> str:
    """An answer's text, its next page's cursor left out: a cursor is bound to the call's own arguments
    (``solution=`` among them), not to the answer."""
    text = "\n".join(block.text for block in result.content if getattr(block, "text", None))
    return re.sub(r'cursor="[^"]*"', 'cursor="..."', text)


async def timed(session: Any, tool: str, **arguments: Any) -> tuple[float, Any]:
    started = time.monotonic()
    result = await session.call_tool(tool, arguments)
    return (time.monotonic() - started) * 1000, result


async def declared_types(session: Any, solution: str, count: int) -> list[str]:
    """Type names the solution declares, spread over its projects (each asked by its simple name)."""
    names: list[str] = []
    for letter in "eaoirstnlcdu":
        _, result = await timed(session, "find_symbols", query=letter, kind="type", limit=100, solution=solution)
        for item in (result.structured_content or {}).get("result", {}).get("items", []):
            name = str(item.get("id", "")).removeprefix("T:").rsplit(".", 1)[-1]  # a type's simple name
            if name and name.isidentifier() and name not in names:
                names.append(name)
        if len(names) >= count:
            break
    return names[:count]


async def alone(solution: Path, names: list[str], env: dict[str, str]) -> dict[str, dict[str, str]]:
    """The answers of a server on ``solution`` alone, in a process of its own."""
    answers: dict[str, dict[str, str]] = {"symbol_info": {}, "find_references": {}}
    async with mcp_session(solution, {**env, "ROSLYN_SHARED_ENGINE": "0"}) as session:
        for index, name in enumerate(names):
            answers["symbol_info"][name] = text_of(await session.call_tool("symbol_info", {"symbol": name}))
            if index < 5:
                answers["find_references"][name] = text_of(await session.call_tool("find_references", {"symbol": name}))
    return answers


async def run(solutions: list[Path], count: int) -> dict[str, Any]:
    runtime = Path(tempfile.mkdtemp(prefix="several-engines-"))
    roots = os.pathsep.join(sorted({str(s.parent) for s in solutions}))
    env = {
        **os.environ,
        "ROSLYN_SHARED_ENGINE": "1",
        "ROSLYN_ENGINE_DIR": str(runtime),
        "ROSLYN_TRUSTED_ROOTS": roots,
        "ROSLYN_ENGINE_IDLE_SECONDS": "5",
    }
    result: dict[str, Any] = {"solutions": [str(s) for s in solutions]}
    started = time.monotonic()
    names: dict[str, list[str]] = {}
    async with mcp_session(solutions[0], env) as session:
        first, _ = await timed(session, "find_symbols", query="a", limit=1)
        result["first_answer_from_start_s"] = round(time.monotonic() - started, 2)
        result["first_answer_ms"] = round(first)
        loads = []
        for solution in solutions[1:]:
            ms, answer = await timed(session, "load_solution", path=str(solution))
            loads.append(
                {"solution": str(solution), "ms": round(ms), "error": answer.is_error, "head": text_of(answer)[:200]}
            )
        result["loads"] = loads
        result["all_loaded_from_start_s"] = round(time.monotonic() - started, 2)
        _, listing = await timed(session, "solutions")
        result["listing"] = text_of(listing)
        by_path = {str(s): s for s in solutions}
        for solution in solutions:
            names[str(solution)] = await declared_types(session, str(solution), count)
        routed: dict[str, list[dict[str, Any]]] = {}
        for solution in solutions:
            rows = []
            for index, name in enumerate(names[str(solution)]):
                row: dict[str, Any] = {"name": name}
                for tool in ("symbol_info", "find_references") if index < 5 else ("symbol_info",):
                    routed_ms, routed_answer = await timed(session, tool, symbol=name)
                    explicit_ms, explicit_answer = await timed(session, tool, symbol=name, solution=str(solution))
                    row[tool] = {
                        "routed_ms": round(routed_ms, 1),
                        "explicit_ms": round(explicit_ms, 1),
                        "routed": text_of(routed_answer),
                        "routed_error": routed_answer.is_error,
                        "explicit": text_of(explicit_answer),
                    }
                rows.append(row)
            routed[str(solution)] = rows
    truth = {path: await alone(by_path[path], names[path], env) for path in names}
    compared: dict[str, Any] = {}
    routed_times, explicit_times = [], []
    for path, rows in routed.items():
        counts = {"asked": 0, "explicit_equal": 0, "routed_equal": 0, "routed_to_another_holder": 0, "ambiguous": 0}
        differing: list[str] = []
        for row in rows:
            for tool in ("symbol_info", "find_references"):
                if tool not in row:
                    continue
                cell, alone_text = row[tool], truth[path][tool][row["name"]]
                counts["asked"] += 1
                routed_times.append(cell["routed_ms"])
                explicit_times.append(cell["explicit_ms"])
                counts["explicit_equal"] += cell["explicit"] == alone_text
                if cell["routed"] == alone_text:
                    counts["routed_equal"] += 1
                elif cell["routed_error"] and "means different code" in cell["routed"]:
                    counts["ambiguous"] += 1
                elif any(cell["routed"] == truth[other][tool].get(row["name"]) for other in truth if other != path):
                    counts["routed_to_another_holder"] += 1
                else:
                    differing.append(f"{tool} {row['name']}: {_first_difference(cell['routed'], alone_text)}")
                if cell["explicit"] != alone_text:
                    differing.append(
                        f"explicit {tool} {row['name']}: {_first_difference(cell['explicit'], alone_text)}"
                    )
        compared[path] = {**counts, "differing": differing[:10]}
    result["compared"] = compared
    result["routed_ms_median"] = round(statistics.median(routed_times), 1) if routed_times else None
    result["explicit_ms_median"] = round(statistics.median(explicit_times), 1) if explicit_times else None
    return result


def _first_difference(ours: str, alone: str) -> str:
    """The first line where an answer and the answer of the solution alone part."""
    for number, (a, b) in enumerate(zip(ours.splitlines(), alone.splitlines(), strict=False), 1):
        if a != b:
            return f"line {number}: {a!r} / alone {b!r}"
    return f"{len(ours.splitlines())} lines / alone {len(alone.splitlines())}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("solutions", nargs="+", type=Path)
    parser.add_argument("--symbols", type=int, default=20)
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()
    result = asyncio.run(run([s.resolve() for s in arguments.solutions], arguments.symbols))
    write_result(result, arguments.out)


if __name__ == "__main__":
    main()
