"""Which target frameworks of a test project can run on this machine, and how.

A machine often has only the newest .NET runtime, while a library's tests target older ones too
(``net8.0;net9.0``): their test host does not start ("You must install or update .NET"). Such a target
runs on the newest installed runtime with ``DOTNET_ROLL_FORWARD=Major`` (as ``dotnet test`` itself
would with that setting), and the answer says so; unless roll-forward is refused, then it is named as
not run. A .NET Framework target (``net472``) runs only on Windows (elsewhere ``dotnet test`` looks for
``mono``): named as not run, with why.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..host.sdk_pin import installed_runtimes

_CORE = re.compile(r"^net(?:coreapp)?(\d+)\.(\d+)")
_FRAMEWORK = re.compile(r"^net(\d)(\d)(\d?)$")
_SYMBOL = re.compile(r"^NET(\d+)(?:_(\d+))?$")


@dataclass(frozen=True)
class TargetPlan:
    framework: str
    """As the project names it: ``net8.0``, ``net472``."""
    runs: bool
    roll_forward: bool = False
    """It runs on a newer runtime than it targets (its own is not installed)."""
    reason: str = ""
    """Why it does not run, or on what it runs: ``its runtime (9.0) is not installed; runs on 10.0.12``."""


def plans(frameworks: list[str], installed: tuple[str, ...], roll_forward: bool) -> list[TargetPlan]:
    """How each target framework runs here."""
    found = []
    newest = installed[0] if installed else ""
    listed = ", ".join(installed) or "none"
    for framework in frameworks:
        core = _CORE.match(framework)
        if _FRAMEWORK.match(framework) and not core:
            if sys.platform == "win32":
                found.append(TargetPlan(framework, True))
            else:
                found.append(
                    TargetPlan(
                        framework, False, reason=".NET Framework tests run only on Windows (here they need mono)"
                    )
                )
            continue
        if core is None:
            found.append(TargetPlan(framework, True))
            continue
        wanted = int(core.group(1))
        if any(int(version.split(".")[0]) == wanted for version in installed):
            found.append(TargetPlan(framework, True))
        elif roll_forward and newest and int(newest.split(".")[0]) > wanted:
            reason = f"its runtime ({wanted}.0) is not installed; ran on {newest} by roll-forward"
            found.append(TargetPlan(framework, True, True, reason))
        else:
            fix = " (roll_forward=true runs it on a newer one)" if newest and not roll_forward else ""
            found.append(
                TargetPlan(
                    framework, False, reason=f"its runtime ({wanted}.0) is not installed (installed: {listed}){fix}"
                )
            )
    return found


def roll_forward_note(assembly: Path, dotnet: str) -> str:
    """For a built app whose .NET runtime is not installed but a newer one is: what running it by
    roll-forward means (``its runtime (8.0) is not installed; ran on 10.0.12 by roll-forward``); else empty."""
    config = assembly.with_suffix(".runtimeconfig.json")
    try:
        options = json.loads(config.read_text(encoding="utf-8")).get("runtimeOptions", {})
    except (OSError, ValueError):
        return ""
    frameworks = options.get("frameworks") or [options.get("framework") or {}]
    wanted = next((f.get("version", "") for f in frameworks if f.get("name") == "Microsoft.NETCore.App"), "")
    if not wanted:
        return ""
    major = wanted.split(".")[0]
    [plan] = plans([f"net{major}.0"], installed_runtimes(dotnet), roll_forward=True)
    return plan.reason if plan.roll_forward else ""


def target_framework(project: Any) -> str:
    """``net8.0`` of the Roslyn project ``Lib.Tests(net8.0)``; of a project built for one framework,
    read from the symbols its compilation defines (``NET8_0``, ``NET472``); empty when neither says."""
    name = str(project.Name)
    opened = name.rfind("(")
    if opened > 0 and name.endswith(")"):
        return name[opened + 1 : -1]
    symbols = [str(s) for s in project.ParseOptions.PreprocessorSymbolNames] if project.ParseOptions else []
    versions = [m for m in map(_SYMBOL.match, symbols) if m]
    if not versions:
        return ""
    best = max(versions, key=lambda m: (int(m.group(1)), int(m.group(2) or 0)))
    if best.group(2) is not None:
        return f"net{best.group(1)}.{best.group(2)}"
    return f"net{best.group(1)}"
