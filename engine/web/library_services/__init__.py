"""The services a library's registration method adds (``AddDbContextFactory``, ``AddRazorComponents``,
``AddIdentity``...), read from the library's own code: its source or decompiled C#, as go to definition
shows it (``engine.external.library``). Nothing of the library runs.

The method's body is walked as the container would meet it (``walk``): each ``Add*``/``TryAdd*`` call and
each ``ServiceDescriptor`` given to ``Add``, ``TryAdd``, ``TryAddEnumerable`` or ``Replace`` is a service,
with the lifetime the code passes (``evaluation``: a parameter's value, its default, an ``if`` or ``?:`` on
it decided where the values are known); calls into further methods that take the collection or a builder
of it (``IMvcBuilder``, ``OptionsBuilder<T>``) are followed in turn, their type parameters bound to the
app's types (``library_code``). What only the running code decides (a type made by reflection, a
condition on the environment) is left as read: an undecided condition is kept and said.
"""

from .library_code import shown
from .values import Added
from .walk import LibraryServices

__all__ = ["Added", "LibraryServices", "shown"]
