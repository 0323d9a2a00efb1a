"""A sampled profile by symbol: each frame the sampler saw taken to the solution's source
(``engine.runtime.frames``), the framework's and libraries' marked."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ...host.interop import Operation
from ...views.hang import HangReport
from ...views.profile import AllocatedType, AllocationSite, FlameNode, HotMember, HotPath, ProfileReport
from ...views.stack_trace import StackFrame
from ...workspace.snapshot import Snapshot
from ..frames import frames_of
from .allocations import Allocations, Sample, read_allocations
from .speedscope import Sampled, read_speedscope

MOST_MEMBERS = 20
MOST_PATHS = 5


def answered(
    session: Any,
    tool: Path,
    installed: bool,
    traced: tuple[Path, Path],
    what: str,
    notes: list[str],
    allocations: bool,
    sampled: Sampled | None = None,
    hang: HangReport | None = None,
) -> ProfileReport:
    """A finished trace (speedscope, nettrace) as the session answers it: its samples by member (read
    from the speedscope file unless ``sampled`` already was), its allocations when asked, the notes
    after the word that the tool was installed for this, and a run ended early's stacks (``hang``)."""
    speedscope, nettrace = traced
    said = (["dotnet-trace was installed into the user cache for this"] if installed else []) + notes
    allocated = read_allocations(tool, nettrace) if allocations else None
    files = (str(speedscope), str(nettrace))
    sampled = sampled or read_speedscope(speedscope)
    return session.run(report, sampled, what, files, tuple(said), allocated, hang)  # type: ignore[no-any-return]


def report(
    snapshot: Snapshot,
    operation: Operation,
    sampled: Sampled,
    what: str,
    files: tuple[str, ...],
    notes: tuple[str, ...],
    allocated: Allocations | None = None,
    hang: HangReport | None = None,
) -> ProfileReport:
    methods = [
        i
        for i, name in enumerate(sampled.names)
        if "!" in name and not name.startswith("?") and sampled.inclusive.get(i, 0) > 0
    ]
    mapped = frames_of(snapshot, operation, [sampled.names[i] for i in methods])
    members = {
        index: _member(frame, sampled.names[index], sampled, index)
        for index, frame in zip(methods, mapped, strict=True)
    }
    once = _merged(members, sampled)
    hottest = sorted((m for m in once if m.exclusive_ms > 0), key=lambda m: -m.exclusive_ms)
    own = sorted((m for m in once if not m.external), key=lambda m: -m.inclusive_ms)
    paths: list[HotPath] = []
    for stack, spent in sorted(sampled.stacks.items(), key=lambda item: -item[1]):
        frames = [members[i].display for i in stack if i in members and not members[i].external]
        kept = tuple(f for n, f in enumerate(frames) if n == 0 or frames[n - 1] != f)
        if kept and all(path.frames != kept for path in paths):
            paths.append(HotPath(kept, round(spent, 1)))
        if len(paths) == MOST_PATHS:
            break
    tree = _tree(
        [
            ([members[i] for i in stack if i in members and not members[i].external], spent)
            for stack, spent in sampled.stacks.items()
        ]
    )
    return ProfileReport(
        root=str(snapshot.root),
        what=what,
        cpu_ms=round(sampled.cpu_ms, 1),
        items=tuple(hottest[:MOST_MEMBERS]),
        total=min(len(hottest), MOST_MEMBERS),
        by_inclusive=tuple(own[:MOST_MEMBERS]),
        paths=tuple(paths),
        tree=tree,
        allocations=_allocated(snapshot, operation, allocated) if allocated is not None else (),
        allocated_bytes=allocated.total_bytes if allocated is not None else 0,
        allocations_sampled=allocated is not None and not allocated.problem,
        files=files,
        notes=notes + ((f"allocations: {allocated.problem}",) if allocated is not None and allocated.problem else ()),
        hang=hang,
    )


MOST_TYPES = 10
MOST_SITES = 3


