"""Running tests on Microsoft.Testing.Platform, as ``dotnet test`` does where ``global.json`` says so.

From the .NET 10 SDK, a test project on Microsoft.Testing.Platform (xUnit v3's ``xunit.v3.mtp-v2``,
MSTest's runner, TUnit) no longer runs through VSTest: ``dotnet test`` refuses it ("Testing with VSTest
target is no longer supported") unless the repository's ``global.json`` opts in with
``"test": {"runner": "Microsoft.Testing.Platform"}``, and then takes other options: ``--project`` or
``--solution``, each framework's filters, a TRX report as an extension. Scrutor 7.0.0 is such a
repository (its 80 tests: ``bench/review_history.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import InvalidArgument
from ..workspace.snapshot import Snapshot

RUNNER = "Microsoft.Testing.Platform"


def runs_on_platform(start: Path, root: Path) -> bool:
    """Whether the nearest ``global.json`` from ``start`` up to ``root`` (the solution's directory: nothing
    above it is read) makes ``dotnet test`` run on Microsoft.Testing.Platform."""
    folder = start if start.is_dir() else start.parent
    while True:
        found = folder / "global.json"
        if found.is_file():
            try:
                settings = json.loads(found.read_text(encoding="utf-8-sig"))
            except (OSError, ValueError):
                return False
            test = settings.get("test") if isinstance(settings, dict) else None
            return isinstance(test, dict) and test.get("runner") == RUNNER
        if folder == root or folder.parent == folder or root not in folder.parents:
            return False
        folder = folder.parent


def is_xunit_v3(snapshot: Snapshot) -> bool:
    """Whether the test projects run on xUnit v3 (whose filters and report are its own)."""
    return any(
        str(reference.Display or "").endswith("xunit.v3.core.dll")
        for project in snapshot.projects
        for reference in project.MetadataReferences
    )


def platform_arguments(
    target: Path,
    results: Path,
    configuration: str,
    xunit_v3: bool,
    names: list[str] | None,
    whole_classes: list[str] | None,
    expression: str,
    filter: str | None,
) -> list[str]:
    """``dotnet test``'s arguments on the platform: the target, the configuration, the results folder, a
    TRX report and the tests chosen (by method and class for xUnit v3, else the VSTest expression, which
    MSTest's and NUnit's runners read)."""
    kind = "--solution" if target.suffix.lower() in (".sln", ".slnx", ".slnf") else "--project"
    arguments = [kind, str(target), "--configuration", configuration, "--results-directory", str(results)]
    arguments += ["--report-xunit-trx"] if xunit_v3 else ["--report-trx"]
    if not xunit_v3:
        return arguments + (["--filter", expression] if expression else [])
    if filter and filter.strip():
        raise InvalidArgument(
            "A VSTest filter does not apply to xUnit v3 on Microsoft.Testing.Platform.",
            "Name the tests (tests=...) or a symbol instead; they are run by method and class.",
        )
    if names is None:
        return arguments
    chosen: list[Any] = []
    classes = whole_classes or []
    for name in classes:
        chosen += ["--filter-class", name]
    for name in names:
        if name.rsplit(".", 1)[0] not in classes:
            chosen += ["--filter-method", name]
    return arguments + chosen
