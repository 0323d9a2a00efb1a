"""Profiles stopped by the user, on a real repository: an app that never ends (``realworld/apps``, the
``-stuck`` variant runtime_real.py uses) and REPL code looping over the repository's code, each stopped
as shift+f5 or ``cancel_job`` stops it (``interop.cancel_thread`` on the waiting thread), after
``--after`` (``--repl-after``) seconds; the REPL code is also left to run into the REPL's time limit.
Each is held to: the stop answered within seconds, the profile said to be of the time until the stop,
every member of the repository it names a method at a line that names it, and for the app, the
repository's frames where its threads waited each at a line that names it.

    python bench/profile_stops.py MIRROR.git SOLUTION --app NAME [--repl CODE] [--after S] [--repl-after S]
        [--property NAME=VALUE] [--drop-nuget-config] [--drop FILE] [--out bench/results/profile-stops-NAME.json]

MIRROR may also be a directory (the generated solution): it is copied without its outputs.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from runtime_real import _at, _frames_named, _member, _named, checked_out_with_apps, repository_parser

    parser = repository_parser()
    parser.add_argument("--after", type=float, default=15.0, help="seconds from the app's call to the stop")
    parser.add_argument(
        "--repl-after", type=float, default=7.0, help="seconds to the REPL code's stop (within its 10 s limit)"
    )
    arguments = parser.parse_args()

    from checkout import write_result

    from engine import apps, load_solution, runtime
    from engine.host.interop import cancel_thread

    root = checked_out_with_apps(arguments, "profile-stops-", ("-stuck",))
    session = load_solution(root / arguments.solution, watch=False)
    result: dict[str, Any] = {"repository": str(arguments.mirror), "after": arguments.after}

    def stopped(name: str, after: float | None, ask: Callable[[], Any]) -> None:
        answered: dict[str, Any] = {}
        thread = threading.Thread(target=lambda: answered.update(_answer(ask)))
        thread.start()
        if after is not None:
            time.sleep(after)
            cancel_thread(thread.ident)
        stop = time.monotonic()
        thread.join(300)
        profile = answered.get("profile")
        result[name] = {
            "answered_after_the_stop_seconds": round(time.monotonic() - stop, 1) if after is not None else None,
            "error": answered.get("error", ""),
            "cpu_ms": profile.cpu_ms if profile else 0,
            "notes": list(profile.notes[:1]) if profile else [],
            "solution_members_by_inclusive": [_member(m, root) for m in profile.by_inclusive[:6]] if profile else [],
            "members_at_lines_naming_them": _named(profile.by_inclusive[:20]) if profile else "",
        }
        hang = profile.hang if profile else None
        if hang is not None:
            own = [f for t in hang.items for f in t.frames if not f.external and f.symbol is not None]
            result[name]["hang"] = {
                "threads": hang.total,
                "waiting": [
                    f"{t.thread}: {t.state} in {t.waits_in}" for t in hang.items if t.state.startswith("waiting")
                ],
                "repository_frames": [f"{f.symbol.display} {_at(f.location, root)}" for f in own],
                "frames_at_lines_naming_them": _frames_named(own),
            }

    stopped(
        "app",
        arguments.after,
        lambda: apps.profile_app(session, f"rtui-bench/drive-{arguments.app}-stuck.cs", seconds=600),
    )
    if arguments.repl:
        looping = f"while (true) {{ {arguments.repl}; }}"
        # The limit first: the REPL's first evaluation builds the solution, which a stop would end.
        stopped("repl_at_its_time_limit", None, lambda: runtime.profile_repl(looping, "limit", session))
        stopped("repl", arguments.repl_after, lambda: runtime.profile_repl(looping, "stops", session))
    session.close()
    write_result(result, arguments.out)


def _answer(ask: Callable[[], Any]) -> dict[str, Any]:
    try:
        return {"profile": ask()}
    except Exception as error:  # the bench reports what a user would see
        return {"error": f"{type(error).__name__}: {error}"}


if __name__ == "__main__":
    main()
