"""The REPL screen's stop, as a person meets it: ``roslyn-tui SOLUTION`` in tmux (on the solution's shared
engine, the default), ``ctrl+r``, code that never ends typed and entered, ``shift+f5`` once the REPL's
worker has spent ``--cpu`` seconds running it, then a second submission in the same context. Measured
from the screen (``tmux capture-pane``): the seconds from the process's start to the REPL's welcome, from
enter to the loop running, and from the key to the line saying the evaluation was cancelled; held to the
worker's own CPU time (``/proc``): it stops rising once the stop is answered.

    python bench/tui_repl_stop.py SOLUTION [--code C#] [--cpu 3] [--out bench/results/tui-repl-stop-NAME.json]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

SESSION = "rtui-repl-stop"
CANCELLED = "The evaluation was cancelled; its context ended."


def tmux(*arguments: str) -> str:
    return subprocess.run(["tmux", *arguments], capture_output=True, text=True, check=True).stdout


def screen() -> str:
    return tmux("capture-pane", "-p", "-J", "-t", SESSION)


def type_text(text: str) -> None:
    """``text`` as keys; each ``;`` sent as its byte (tmux reads an argument's last ``;`` as a separator)."""
    for number, part in enumerate(text.split(";")):
        if number:
            tmux("send-keys", "-t", SESSION, "-H", "3b")
        if part:
            tmux("send-keys", "-t", SESSION, "-l", part)


def until(condition: Callable[[], bool], what: str, timeout: float) -> float:
    """Seconds until ``condition()``; a ``TimeoutError`` naming ``what`` after ``timeout``."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            try:
                shown = screen()
            except subprocess.CalledProcessError:
                shown = "(the app has quit)"
            raise TimeoutError(f"no {what} in {timeout:.0f} s; the screen:\n{shown}")
        time.sleep(0.05)
    return time.monotonic() - started


def main() -> None:
    from checkout import write_result

    from tests.processes import cpu_seconds, running

    parser = argparse.ArgumentParser()
    parser.add_argument("solution", type=Path)
    parser.add_argument("--code", default="while (true) { }", help="C# that never ends")
    parser.add_argument("--cpu", type=float, default=3.0, help="the worker's CPU seconds before the stop")
    parser.add_argument("--out", type=Path)
    arguments = parser.parse_args()

    subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
    command = f"{ROOT / '.venv/bin/roslyn-tui'} {arguments.solution.resolve()}"
    before = cpu_seconds("ReplWorker.dll")
    started = time.monotonic()
    engines = tempfile.mkdtemp(prefix="rtui-engines-")  # a cold engine of its own, gone soon after the quit
    environment = [
        "-e",
        "TERM=xterm-256color",
        "-e",
        f"ROSLYN_ENGINE_DIR={engines}",
        "-e",
        "ROSLYN_ENGINE_IDLE_SECONDS=5",
    ]
    tmux("new-session", "-d", "-s", SESSION, "-x", "160", "-y", "45", *environment, command)
    result: dict[str, object] = {"solution": str(arguments.solution), "code": arguments.code}
    try:
        until(lambda: "loaded in" in screen(), "loaded solution", 600)
        result["loaded_seconds_from_start"] = round(time.monotonic() - started, 1)
        tmux("send-keys", "-t", SESSION, "C-r")
        until(lambda: "C# REPL:" in screen(), "REPL welcome", 120)
        result["repl_welcome_seconds_from_start"] = round(time.monotonic() - started, 1)
        type_text(arguments.code)
        tmux("send-keys", "-t", SESSION, "Enter")

        def looping() -> bool:
            if "error CS" in screen():
                raise SystemExit(f"the code does not compile:\n{screen()}")
            return cpu_seconds("ReplWorker.dll") - before >= arguments.cpu

        result["enter_to_loop_seconds"] = round(until(looping, "loop", 600), 1)
        tmux("send-keys", "-t", SESSION, "S-F5")
        result["stop_to_screen_seconds"] = round(until(lambda: CANCELLED in screen(), "cancelled line", 60), 2)
        spent = cpu_seconds("ReplWorker.dll")
        time.sleep(2)
        result["worker_cpu_after_the_stop_seconds"] = round(cpu_seconds("ReplWorker.dll") - spent, 2)
        type_text("6 * 7")
        tmux("send-keys", "-t", SESSION, "Enter")
        result["next_submission_seconds"] = round(until(lambda: "= 42  (int)" in screen(), "next answer", 120), 1)
        said = [line.strip("│ ") for line in screen().splitlines()]
        result["repl_log"] = [line for line in said if line and not set(line) <= set("─╭╮╰╯")][-12:]
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
    engine = ("engine_host", str(arguments.solution.resolve()))
    result["engine_and_workers_gone_after_the_quit_seconds"] = round(
        until(lambda: not running(*engine) and not running("ReplWorker.dll"), "end of the engine", 120), 1
    )
    write_result(result, arguments.out)
    os._exit(0)


if __name__ == "__main__":
    main()
