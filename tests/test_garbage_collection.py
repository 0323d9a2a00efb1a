"""Python's cyclic collection once .NET is in the process (engine.host.collector): finalizers run on the
collector's thread, so one that lets go of the GIL cannot hang two threads making Python types for
.NET types (without the collector thread the script below hung every time, in ``__del__`` on one
thread and the type lookup on the other)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from engine.host.collector import due

TYPES_AMID_GARBAGE = textwrap.dedent(
    """
    import gc, importlib, threading, time
    from engine.host.runtime import ensure_runtime

    ensure_runtime()
    gc.set_threshold(20, 2, 2)  # collect often, as a busy engine does
    from System import AppDomain

    finalized_on = set()

    class Litter:
        def __init__(self):
            self.me = self  # a cycle: only the collector frees it

        def __del__(self):
            finalized_on.add(threading.current_thread().name)
            time.sleep(0)  # lets go of the GIL, as freeing a socket or an SQLite statement does

    names = sorted(
        {
            (str(t.Namespace), str(t.Name))
            for assembly in AppDomain.CurrentDomain.GetAssemblies()
            if not assembly.IsDynamic
            for t in assembly.GetExportedTypes()
            if t.Namespace and not t.IsGenericTypeDefinition and not t.IsNested
        }
    )

    def make(part):
        for namespace, name in part:
            Litter()
            try:
                getattr(importlib.import_module(namespace), name)  # pythonnet makes the Python type
            except Exception:
                pass

    threads = [threading.Thread(target=make, args=(names[i::2],), name=f"maker-{i}") for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    time.sleep(0.5)
    print(len(names), gc.isenabled(), sorted(finalized_on))
    """
)


def test_finalizers_run_on_the_collector_thread_while_threads_make_types():
    done = subprocess.run(
        [sys.executable, "-c", TYPES_AMID_GARBAGE], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    count, enabled, threads = done.stdout.strip().split(" ", 2)
    assert int(count) > 1000  # enough types that both threads make many while garbage is freed
    assert enabled == "False"
    assert threads == "['roslyn-tui-gc']"


def test_the_collector_picks_the_generation_cpython_would():
    thresholds = (700, 10, 10)
    assert due((100, 0, 0), thresholds) is None
    assert due((701, 0, 0), thresholds) == 0
    assert due((701, 11, 0), thresholds) == 1
    assert due((701, 11, 11), thresholds) == 2
    assert due((5000, 0, 0), (0, 10, 10)) is None  # a threshold of 0 turns collection off
