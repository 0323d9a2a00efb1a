"""Answers from syntax alone on a first start: while MSBuild evaluates the solution and there is no
on-disk index yet, the restricted mode's view (project files read as XML, each project's ``.cs`` files
parsed, the SDK's reference pack as the only metadata: nothing of the solution runs) answers symbol
search, go to definition by name and file outlines, labelled as such.

Declarations need no more than that, so these answers are the live solution's, but for what only
MSBuild knows: files a project adds or removes by item globs of its own, generated code (but for the
global usings, read from the project files: ``implicit_usings``), types from packages (their names are
not resolved), and conditional compilation symbols other than the defaults.
The label says so. The view is let go as soon as the index or the live solution may answer.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from ..errors import EngineError
from ..host.interop import Operation
from ..host.runtime import RuntimeInfo, ensure_runtime, preload_workspace_assemblies
from ..native import helpers_for_speed
from .declared import declaration
from .restricted import open_restricted, reference_pack
from .snapshot import Snapshot
from .solution_file import SolutionTarget
from .source_texts import SourceTexts

SYNTAX_NOTE = (
    " (from syntax alone: MSBuild is still loading the solution, so packages and generated code are not seen yet)"
)
_ANSWER_TIMEOUT = 30.0

log = logging.getLogger("roslyn_tui.engine.syntax_view")


class SyntaxView:
    """The syntax-only view of one solution, built on its own thread once ``start`` is called."""

    def __init__(self, target: SolutionTarget) -> None:
        self._target = target
        self._ready = threading.Event()
        self._lock = threading.Lock()
        self._snapshot: Snapshot | None = None
        self._retired = False
        self._expected = False
        self._started = False
        self._answered = threading.Event()

    def expect(self) -> None:
        """The load will ``start`` the view: until it is ready (or the load is done), queries wait for it."""
        self._expected = True

    def start(self) -> None:
        with self._lock:
            if self._started or self._retired:
                return
            self._started = self._expected = True
        threading.Thread(target=self._build, name="roslyn-tui-syntax-view", daemon=True).start()

    def _build(self) -> None:
        try:
            began = time.monotonic()
            # The directory the MSBuild load starts the runtime from, so both agree on the SDK. The view
            # may start before the load does (``SolutionSession.answer_from_syntax_soon``): it loads the
            # workspace's assemblies first, as the load would (see there).
            runtime = ensure_runtime(self._target.directory)
            preload_workspace_assemblies()
            self._warm_compiler(runtime)
            solution, _, _ = open_restricted(self._target, runtime, workspaces_host())
            with self._lock:
                if not self._retired:
                    self._snapshot = Snapshot(solution, self._target.directory, 1, self._target.path)
                    self._snapshot.source_texts = SourceTexts()
            log.info("syntax view of %s ready in %.2f s", self._target.path.name, time.monotonic() - began)
        except Exception:  # an optimisation: the live solution answers anyway
            log.debug("the syntax view could not be built", exc_info=True)
        finally:
            self._ready.set()

    def _warm_compiler(self, runtime: RuntimeInfo) -> None:
        """Start the compiler's first run on a small program of the C# helpers' (``DeclarationTable.Warm``),
        beside the view's making, with the reference pack the view's projects use."""
        native = helpers_for_speed()
        if native is None:
            return
        from Microsoft.CodeAnalysis import MetadataReference  # type: ignore[import-not-found]
        from System import Array  # type: ignore[import-not-found]
        from System.Threading import CancellationToken  # type: ignore[import-not-found]

        references = Array[MetadataReference](list(reference_pack(runtime)))
        native.DeclarationTable.Warm(references, getattr(CancellationToken, "None"))  # nobody waits for it

    def answer(
        self, query: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], loaded: threading.Event
    ) -> Any | None:
        """``query``'s answer from syntax, labelled; ``None`` when only the live solution can answer (or the
        load finished first)."""
        declared = declaration(query)
        if not declared.syntax or not self._expected:
            return None
        if any(getattr(value, "by_position", False) for value in (*args, *kwargs.values())):
            return None  # a symbol named by its position needs the compiler's binding
        while not self._ready.wait(0.05):
            if loaded.is_set():
                return None
        with self._lock:
            snapshot = self._snapshot
        if snapshot is None:
            return None
        try:
            answer = query(snapshot, Operation(declared.name.replace("_", " "), _ANSWER_TIMEOUT), *args, **kwargs)
        except EngineError:
            return None  # not found from syntax (a generated or package symbol): the live solution decides
        except Exception:  # a service the view's lighter host lacks, say: the live solution answers anyway
            log.warning("the syntax view could not answer %s", declared.name, exc_info=True)
            return None
        finally:
            self._answered.set()
        return labelled(answer)

    def wait_first_answer(self, timeout: float) -> None:
        """Block until the view has answered once (or was let go), at most ``timeout`` seconds."""
        self._answered.wait(timeout)

    def retire(self) -> None:
        """Let the view go (a parsed copy of every file): it will never answer again."""
        with self._lock:
            self._retired = True
            self._snapshot = None
        self._answered.set()


_host: Any = None
_host_lock = threading.Lock()


def workspaces_host() -> Any:
    """MEF host services of the workspace layer alone (Workspaces and CSharp.Workspaces), once per process.

    The view answers from declarations and syntax, which need no service of the Features assemblies;
    composing without them takes 0.18 s instead of 0.55 s (Roslyn's default host), on the core the
    MSBuild load is composing that default host on at the same moment."""
    global _host
    with _host_lock:
        if _host is None:
            from Microsoft.CodeAnalysis.Host.Mef import MefHostServices  # type: ignore[import-not-found]
            from System.Collections.Generic import List  # type: ignore[import-not-found]
            from System.Reflection import Assembly, AssemblyName  # type: ignore[import-not-found]

            assemblies = List[Assembly]()
            for name in ("Microsoft.CodeAnalysis.Workspaces", "Microsoft.CodeAnalysis.CSharp.Workspaces"):
                assemblies.Add(Assembly.Load(AssemblyName(name)))
            _host = MefHostServices.Create(assemblies)
        return _host


def labelled(answer: Any) -> Any:
    """``answer`` with the note that it came from syntax alone (in its title or its note)."""
    if hasattr(answer, "note"):
        return dataclasses.replace(answer, note=answer.note + SYNTAX_NOTE)
    return dataclasses.replace(answer, title=answer.title + SYNTAX_NOTE)
