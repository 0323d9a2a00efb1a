"""The app's dependency injection: what is registered with which lifetime, who consumes it, and what
cannot work (a dependency nothing registers, a singleton holding a shorter-lived service)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, Location
from .paging import range_note
from .text import columns, counted, plural, problem_rows, tally, where


@dataclass(frozen=True)
class Consumer:
    by: str
    """The constructor, handler or component that asks for the service, as C# names it."""
    how: str
    """``constructor``, ``handler`` (a minimal API's), ``[FromServices]`` or ``@inject``."""
    location: Location


@dataclass(frozen=True)
class Registration:
    lifetime: str
    """``singleton``, ``scoped`` or ``transient``."""
    service: str
    implementation: str
    """The type made, or ``factory`` / ``instance`` when the call gives one."""
    how: str
    """The call: ``AddScoped``, ``TryAddScoped``, ``AddKeyedSingleton``, ``AddHttpClient``, ``AddDbContext``..."""
    location: Location
    key: str = ""
    """A keyed registration's key, as written."""
    via: str = ""
    """The solution's own extension method the call is in, when the app calls it (``AddTodoServices``)."""
    consumers: tuple[Consumer, ...] = ()
    project: str = field(default="", metadata=TEXT_ONLY)
    added_by: str = ""
    """The library method the app calls that adds this one (``AddDbContextFactory``); empty when the app's
    code registers it itself."""
    condition: str = ""
    """A condition in the library's code that only the running app decides (``MetadataUpdater.IsSupported``)."""


@dataclass(frozen=True)
class ServiceProblem:
    kind: str
    """``unregistered`` (a dependency nothing registers), ``captive`` (a singleton holding a scoped
    or transient service) or ``not read`` (a library method the app calls whose code could not be read)."""
    text: str
    """What is wrong, with the chain of types."""
    location: Location


@dataclass(frozen=True)
class ServiceMap:
    root: str
    items: tuple[Registration, ...]
    total: int
    problems: tuple[ServiceProblem, ...] = ()
    by_lifetime: tuple[tuple[str, int], ...] = ()
    by_project: tuple[tuple[str, int], ...] = ()
    offset: int = 0
    from_libraries: int = 0
    """How many of them a library method the app calls adds (``AddDbContext``, ``AddRazorComponents``)."""

    def render(self) -> str:
        counts = "; ".join(tally(pairs) for pairs in (self.by_lifetime, self.by_project) if pairs)
        header = f"Service registrations: {self.total}" + (f" ({counts})" if counts else "")
        if self.from_libraries:
            header += f"; {self.from_libraries} added by library calls"
        if self.problems:
            header += f"; {plural(len(self.problems), 'problem')}"
        lines = [header + range_note(self.offset, len(self.items), self.total)]
        lines.extend(text for text, _ in self.rows())
        return "\n".join(lines)

    def rows(self) -> list[tuple[str, int | None]]:
        rows = problem_rows(self.problems, self.offset, self.root)
        if not self.total:
            rows.append(("No service registration: no project registers services with IServiceCollection.", None))
        for index, item in enumerate(self.items):
            service = item.service + (f" (key {item.key})" if item.key else "")
            made = "" if item.implementation == item.service else f"-> {item.implementation}"
            via = " ".join(
                part
                for part in (
                    f"by {item.added_by}" if item.added_by else "",
                    f"via {item.via}" if item.via else "",
                    f"if {item.condition}" if item.condition else "",
                )
                if part
            )
            rows.append(
                (columns(item.lifetime.ljust(9), service, made, item.how, where(item.location, self.root), via), index)
            )
            for consumer in item.consumers:
                rows.append(
                    ("    " + columns("used by", consumer.by, consumer.how, where(consumer.location, self.root)), index)
                )
        return rows


def service_map(root: str, items: list[Registration], problems: list[ServiceProblem]) -> ServiceMap:
    # The app's own first; a library call's together, at its place.
    ordered = sorted(
        items,
        key=lambda item: (
            bool(item.added_by),
            item.location.path if item.added_by else "",
            item.location.line if item.added_by else 0,
            item.service.lower(),
            item.key,
            item.location.path,
            item.location.line,
        ),
    )
    return ServiceMap(
        root,
        tuple(ordered),
        len(ordered),
        tuple(sorted(problems, key=lambda problem: (problem.kind, problem.text))),
        counted(item.lifetime for item in ordered),
        counted(item.project for item in ordered),
        from_libraries=sum(1 for item in ordered if item.added_by),
    )
