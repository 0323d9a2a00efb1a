"""NuGet version order (SemVer 2.0 with NuGet's four-part numbers): ``1.0.0-beta2 < 1.0.0 < 1.0.1``."""

from __future__ import annotations

import re
from typing import Any

_VERSION = re.compile(r"^\d+(\.\d+){0,3}(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$")


def is_version(text: str) -> bool:
    return bool(_VERSION.match(text.strip()))


def is_prerelease(version: str) -> bool:
    return "-" in version.split("+", 1)[0]


def sort_key(version: str) -> tuple[Any, ...]:
    core, _, label = version.split("+", 1)[0].partition("-")
    numbers = [int(part) if part.isdigit() else 0 for part in core.split(".")]
    numbers += [0] * (4 - len(numbers))
    # A release sorts after every pre-release of the same numbers.
    labels = tuple((0, int(p), "") if p.isdigit() else (1, 0, p.lower()) for p in label.split(".")) if label else ()
    return (*numbers, 0 if label else 1, labels)


def newest(versions: list[str], prerelease: bool = False) -> str | None:
    candidates = [v for v in versions if prerelease or not is_prerelease(v)] or (versions if not prerelease else [])
    return max(candidates, key=sort_key) if candidates else None
