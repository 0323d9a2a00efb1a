"""``python -m engine doctor [PATH] [--json]``: is this machine ready, and does PATH load?"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

from .errors import EngineError
from .host.runtime import ensure_runtime
from .native import built_at
from .views.load import LoadSummary
from .workspace.sessions import load_solution


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    doctor = commands.add_parser(
        "doctor", help="check dotnet, the SDK, Roslyn and the engine's C# helpers (built if needed); load PATH if given"
    )
    doctor.add_argument("path", nargs="?", help="a .sln, .slnx, .csproj or a directory")
    doctor.add_argument("--json", action="store_true", help="print one JSON object")
    doctor.add_argument("--no-restore", action="store_true", help="do not run dotnet restore")
    arguments = parser.parse_args(argv)
    result, status = run_doctor(arguments.path, restore=not arguments.no_restore)
    if arguments.json:
        print(json.dumps({k: v for k, v in result.items() if k != "load_text"}, indent=2))
    else:
        print(render(result))
    return status


def run_doctor(path: str | None, restore: bool = True) -> tuple[dict[str, Any], int]:
    result: dict[str, Any] = {"ok": False}
    try:
        runtime = ensure_runtime(Path(path).resolve().parent if path else None)
        result.update(
            dotnet=str(runtime.dotnet.dotnet),
            sdk_version=runtime.dotnet.sdk_version,
            runtime_version=runtime.runtime_version,
            roslyn_version=runtime.roslyn.version,
            roslyn_directory=str(runtime.roslyn.directory),
            compiler_directory=str(runtime.compiler_directory),
        )
        result["native_helpers"] = str(built_at())
        if path:
            session = load_solution(path, restore=restore, watch=False)
            assert session.report is not None
            result["load"] = dataclasses.asdict(session.report)
            result["load_text"] = LoadSummary(str(session.root), session.report).render()
            session.close()
    except EngineError as error:
        result["error"] = {"type": type(error).__name__, "message": error.message, "hint": error.hint}
        return result, 1
    result["ok"] = True
    return result, 0


def render(result: dict[str, Any]) -> str:
    lines = []
    keys = ("dotnet", "sdk_version", "runtime_version", "roslyn_version", "roslyn_directory", "compiler_directory")
    for key in (*keys, "native_helpers"):
        if key in result:
            lines.append(f"{key.replace('_', ' ')}: {result[key]}")
    if "load_text" in result:  # the app's Info panel and load_solution say the same
        lines.append(result["load_text"])
    if "error" in result:
        lines.append(f"error ({result['error']['type']}): {result['error']['message']}")
        if result["error"]["hint"]:
            lines.append(f"  {result['error']['hint']}")
    lines.append("ok" if result["ok"] else "not ok")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
