"""``roslyn-tui [PATH] [--theme NAME]``: browse a C# solution in the terminal."""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import tempfile
from pathlib import Path

from engine import PROJECT_SUFFIXES, SOLUTION_SUFFIXES, cache_dir, exit_now, finish_sessions
from themes import THEMES

SAMPLE = Path(__file__).parent / "sample" / "Sample.slnx"
"""The sample as shipped in the package; it is opened from a copy (see ``sample_copy``)."""


def choose_path(given: str | None) -> tuple[Path, bool]:
    """The path to open, and whether it is the bundled sample (no PATH and nothing in the current directory)."""
    if given:
        return Path(given), False
    here = Path.cwd()
    if any(p.suffix.lower() in SOLUTION_SUFFIXES + PROJECT_SUFFIXES for p in here.iterdir()):
        return here, False
    return sample_copy(), True


def sample_copy() -> Path:
    """The sample solution copied into the user cache (once per content): opening it restores and builds,
    which must never write into the installed package's directory."""
    files = sorted(p for p in SAMPLE.parent.rglob("*") if p.is_file() and not {"bin", "obj"} & set(p.parts))
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(SAMPLE.parent)).encode() + b"\0" + path.read_bytes() + b"\0")
    home = cache_dir("sample") / digest.hexdigest()[:16]
    if not home.exists():
        staging = Path(tempfile.mkdtemp(dir=home.parent, prefix=".copy-"))
        for path in files:
            target = staging / path.relative_to(SAMPLE.parent)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        try:
            os.replace(staging, home)
        except OSError:  # another process put the same copy in place first
            shutil.rmtree(staging, ignore_errors=True)
    return home / SAMPLE.name


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="roslyn-tui", description="Browse a C# solution with the compiler's own answers."
    )
    parser.add_argument(
        "path", nargs="?", help="a .sln, .slnx, .csproj or a directory (default: the current one, else a sample)"
    )
    parser.add_argument(
        "more", nargs="*", help="more solutions to show beside it, each in the tree under its own node (a monorepo's)"
    )
    parser.add_argument("--theme", choices=[t.name for t in THEMES], help="colour theme (remembered)")
    parser.add_argument(
        "--restricted",
        action="store_true",
        help="open without running anything from the solution (no MSBuild, analyzers or generators) unless you"
        " trusted it before; trust it from the command palette",
    )
    parser.add_argument(
        "--projects",
        help="only the projects matching these globs (comma-separated names or paths, e.g. 'Shop.Core,src/Api*'); "
        "the rest are left out (else ROSLYN_PROJECTS)",
    )
    parser.add_argument(
        "--no-shared-engine",
        action="store_true",
        help="do not watch the solution's shared engine (an assistant's requests and writes; else "
        "ROSLYN_SHARED_ENGINE=0)",
    )
    arguments = parser.parse_args(argv)
    if arguments.no_shared_engine:
        os.environ["ROSLYN_SHARED_ENGINE"] = "0"
    if arguments.projects is not None:
        os.environ["ROSLYN_PROJECTS"] = arguments.projects
    path, sample = choose_path(arguments.path)
    from .app import RoslynTui

    RoslynTui(
        path, theme=arguments.theme, sample=sample, restricted=arguments.restricted, more=tuple(arguments.more)
    ).run()
    # The terminal is restored; finish the index the next start answers from (1.2 s at most), end
    # restore/build children and leave without unloading the runtime.
    try:
        finish_sessions()
    finally:
        exit_now(0)


if __name__ == "__main__":
    main()
