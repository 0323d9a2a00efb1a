"""An assistant's write to a second solution, routed to that solution's own shared engine
(``solution=``), with ``ROSLYN_APPROVE_WRITES=1``, as a client meets it over MCP (stdio, shared engines,
the default): ``load_solution(SECOND)``, ``rename_symbol(..., solution=SECOND, apply=true)`` declined by
the client's user (MCP elicitation), applied again (the preview's token, as an assistant applies it) and accepted, then ``undo_edit(solution=SECOND)``
accepted. Held to git in SECOND's checkout: nothing changed after the decline; after the accept, the
changed ``.cs`` files are exactly those of the diff the user was shown; after the undo, none.

    python bench/routed_approval.py FIRST SECOND --symbol NAME --new-name NAME
        [--out bench/results/routed-approval-NAME.json]

FIRST and SECOND are solutions in git checkouts (the rename is made in SECOND; FIRST is the server's).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def changed_sources(solution: Path) -> list[str]:
    """The ``.cs`` files git sees changed in ``solution``'s checkout (outside build outputs), relative to
    its top."""
    top = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], cwd=solution.parent, capture_output=True, text=True, check=True
    ).stdout.strip()
    listed = subprocess.run(
        ["git", "status", "--porcelain", "--", "*.cs"], cwd=top, capture_output=True, text=True, check=True
    ).stdout
    paths = (line[3:] for line in listed.splitlines())
    return sorted(path for path in paths if not {"obj", "bin"} & set(Path(path).parts))  # builds' own files


def shown_files(message: str, solution: Path) -> list[str]:
    """The files of the diff put to the user, relative to the checkout's top as git names them."""
    top = Path(
        subprocess.run(
            ["git", "rev-parse", "--show-toplevel"], cwd=solution.parent, capture_output=True, text=True, check=True
        ).stdout.strip()
    )
    named = re.findall(r"^\+\+\+ b/(\S+)", message, flags=re.MULTILINE)
    return sorted(str((solution.parent / name).resolve().relative_to(top)) for name in named)


async def run(arguments: argparse.Namespace, env: dict[str, str]) -> dict[str, Any]:
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client
    from mcp_types import ElicitResult

    from tests.mcp_client import server_command

    asked: list[str] = []
    answers = iter(
        [{"write": False, "reason": "not in this release"}, {"write": True}, {"write": True}]  # decline, accept, undo
    )

    async def decide(context: object, params: Any) -> ElicitResult:
        asked.append(params.message)
        return ElicitResult(action="accept", content=next(answers))

    second = arguments.second.resolve()
    command = server_command()
    parameters = StdioServerParameters(
        command=command[0], args=[*command[1:], "--solution", str(arguments.first.resolve())], env=env
    )
    result: dict[str, Any] = {"first": str(arguments.first), "second": str(arguments.second)}
    started = time.monotonic()
    async with (
        stdio_client(parameters) as (read, write),
        ClientSession(read, write, elicitation_callback=decide) as mcp,
    ):
        await mcp.initialize()
        loaded = await mcp.call_tool("load_solution", {"path": str(second)})
        result["second_loaded_seconds_from_start"] = round(time.monotonic() - started, 1)
        assert not loaded.is_error, loaded.content[0].text
        rename = {"symbol": arguments.symbol, "new_name": arguments.new_name, "solution": second.name}
        preview = await mcp.call_tool("rename_symbol", rename)
        assert not preview.is_error, preview.content[0].text
        result["preview"] = preview.content[0].text.splitlines()[0]
        token = re.search(r"preview_token: (\S+)", preview.content[0].text)
        assert token is not None, preview.content[0].text
        rename = {**rename, "apply": True, "preview_token": token.group(1)}  # the preview is what is applied

        began = time.monotonic()
        declined = await mcp.call_tool("rename_symbol", rename)
        result["declined"] = {
            "seconds": round(time.monotonic() - began, 2),
            "answer": declined.content[0].text.splitlines()[0],
            "asked": len(asked),
            "changed_after": changed_sources(second),
        }
        began = time.monotonic()
        accepted = await mcp.call_tool("rename_symbol", rename)
        changed = changed_sources(second)
        assert asked, (declined.content[0].text, accepted.content[0].text)
        shown = shown_files(asked[-1], second)
        result["accepted"] = {
            "seconds": round(time.monotonic() - began, 2),
            "answer": accepted.content[0].text.splitlines()[0],
            "asked": len(asked),
            "files_shown": len(shown),
            "files_changed": len(changed),
            "changed_are_those_shown": changed == shown,
        }
        began = time.monotonic()
        undone = await mcp.call_tool("undo_edit", {"solution": second.name})
        result["undone"] = {
            "seconds": round(time.monotonic() - began, 2),
            "answer": undone.content[0].text.splitlines()[0],
            "asked": len(asked),
            "changed_after": changed_sources(second),
        }
    result["held"] = (
        declined.is_error
        and "Rejected by the user: not in this release" in declined.content[0].text
        and not result["declined"]["changed_after"]
        and not accepted.is_error
        and result["accepted"]["changed_are_those_shown"]
        and result["accepted"]["files_changed"] > 0
        and not undone.is_error
        and not result["undone"]["changed_after"]
    )
    return result


def main() -> None:
    from checkout import write_result

    parser = argparse.ArgumentParser()
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    parser.add_argument("--symbol", required=True)
    parser.add_argument("--new-name", required=True)
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()
    if changed_sources(arguments.second.resolve()):
        raise SystemExit(f"{arguments.second}'s checkout has changed .cs files: start from a clean one")

    engines = tempfile.mkdtemp(prefix="rtui-engines-")
    roots = os.pathsep.join(str(path.resolve().parent) for path in (arguments.first, arguments.second))
    env = {
        **os.environ,
        "ROSLYN_SHARED_ENGINE": "1",
        "ROSLYN_ENGINE_DIR": engines,
        "ROSLYN_APPROVE_WRITES": "1",
        "ROSLYN_TRUSTED_ROOTS": roots,
    }
    try:
        result = asyncio.run(run(arguments, env))
    finally:
        for entry in Path("/proc").iterdir():  # both solutions' engines, which would idle on
            try:
                if entry.name.isdigit() and engines.encode() in (entry / "environ").read_bytes():
                    os.kill(int(entry.name), signal.SIGTERM)
            except OSError:
                continue
    write_result(result, arguments.out)


if __name__ == "__main__":
    main()
