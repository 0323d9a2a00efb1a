"""A project as the Project view shows it and ``project_overview`` answers: its target frameworks, the
projects it references, its packages (``PackageList``'s items), and the key properties as its MSBuild
files write them, each with the file that sets it."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import relative_path
from .packages import PackageItem, PackageList
from .text import columns


@dataclass(frozen=True)
class ProjectProperty:
    name: str
    value: str
    """As written (``enable``, ``$(Foo)``); empty when no file sets it (the SDK's default applies)."""
    written_in: str
    """The file that sets it last, relative to the solution (empty: none)."""


@dataclass(frozen=True)
class ProjectOverview:
    root: str
    name: str
    path: str
    target_frameworks: tuple[str, ...]
    references: tuple[str, ...]
    """The projects it references, by name."""
    items: tuple[PackageItem, ...]
    """Its packages."""
    total: int
    properties: tuple[ProjectProperty, ...] = ()
    central: bool = False
    """Its package versions live in ``Directory.Packages.props``."""
    notes: tuple[str, ...] = ()
    offset: int = 0

    def facts(self) -> list[str]:
        """Everything but the packages: the header, the references, the notes, the properties."""
        management = ", versions in Directory.Packages.props" if self.central else ""
        lines = [
            f"Project {self.name} ({relative_path(self.path, self.root)}): {', '.join(self.target_frameworks)}{management}",
            f"references: {', '.join(self.references) or 'no project'}",
        ]
        lines.extend(f"note: {note}" for note in self.notes)
        lines.extend(columns(f"{p.name}:", p.value or "(the SDK's default)", p.written_in) for p in self.properties)
        return lines

    def packages(self) -> PackageList:
        return PackageList(self.root, self.name, self.items, self.total)

    def render(self) -> str:
        return "\n".join([*self.facts(), *self.packages().render().splitlines()])
