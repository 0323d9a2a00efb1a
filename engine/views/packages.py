"""A project's packages as ``list_packages`` answers and the Project view shows them: each reference
with the version asked for, where it is written, the version restore chose per target, and the newest
the feed serves; deprecated or vulnerable versions marked where the feed says so."""

from __future__ import annotations

from dataclasses import dataclass

from .paging import range_note
from .text import columns, plural


@dataclass(frozen=True)
class PackageItem:
    project: str
    package: str
    requested: str
    """The version or range asked for (``13.0.3``, ``[8.0.0, )``); under central management the central version."""
    declared_in: str
    """The file that references it, relative to the solution (``Directory.Build.props`` for every project under it)."""
    resolved: tuple[tuple[str, str], ...]
    """(target framework, version restore chose)."""
    latest: str = ""
    """The newest stable version the feed serves (the newest pre-release for a pre-release); empty when not asked."""
    outdated: bool = False
    marks: tuple[str, ...] = ()
    """What the feed says of the resolved version: ``deprecated: ...``, ``vulnerable: high ...``."""
    central: bool = False
    """Its version lives in ``Directory.Packages.props``."""


@dataclass(frozen=True)
class PackageList:
    root: str
    project: str
    items: tuple[PackageItem, ...]
    total: int
    notes: tuple[str, ...] = ()
    offset: int = 0

    def rows(self) -> list[tuple[str, int | None]]:
        """Each package's line with its item (the notes are not among them)."""
        lines = self.render().splitlines()[1 + len(self.notes) :]
        return [(line, index) for index, line in enumerate(lines)]

    def render(self) -> str:
        outdated = sum(item.outdated for item in self.items)
        lines = [
            f"Packages of {self.project}: {plural(self.total, 'package')}"
            f"{f', {outdated} with a newer version' if outdated else ''}{range_note(self.offset, len(self.items), self.total)}"
        ]
        lines.extend(f"note: {note}" for note in self.notes)
        for item in self.items:
            resolved = ", ".join(sorted({version for _, version in item.resolved})) or "not restored"
            newer = f"-> {item.latest}" if item.outdated else ""
            where = item.declared_in + (" (central)" if item.central else "")
            lines.append(columns(item.package, item.requested, resolved, newer, where, "; ".join(item.marks)))
        return "\n".join(lines)
