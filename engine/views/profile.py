"""A CPU profile by symbol, as both front ends show it: where the time of a run went, member by member
(each the solution's, with its file and line, or a library's, marked), the hottest call paths, and the
files other tools open."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, Location
from .hang import HangReport
from .paging import range_note
from .text import columns, where


@dataclass(frozen=True)
class HotMember:
    display: str
    """``Primes.IsPrime(int)``, or the frame's own text for a member nothing declares."""
    documentation_id: str = field(metadata=TEXT_ONLY)
    location: Location | None
    external: bool
    """A library's or the framework's member, not the solution's."""
    exclusive_ms: float
    """Time on the CPU in the member itself."""
    inclusive_ms: float
    """Time on the CPU in the member and what it called."""


@dataclass(frozen=True)
class HotPath:
    frames: tuple[str, ...]
    """The solution's members on the path, outermost first (a library's in between left out)."""
    ms: float


@dataclass(frozen=True)
class FlameNode:
    """One member on the calls the CPU time went through: the solution's frames only, a library's in
    between folded into the solution's member that called them."""

    display: str
    documentation_id: str
    location: Location | None
    ms: float
    """Time on the CPU in it and under it, on this path."""
    children: tuple[FlameNode, ...] = ()


@dataclass(frozen=True)
class AllocationSite:
    """Where a type was allocated: the innermost of the solution's members on the sampled stacks (a
    library's when none of the solution's is on them)."""

    display: str
    location: Location | None
    external: bool
    bytes: int


@dataclass(frozen=True)
class AllocatedType:
    type_name: str
    bytes: int
    """The bytes the samples stand for (each ~100 KB of allocations, named by the object that crossed the mark)."""
    samples: int
    sites: tuple[AllocationSite, ...]
    """The most first."""


@dataclass(frozen=True)
class ProfileReport:
    root: str
    what: str
    """What ran: ``the 1 tests reaching Primes.CountBelow(int)``."""
    cpu_ms: float
    """Time sampled on the CPU in the process, all threads."""
    items: tuple[HotMember, ...]
    """By exclusive time, the most first."""
    total: int
    by_inclusive: tuple[HotMember, ...] = ()
    """The solution's members by inclusive time (the text shows the first ten)."""
    paths: tuple[HotPath, ...] = ()
    tree: tuple[FlameNode, ...] = field(default=(), metadata=TEXT_ONLY)
    """The calls the time went through, outermost first: what a flame graph draws (the paths say it in text)."""
    allocations: tuple[AllocatedType, ...] = ()
    """With allocation sampling: the types allocated most, the most first."""
    allocated_bytes: int = 0
    """Every sampled allocation's bytes, all types."""
    allocations_sampled: bool = False
    """Allocations were sampled (none may have been seen)."""
    files: tuple[str, ...] = ()
    """The profile as speedscope JSON (speedscope.app, Perfetto) and as nettrace (PerfView, Visual Studio)."""
    notes: tuple[str, ...] = ()
    hang: HangReport | None = None
    """A run stopped, or ended at its time (an app's, the tests'): where each thread was then (a profile
    of a run that waits samples little)."""
    offset: int = 0

    def rows(self) -> list[tuple[str, int | None]]:
        """Each hottest member's line with its index (the panel's choices), then the allocations' lines
        and where the threads were (to read: ``None``)."""
        rows: list[tuple[str, int | None]] = [(self._row(item), index) for index, item in enumerate(self.items)]
        return rows + [(line, None) for line in [*self._allocation_lines(), *self._hang_lines()]]

    def _hang_lines(self) -> list[str]:
        return self.hang.render().splitlines() if self.hang is not None else []

    def _row(self, item: HotMember) -> str:
        name = item.display + ("  (library)" if item.external else "")
        spent = (f"{item.exclusive_ms:7.1f} ms", f"{item.inclusive_ms:7.1f} ms")
        return "  " + columns(*spent, name, where(item.location, self.root))

    def _allocation_lines(self) -> list[str]:
        if not self.allocations_sampled:
            return []
        if not self.allocations:
            return ["allocated: no sample (less than ~100 KB in all)"]
        lines = [f"allocated most ({_megabytes(self.allocated_bytes).strip()} sampled in all, an event each ~100 KB):"]
        for allocated in self.allocations:
            lines.append(
                "  " + columns(_megabytes(allocated.bytes), allocated.type_name, f"({allocated.samples} samples)")
            )
            for site in allocated.sites:
                name = site.display + ("  (library)" if site.external else "")
                lines.append("      " + columns(_megabytes(site.bytes), f"in {name}", where(site.location, self.root)))
        return lines

    def time_of(self) -> dict[str, str]:
        """Each of the solution's members' inclusive time, by documentation ID (what a lens shows)."""
        return {m.documentation_id: f"{m.inclusive_ms:.0f} ms" for m in self.by_inclusive if m.documentation_id}

    def render(self) -> str:
        head = f"Profile of {self.what}: {self.cpu_ms:.0f} ms on the CPU"
        lines = [head + range_note(self.offset, len(self.items), self.total)]
        lines += [f"note: {note}" for note in self.notes]
        lines.append("hottest by own time (exclusive / inclusive):")
        lines += [self._row(item) for item in self.items]
        if self.offset == 0 and self.by_inclusive:
            lines.append("the solution's members by inclusive time:")
            for member in self.by_inclusive[:10]:
                lines.append(
                    "  " + columns(f"{member.inclusive_ms:7.1f} ms", member.display, where(member.location, self.root))
                )
        if self.offset == 0 and self.paths:
            lines.append("hot paths (the solution's frames, outermost first):")
            lines += [f"  {path.ms:7.1f} ms  {' > '.join(path.frames)}" for path in self.paths]
        if self.offset == 0:
            lines += self._allocation_lines() + self._hang_lines()
            lines += [f"file: {file}" for file in self.files]
        return "\n".join(lines)


def _megabytes(count: int) -> str:
    return f"{count / 1_000_000:7.1f} MB"
