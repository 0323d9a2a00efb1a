"""Reading the solution's git repository: which files differ between two revisions, their contents at a
revision, and the commits that touched some lines.

Only git's reading commands run, with everything a repository's own configuration could make run switched
off: no external diff driver or text conversion, no file system monitor, no pager, no optional lock (so a
``git diff`` against the working tree never rewrites the index). Paths are limited to the solution
directory, so nothing outside it is read.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..errors import InvalidArgument

_SAFE = (
    "-c", "core.fsmonitor=false",
    "-c", "core.hooksPath=/dev/null",
    "-c", "diff.external=",
    "-c", "core.pager=cat",
    "-c", "color.ui=false",
)  # fmt: skip
_TIMEOUT = 60.0


@dataclass(frozen=True)
class FileChange:
    """One file that differs between two sides: ``A`` added, ``D`` deleted, ``M`` modified (paths absolute)."""

    status: str
    path: str


class Repository:
    """The git repository holding ``directory`` (the solution's), read-only."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        top = self._run("rev-parse", "--show-toplevel", check=False)
        if top.returncode != 0:
            raise InvalidArgument(
                f"{directory} is not inside a git repository.",
                "Reviewing a change compares git revisions: open a solution that git tracks.",
            )
        self.top = Path(top.stdout.strip())

    def _git(self, args: list[str], request: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            ["git", *_SAFE, *args],
            cwd=self.directory,
            input=request,
            capture_output=True,
            env=_environment(),
            timeout=_TIMEOUT,
            check=False,
        )

    def _run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        done = self._git(list(args))
        finished = subprocess.CompletedProcess(
            done.args, done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
        )
        if check and finished.returncode != 0:
            raise InvalidArgument(
                f"git {args[0]} failed: {finished.stderr.strip()[:300]}", "Check the revisions named."
            )
        return finished

    def commit(self, revision: str) -> str:
        """The commit a revision names (``HEAD``, a branch, a tag, ``main...`` for the merge base of ``main``
        and ``HEAD``), as a full hash."""
        if not revision or revision.startswith("-") or any(c.isspace() or c == "\0" for c in revision):
            raise InvalidArgument(f"'{revision}' is not a git revision.", "Give a branch, tag, commit or main... .")
        if revision.endswith("..."):
            other = revision[:-3]
            found = self._run("merge-base", self.commit(other), "HEAD", check=False)
            if found.returncode != 0:
                raise InvalidArgument(f"{other} and HEAD have no common ancestor.", "Give another base revision.")
            return found.stdout.strip()
        found = self._run("rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}", check=False)
        if found.returncode != 0:
            shallow = self._run("rev-parse", "--is-shallow-repository", check=False).stdout.strip() == "true"
            raise InvalidArgument(
                f"git knows no revision '{revision}'.",
                "This is a shallow clone: its history stops early (git fetch --unshallow brings the rest)."
                if shallow
                else "Give a branch, a tag, a commit, HEAD~1 or main... .",
            )
        return found.stdout.strip()

    def changed_files(self, base: str, head: str | None) -> list[FileChange]:
        """The files under the solution directory that differ from commit ``base`` to commit ``head``, or to
        the working tree (staged, unstaged and untracked files) when ``head`` is None."""
        sides = [base] if head is None else [base, head]
        listed = self._run(
            "diff", "--no-ext-diff", "--no-textconv", "--no-renames", "--name-status", "-z", *sides, "--", "."
        )
        fields = listed.stdout.split("\0")
        changes = [
            FileChange(status[0], str(self.top / path))
            for status, path in zip(fields[::2], fields[1::2], strict=False)
            if path
        ]
        if head is None:
            untracked = self._run("ls-files", "--others", "--exclude-standard", "-z", "--", ".").stdout.split("\0")
            changes += [FileChange("A", str(self.directory / path)) for path in untracked if path]
        return sorted(changes, key=lambda change: change.path)

    def contents(self, commit: str, paths: list[str]) -> dict[str, bytes | None]:
        """Each path's bytes at ``commit`` (None where the commit has no such file), read by one ``git cat-file``."""
        if not paths:
            return {}
        names = [Path(path).relative_to(self.top).as_posix() for path in paths]
        request = "".join(f"{commit}:{name}\n" for name in names).encode()
        output = self._git(["cat-file", "--batch"], request).stdout
        found: dict[str, bytes | None] = {}
        position = 0
        for path in paths:
            end = output.index(b"\n", position)
            header = output[position:end].split()
            position = end + 1
            if len(header) == 3 and header[1] == b"blob":
                size = int(header[2])
                found[path] = output[position : position + size]
                position += size + 1
            else:
                found[path] = None  # "missing": the file is not in that commit
        return found

    def line_history(self, path: str, first: int, last: int, most: int) -> list[tuple[str, str, str, str]]:
        """The commits that changed lines ``first``-``last`` of ``path`` as it is in the working tree, newest
        first (``git log -L``): (hash, author, ISO date, subject)."""
        name = Path(path).relative_to(self.directory).as_posix()  # -L takes a path from the working directory
        listed = self._run(
            "log", "--no-ext-diff", "--no-textconv", "-s", f"-L{first},{last}:{name}", f"--max-count={most}",
            "--format=%x00%H%x1f%an%x1f%aI%x1f%s",
        )  # fmt: skip
        commits = []
        for record in listed.stdout.split("\0")[1:]:
            head = record.split("\n", 1)[0].split("\x1f")
            if len(head) == 4:
                commits.append((head[0], head[1], head[2], head[3]))
        return commits

    def short(self, commit: str) -> str:
        return self._run("rev-parse", "--short", commit).stdout.strip()


def _environment() -> dict[str, str]:
    """This process's environment without git's own variables (a ``GIT_DIR`` must not redirect the reading),
    no prompt, no optional lock, no system configuration."""
    kept = {key: value for key, value in os.environ.items() if not key.startswith("GIT_") and key != "PAGER"}
    return kept | {"GIT_OPTIONAL_LOCKS": "0", "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}
