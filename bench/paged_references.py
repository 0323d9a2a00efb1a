"""Every reference of a hot symbol, page after page, over MCP as an assistant reads them: a new server on a
generated solution (25 projects, 63 files each by default), ``find_references`` called again with each
answer's cursor until the last page. The first page computes the references; the later ones are cut
from that computation (``mcp_server.paging.KeptViews``).

    python bench/paged_references.py [--projects 25] [--files 63] [--symbol Bench.Core.Log.Write]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from mcp_session import mcp_session  # noqa: E402


async def pages(solution: Path, symbol: str) -> dict[str, object]:
    started = time.monotonic()
    async with mcp_session(solution) as session:
        await session.call_tool("find_symbols", {"query": "Log"})  # loaded
        loaded = time.monotonic() - started
        rounds = []
        for _ in range(2):  # the first while the warm-up runs, the second warm
            times: list[float] = []
            seen, total = 0, 0
            arguments: dict[str, object] = {"symbol": symbol}
            while True:
                began = time.monotonic()
                result = await session.call_tool("find_references", arguments)
                times.append((time.monotonic() - began) * 1000)
                data = result.structured_content or {}
                total = data.get("result", {}).get("total", total)
                seen += len(data.get("result", {}).get("items", []))
                cursor = data.get("next_cursor")
                if not cursor:
                    break
                arguments = {"symbol": symbol, "cursor": cursor}
            rounds.append(_summary(times, total, seen))
    return {"loaded_s": round(loaded, 1), "first_round": rounds[0], "warm_round": rounds[1]}


def _summary(times: list[float], total: int, seen: int) -> dict[str, object]:
    later = times[1:] or [0.0]
    return {
        "references": total,
        "read": seen,
        "pages": len(times),
        "first_page_ms": round(times[0]),
        "later_pages_median_ms": round(statistics.median(later), 1),
        "later_pages_max_ms": round(max(later), 1),
        "all_pages_s": round(sum(times) / 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--symbol", default="Bench.Core.Log.Write(string)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "paged_references.json")
    arguments = parser.parse_args()
    from generate_solution import generate

    work = Path(tempfile.mkdtemp(prefix="roslyn-tui-pages-"))
    try:
        solution = generate(work / "sln", arguments.projects, arguments.files)
        found = asyncio.run(pages(solution, arguments.symbol))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(found))
    arguments.out.write_text(json.dumps(found, indent=2) + "\n")


if __name__ == "__main__":
    main()
