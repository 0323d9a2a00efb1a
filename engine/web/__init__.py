"""Web applications as first-class code: Razor and Blazor files answered where people edit them
(``razor``), and the app's map: its HTTP endpoints (``endpoints``) and its services (``services``) and its EF Core model (``data_model``)."""

from . import components, razor_rename  # noqa: F401  (they register with the workspace's hooks)
from .data_model import data_model
from .endpoints import endpoints
from .razor import RAZOR_SUFFIXES, is_razor, razor_position
from .razor_outline import razor_outline
from .services import service_registrations

__all__ = [
    "RAZOR_SUFFIXES",
    "data_model",
    "endpoints",
    "is_razor",
    "razor_outline",
    "razor_position",
    "service_registrations",
]
