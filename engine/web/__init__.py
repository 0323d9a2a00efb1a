"""Web applications as first-class code: Razor and Blazor files answered where people edit them
(``razor``)."""

from .razor import RAZOR_SUFFIXES, is_razor, razor_position

__all__ = ["RAZOR_SUFFIXES", "is_razor", "razor_position"]
