"""``resolve_stack_trace``: every frame of a .NET stack trace mapped to the solution's member and the
line to open; frames of the framework and packages marked external with their assembly."""

from __future__ import annotations

import os
from typing import Any

from ..errors import InvalidArgument
from ..host.interop import Operation
from ..models import Location
from ..symbols.describe import location_of, typed
from ..symbols.summaries import summarize
from ..views.stack_trace import StackFrame, StackTrace
from ..workspace.boundary import is_inside
from ..workspace.snapshot import Snapshot
from .stack_traces import Frame, frames


def resolve_stack_trace(snapshot: Snapshot, operation: Operation, text: str) -> StackTrace:
    """The frames of ``text`` (an exception's ``ToString()``, a test failure's stack, a log line)."""
    parsed = frames(text or "")
    if not parsed:
        raise InvalidArgument(
            "No stack frame was found in the text (frames are lines like 'at Ns.Type.Method(int x) in /path/File.cs:line 12').",
            "Pass the whole stack trace: the exception's ToString(), or the 'Stack Trace:' part of a test failure.",
        )
    finder = _Finder(snapshot, operation)
    items = tuple(finder.resolve(frame) for frame in parsed)
    own = sum(1 for item in items if not item.external and item.symbol is not None)
    return StackTrace(str(snapshot.root), items, len(items), own)


class _Finder:
    def __init__(self, snapshot: Snapshot, operation: Operation) -> None:
        self.snapshot = snapshot
        self.operation = operation
        self._types: dict[tuple[str, ...], Any] = {}
        self._compilations: list[Any] | None = None

    def resolve(self, frame: Frame) -> StackFrame:
        self.operation.check()
        symbol = self._member(frame)
        if symbol is None:
            place = self._trace_place(frame, None)
            return StackFrame(frame.text, None, place, place is None, "", frame.inner, place is not None)
        in_source = any(location.IsInSource for location in symbol.Locations)
        summary = summarize(symbol)
        if not in_source:
            assembly = str(symbol.ContainingAssembly.Name) if symbol.ContainingAssembly is not None else ""
            return StackFrame(frame.text, summary, None, True, assembly, frame.inner)
        place = self._trace_place(frame, summary.location)
        declared = _local_function(symbol, frame.inner, self.operation) or summary.location
        return StackFrame(frame.text, summary, place or declared, False, "", frame.inner, place is not None)

    def _trace_place(self, frame: Frame, declared: Location | None) -> Location | None:
        """The trace's own ``file:line`` when it is a file of the solution: the same path, or (a trace
        from another machine or a CI checkout) the declaration's file of the same name."""
        if not frame.file or not frame.line:
            return None
        path = frame.file.replace("\\", "/")
        known = self.snapshot.documents_for_path(path) or self.snapshot.additional_documents_for_path(path)
        if os.path.isfile(path) and is_inside(self.snapshot.root, path) and known:  # a .razor file's line too
            return Location(os.path.realpath(path), frame.line, 1, frame.line, 1)
        if declared is not None and os.path.basename(declared.path) == os.path.basename(path):
            return Location(declared.path, frame.line, 1, frame.line, 1)
        return None

    def _member(self, frame: Frame) -> Any | None:
        path = frame.path
        for end in range(len(path), 0, -1):
            owner = self._type(path[:end])
            if owner is None:
                continue
            name = ".".join((*path[end:], frame.member))
            found = self._pick(typed(owner), name, frame)
            if found is not None:
                return found
        return None

    def _type(self, path: tuple[str, ...]) -> Any | None:
        if path in self._types:
            return self._types[path]
        found = None
        for split in range(len(path) - 1, -1, -1):  # where the namespace ends: the longest namespace first
            namespace, nested = path[:split], path[split:]
            metadata_name = ".".join(namespace) + ("." if namespace else "") + "+".join(nested)
            found = self._by_metadata_name(metadata_name)
            if found is not None:
                break
        self._types[path] = found
        return found

    def _by_metadata_name(self, name: str) -> Any | None:
        external = None
        for compilation in self._all_compilations():
            found = compilation.GetTypeByMetadataName(name)
            if found is None:
                continue
            if any(location.IsInSource for location in found.Locations):
                return found
            external = external or found
        return external

    def _all_compilations(self) -> list[Any]:
        if self._compilations is None:
            self._compilations = [self.snapshot.compilation(p, self.operation) for p in self.snapshot.projects]
        return self._compilations

    def _pick(self, owner: Any, name: str, frame: Frame) -> Any | None:
        if name == ".ctor":
            candidates = list(owner.InstanceConstructors)
        elif name == ".cctor":
            candidates = list(owner.StaticConstructors)
        else:
            candidates = list(owner.GetMembers(name))
            if not candidates and "." in name:
                # An explicit implementation is named by its interface (``System.IDisposable.Dispose``);
                # the code may have changed since the trace, so the plain name is tried last.
                last = name.rsplit(".", 1)[-1]
                candidates = [m for m in owner.GetMembers() if str(m.Name).endswith("." + last)]
                candidates = candidates or list(owner.GetMembers(last))
        candidates = [typed(c) for c in candidates]
        if not candidates:
            return None
        if frame.parameters_known and len(candidates) > 1:
            candidates.sort(key=lambda c: -_match(c, frame.parameters))
        chosen = candidates[0]
        if str(chosen.Kind) == "Method" and str(chosen.MethodKind) in (
            "PropertyGet",
            "PropertySet",
            "EventAdd",
            "EventRemove",
        ):
            associated = chosen.AssociatedSymbol
            return typed(associated) if associated is not None else chosen
        return chosen


def _local_function(symbol: Any, inner: str, operation: Operation) -> Location | None:
    """Where a frame's local function is declared inside its member (``local function Charge``)."""
    if not inner.startswith("local function "):
        return None
    name = inner.removeprefix("local function ")
    for reference in symbol.DeclaringSyntaxReferences:
        node = operation.wait(reference.GetSyntaxAsync(operation.token))
        for child in node.DescendantNodes():
            if child.GetType().Name == "LocalFunctionStatementSyntax" and str(child.Identifier.ValueText) == name:
                return location_of(child.Identifier.GetLocation())
    return None


def _match(candidate: Any, printed: tuple[str, ...]) -> int:
    """How well a method's parameters fit the frame's printed types: count first, then each name."""
    parameters = list(getattr(candidate, "Parameters", []))
    if len(parameters) != len(printed):
        return 0
    score = 1
    for parameter, text in zip(parameters, printed, strict=True):
        if _printed_name(parameter.Type) == text.rstrip("&"):
            score += 1
    return score


def _printed_name(kind: Any) -> str:
    """A type as a stack trace prints it: ``Int32``, ``List`1``, ``String[]``."""
    element = getattr(typed(kind), "ElementType", None)
    if str(kind.Kind) == "ArrayType" and element is not None:
        return _printed_name(element) + "[]"
    if str(kind.Kind) == "PointerType":
        return _printed_name(typed(kind).PointedAtType) + "*"
    return str(kind.MetadataName)
