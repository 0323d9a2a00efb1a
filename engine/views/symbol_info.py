"""The info panel: everything about one symbol."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Location, SymbolSummary
from .doc_comments import Documentation
from .docs import documentation_lines
from .text import where


@dataclass(frozen=True)
class Parameter:
    name: str
    type: str
    default: str | None = None
    """The default value as C# writes it, when the parameter is optional."""
    modifier: str = ""
    """``ref``, ``out``, ``in``, ``params`` or ``this``."""


@dataclass(frozen=True)
class TypeParameter:
    name: str
    constraints: tuple[str, ...]


@dataclass(frozen=True)
class SymbolInfo:
    root: str
    symbol: SymbolSummary
    signature: str
    accessibility: str
    modifiers: tuple[str, ...]
    namespace: str
    containing_type: str
    assembly: str
    documentation: Documentation
    locations: tuple[Location, ...]
    """Every source declaration: several for a partial type."""
    type_kind: str = ""
    base_type: str = ""
    interfaces: tuple[str, ...] = ()
    type_parameters: tuple[TypeParameter, ...] = ()
    return_type: str = ""
    parameters: tuple[Parameter, ...] = ()
    is_async: bool = False
    is_extension: bool = False
    is_generic: bool = False
    value_type: str = ""
    """The type of a property, field, event, local or parameter."""
    accessors: tuple[str, ...] = ()
    constant_value: str | None = None
    overload_count: int = 0
    """How many methods share this one's name in its type (itself included)."""

    def brief(self) -> list[str]:
        """Quick info, as an editor's hover shows it: the signature, the summary, the documented parameters
        and what it returns; for a local, a parameter or a field, its type."""
        lines = [self.signature or f"{self.symbol.kind} {self.symbol.display}"]
        if self.value_type and self.symbol.kind in ("local", "parameter", "range variable"):
            lines.append(f"type: {self.value_type}")
        docs = self.documentation
        if docs.summary:
            lines.append(docs.summary)
        lines.extend(f"{name}: {text}" for name, text in docs.parameters if text)
        if docs.returns:
            lines.append(f"returns: {docs.returns}")
        return lines

    def render(self) -> str:
        s = self.symbol
        lines = [f"{s.kind} {s.display}", self.signature, f"id: {s.documentation_id}"]
        place = [f"namespace {self.namespace}" if self.namespace else "", f"assembly {self.assembly}"]
        if self.containing_type:
            place.insert(0, f"in {self.containing_type}")
        lines.append(", ".join(p for p in place if p))
        if self.modifiers:
            lines.append("modifiers: " + " ".join(self.modifiers))
        if self.base_type:
            lines.append(f"base: {self.base_type}")
        if self.interfaces:
            lines.append("interfaces: " + ", ".join(self.interfaces))
        for parameter in self.type_parameters:
            constraint = f" : {', '.join(parameter.constraints)}" if parameter.constraints else ""
            lines.append(f"type parameter {parameter.name}{constraint}")
        if self.return_type:
            flags = [
                w
                for w, on in (("async", self.is_async), ("extension", self.is_extension), ("generic", self.is_generic))
                if on
            ]
            lines.append(f"returns {self.return_type}" + (f" ({', '.join(flags)})" if flags else ""))
        for value in self.parameters:
            text = " ".join(p for p in (value.modifier, value.type, value.name) if p)
            lines.append(f"parameter {text}" + (f" = {value.default}" if value.default is not None else ""))
        if self.value_type:
            lines.append(
                f"type: {self.value_type}" + (f" {{ {'; '.join(self.accessors)}; }}" if self.accessors else "")
            )
        if self.constant_value is not None:
            lines.append(f"value: {self.constant_value}")
        if self.overload_count > 1:
            lines.append(f"overloads: {self.overload_count}")
        docs = documentation_lines(self.documentation)
        if docs:
            lines.append("docs:")
            lines.extend(f"  {line}" for line in docs)
        lines.append(
            f"declared at: {len(self.locations)}" if self.locations else f"declared in: {self.assembly} (metadata)"
        )
        lines.extend(f"  {where(location, self.root)}" for location in self.locations)
        return "\n".join(lines)
