"""What an editor draws over the code it shows: inlay hints (parameter names, inferred types) and code
lenses (how many references, tests and implementations a declaration has)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .text import plural


@dataclass(frozen=True)
class InlayHint:
    line: int
    column: int
    """1-based; the hint is drawn before the character here."""
    kind: str
    """``parameter`` (``n: ``) or ``type`` (the type of a ``var``, a lambda parameter, a ``new()``)."""
    text: str
    """As drawn, spacing included (``n: ``, ``int ``)."""


@dataclass(frozen=True)
class InlayHints:
    path: str
    first_line: int
    last_line: int
    items: tuple[InlayHint, ...]

    def render(self) -> str:
        lines = [
            f"Inlay hints of {self.path} lines {self.first_line}-{self.last_line}: {plural(len(self.items), 'hint')}"
        ]
        lines.extend(f"{h.line}:{h.column}  {h.kind}  {h.text.strip()}" for h in self.items)
        return "\n".join(lines)


@dataclass(frozen=True)
class CodeLens:
    SEPARATOR: ClassVar[str] = " | "
    """Between a lens's parts, as drawn."""
    line: int
    """1-based line of the declared name."""
    column: int
    documentation_id: str
    name: str
    references: int
    implementations: int | None
    """``None`` where nothing can implement or override it (a sealed class, a non-virtual member)."""
    tests: int | None
    """``None`` where no test project can reach it."""
    more_references: bool = False
    """``references`` counts the places found within the call's time: more were still being looked for."""
    more_implementations: bool = False
    """The implementations were left for the exact lenses (``implementations`` is ``None`` meanwhile)."""
    coverage: str = ""
    """The share of its lines the last run with coverage ran (``82%``), when there was one."""
    time: str = ""
    """Its time on the CPU in the last profile (``324 ms``), when it was in one."""
    estimated: bool = False
    """``references`` is the last run's count from the on-disk index (``~1,575 refs``), shown until the
    exact count comes: files changed since may use the symbol more or less."""

    def parts(self) -> list[tuple[str, str]]:
        """(panel, words) of each lens, as drawn after the code, short so it fits: ``("references", "3 refs")``."""
        if self.estimated:
            found = [("references", f"~{self.references:,} ref{'' if self.references == 1 else 's'}")]
        elif self.more_references and not self.references:
            found = [("references", "… refs")]  # none found yet: still looking
        else:
            more = "+" if self.more_references else ""
            found = [("references", f"{self.references:,}{more} ref{'' if self.references == 1 and not more else 's'}")]
        if self.implementations is not None:
            found.append(("implementations", f"{self.implementations:,} impl"))
        elif self.more_implementations:
            found.append(("implementations", "… impl"))
        if self.tests is not None:
            found.append(("tests", plural(self.tests, "test")))
        if self.coverage:
            found.append(("coverage", self.coverage))
        if self.time:
            found.append(("profile", self.time))
        return found

    def label(self) -> str:
        return self.SEPARATOR.join(words for _, words in self.parts())


@dataclass(frozen=True)
class CodeLenses:
    path: str
    first_line: int
    last_line: int
    items: tuple[CodeLens, ...]
    tests_pending: bool = False
    """The tests were asked for before the call graph was whole: ask again (they are ``None`` meanwhile)."""
    counting: bool = False
    """Some reference counts are of the places found within the call's time (``1,575+``): ask again without
    a time for every count exact."""

    def render(self) -> str:
        lines = [
            f"Code lenses of {self.path} lines {self.first_line}-{self.last_line}: {plural(len(self.items), 'declaration')}"
        ]
        lines.extend(f"{lens.line}:{lens.column}  {lens.name}  {lens.label()}" for lens in self.items)
        return "\n".join(lines)
