"""The app's endpoints: which URL runs which code, and who may call it."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models import TEXT_ONLY, Location
from .paging import range_note
from .text import columns, counted, tally, where


@dataclass(frozen=True)
class Endpoint:
    methods: tuple[str, ...]
    """HTTP methods (``GET``...); ``ANY`` where the endpoint answers every method (a Razor Page, an action
    without ``[Http*]``, a hub, health checks, a fallback)."""
    route: str
    """The whole route template, groups, class and method parts combined (``/api/todos/{id:int}``)."""
    kind: str
    """``minimal API``, ``controller``, ``Razor Page``, ``component``, ``hub`` or ``gRPC``."""
    handler: str
    """The code that runs: a method as C# names it, a lambda as ``lambda in <method>``, a component or page."""
    location: Location
    """The handler's place: the method's or lambda's, the component's ``@page`` line, the page's file."""
    authorization: str = ""
    """``authorized``, ``authorized (policy Staff)``, ``anonymous``, or empty when nothing is attached."""
    project: str = field(default="", metadata=TEXT_ONLY)
    count: int = 1
    """How many endpoints the row stands for: a static assets manifest's files are one row."""


ANY = ("ANY",)
"""An endpoint with no HTTP method of its own (a Razor Page, an action without ``[Http*]``, a hub): it
answers every method."""


@dataclass(frozen=True)
class EndpointList:
    root: str
    items: tuple[Endpoint, ...]
    total: int
    by_kind: tuple[tuple[str, int], ...] = ()
    by_project: tuple[tuple[str, int], ...] = ()
    offset: int = 0
    served: int = 0
    """Endpoints the rows stand for, a static assets row counting each of its files."""

    def render(self) -> str:
        counts = "; ".join(tally(pairs) for pairs in (self.by_kind, self.by_project) if pairs)
        header = f"Endpoints: {self.total}" + (f" ({counts})" if counts else "")
        if self.served != self.total:
            header += f"; {self.served:,} routes served with each static file"
        lines = [header + range_note(self.offset, len(self.items), self.total)]
        lines.extend(text for text, _ in self.rows())
        return "\n".join(lines)

    def rows(self) -> list[tuple[str, int | None]]:
        """``METHODS  route  handler  place  [authorization]``, one endpoint a line."""
        if not self.total:
            return [("No endpoint: no project maps routes, controllers, Razor Pages or routable components.", None)]
        width = max(len(",".join(item.methods)) for item in self.items)
        return [
            (
                columns(
                    ",".join(item.methods).ljust(width),
                    item.route,
                    item.handler,
                    where(item.location, self.root),
                    f"[{item.authorization}]" if item.authorization else "",
                ),
                index,
            )
            for index, item in enumerate(self.items)
        ]


def endpoint_list(root: str, items: list[Endpoint]) -> EndpointList:
    ordered = sorted(items, key=lambda item: (item.route.lower(), item.methods, item.handler))
    return EndpointList(
        root,
        tuple(ordered),
        len(ordered),
        counted(item.kind for item in ordered),
        counted(item.project for item in ordered),
        served=sum(item.count for item in ordered),
    )
