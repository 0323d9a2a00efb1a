"""What every kind of endpoint shares: how route parts combine, and the authorization attributes attach."""

from __future__ import annotations

from typing import Any


def combined(*parts: str) -> str:
    """Route parts joined as ASP.NET Core combines them: one ``/`` between, none at the end but the root's."""
    segments = [part.strip("/") for part in parts if part and part.strip("/")]
    return "/" + "/".join(segments)


def attribute_template(attribute: Any) -> str | None:
    """The template an attribute gives: its first string argument, or ``Template = ...``."""
    for argument in attribute.ConstructorArguments:
        if argument.Value is not None and isinstance(argument.Value, str):
            return str(argument.Value)
    for pair in attribute.NamedArguments:
        if str(pair.Key) == "Template" and pair.Value.Value is not None:
            return str(pair.Value.Value)
    return None


def attached_authorization(symbol: Any) -> str:
    """``authorized`` (with its policy), ``anonymous``, or empty, from the symbol's attributes."""
    if symbol is None:
        return ""
    for attribute in symbol.GetAttributes():
        name = str(attribute.AttributeClass.Name) if attribute.AttributeClass is not None else ""
        if name == "AllowAnonymousAttribute":
            return "anonymous"
        if name == "AuthorizeAttribute":
            policy = attribute_template(attribute)
            for pair in attribute.NamedArguments:
                if str(pair.Key) == "Policy" and pair.Value.Value is not None:
                    policy = str(pair.Value.Value)
            return f"authorized (policy {policy})" if policy else "authorized"
    return ""
