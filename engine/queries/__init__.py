"""Every question the engine answers.

Contract, the same for every query:

- A query is a function ``query(snapshot, operation, ...) -> View``. Front ends call it through
  ``session.run(query, ..., timeout=...)``, which supplies the current snapshot and an
  ``Operation`` (deadline + cancellation token; wait on Roslyn tasks with ``operation.wait(task)``).
- A symbol argument is a ``SymbolRef`` (``engine.naming``): a name, a documentation ID, or a
  file position; resolve it with ``naming.resolve``.
- The result is a frozen dataclass from ``engine.views``: plain Python values, 1-based positions,
  absolute paths, and a ``render()`` giving the plain text both front ends show.
"""