def _allocated(snapshot: Snapshot, operation: Operation, allocated: Allocations) -> tuple[AllocatedType, ...]:
    """The types allocated most, each with the members that allocated it most."""
    by_type: dict[str, list[Sample]] = {}
    for sample in allocated.bytes:
        by_type.setdefault(sample.type_name, []).append(sample)
    ranked = sorted(by_type.items(), key=lambda item: -sum(allocated.bytes[s] for s in item[1]))[:MOST_TYPES]
    names = sorted({frame for _, samples in ranked for sample in samples for frame in sample.frames if "!" in frame})
    frames = dict(zip(names, frames_of(snapshot, operation, names), strict=True))
    found = []
    for type_name, samples in ranked:
        sites: dict[str, list[Any]] = {}
        for sample in samples:
            site = _site(sample, frames)
            entry = sites.setdefault(site.display, [site, 0])
            entry[1] += allocated.bytes[sample]
        kept = sorted(sites.values(), key=lambda entry: -entry[1])[:MOST_SITES]
        found.append(
            AllocatedType(
                type_name,
                sum(allocated.bytes[s] for s in samples),
                sum(allocated.samples[s] for s in samples),
                tuple(replace(site, bytes=count) for site, count in kept),
            )
        )
    return tuple(found)


def _site(sample: Sample, frames: dict[str, StackFrame | None]) -> AllocationSite:
    """The innermost frame in the solution's code, else the innermost named one."""
    for name in sample.frames:
        frame = frames.get(name)
        if frame is not None and not frame.external and frame.symbol is not None:
            return AllocationSite(frame.symbol.display, frame.location, False, 0)
    named = next((name for name in sample.frames if "!" in name and not name.startswith("?")), "?!(unknown)")
    return AllocationSite(named.partition("!")[2].partition("(")[0], None, True, 0)


SMALLEST_SHARE = 0.005
"""A node of less than this share of the time is left out of the tree (it would be a sliver)."""


def _tree(stacks: list[tuple[list[HotMember], float]]) -> tuple[FlameNode, ...]:
    """The solution's frames of every stack merged by path, outermost first (a recursion's repeated
    frame kept once)."""
    root: dict[str, Any] = {"ms": 0.0, "children": {}}
    for frames, spent in stacks:
        node = root
        root["ms"] += spent
        previous = None
        for member in frames:
            if previous is not None and member.documentation_id == previous.documentation_id:
                continue
            previous = member
            child = node["children"].setdefault(member.display, {"member": member, "ms": 0.0, "children": {}})
            child["ms"] += spent
            node = child
    least = root["ms"] * SMALLEST_SHARE

    def built(children: dict[str, Any]) -> tuple[FlameNode, ...]:
        kept = sorted((c for c in children.values() if c["ms"] >= least), key=lambda c: -c["ms"])
        return tuple(
            FlameNode(
                c["member"].display,
                c["member"].documentation_id,
                c["member"].location,
                round(c["ms"], 1),
                built(c["children"]),
            )
            for c in kept
        )

    return built(root["children"])


def _merged(members: dict[int, HotMember], sampled: Sampled) -> list[HotMember]:
    """Each member once: the frames of one method (an async method's stub and its state machine's
    ``MoveNext``, say) are one member, its time the stacks any of them is in."""
    groups: dict[str, list[int]] = {}
    for index, member in members.items():
        groups.setdefault(member.documentation_id or f"frame {index}", []).append(index)
    once = []
    for indices in groups.values():
        first = members[indices[0]]
        if len(indices) > 1:
            wanted = set(indices)
            inclusive = sum(spent for stack, spent in sampled.stacks.items() if wanted.intersection(stack))
            exclusive = sum(sampled.exclusive.get(i, 0.0) for i in indices)
            first = replace(first, exclusive_ms=round(exclusive, 1), inclusive_ms=round(inclusive, 1))
        once.append(first)
    return once


def _member(frame: StackFrame | None, name: str, sampled: Sampled, index: int) -> HotMember:
    known = frame is not None and frame.symbol is not None
    return HotMember(
        display=frame.symbol.display if known else name.partition("!")[2].partition("(")[0],  # type: ignore[union-attr]
        documentation_id=frame.symbol.documentation_id if known else "",  # type: ignore[union-attr]
        location=frame.location if frame is not None else None,
        external=frame.external if frame is not None else True,
        exclusive_ms=round(sampled.exclusive.get(index, 0.0), 1),
        inclusive_ms=round(sampled.inclusive.get(index, 0.0), 1),
    )
