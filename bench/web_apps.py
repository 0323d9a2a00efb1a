"""A real web app's services and endpoints held to the running app's: its container (the collection its
builder holds when the host is built, less what an empty app's holds) and its ``EndpointDataSource``
(the app started on a loopback port), printed by ``tests/fixtures/WebServices`` referencing the app;
and the engine's ``service_registrations``, ``endpoints`` and ``data_model`` on the same copy, timed.

The app's folder is copied out of the repository's HEAD into a scratch directory (never into this
project); ``--property`` goes into that copy's ``Directory.Build.props`` and ``--drop-package`` removes a
package the feed lacks (a design-time tool) in its ``Directory.Build.targets``.

    python bench/web_apps.py REPOSITORY FOLDER --app APP.csproj [--solution X.slnx] [--endpoints]
        [--property WarningsNotAsErrors=NU1603] [--drop-package NAME] [--out bench/results/web_apps-NAME.json]
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PRINTER = ROOT / "tests" / "fixtures" / "WebServices"


def extract(repository: Path, folder: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", f"--git-dir={repository}", "archive", "--format=tar", "HEAD", folder], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / folder


def prepare(app_root: Path, properties: list[str], dropped: list[str]) -> None:
    values = "".join(f"<{k}>{v}</{k}>" for k, v in (p.split("=", 1) for p in properties))
    (app_root / "Directory.Build.props").write_text(f"<Project><PropertyGroup>{values}</PropertyGroup></Project>\n")
    removed = "".join(f'<PackageReference Remove="{name}" />' for name in dropped)
    (app_root / "Directory.Build.targets").write_text(f"<Project><ItemGroup>{removed}</ItemGroup></Project>\n")


def printer(scratch: Path, app: Path) -> Path:
    folder = scratch / "RoslynTuiTruth"  # beside the app's folder, not in it (its globs would take it)
    folder.mkdir()
    shutil.copy(PRINTER / "Program.cs", folder / "Program.cs")
    project = (PRINTER / "WebServices.csproj").read_text()
    project = project.replace("../Web/Web.Server/Web.Server.csproj", str(app))
    (folder / "RoslynTuiTruth.csproj").write_text(project)
    return folder


def printed(folder: Path, *args: str) -> object:
    run = subprocess.run(
        ["dotnet", "run", "--project", str(folder), "--", *args], capture_output=True, text=True, timeout=900
    )
    if run.returncode != 0:
        return {"error": (run.stdout + run.stderr)[-3000:]}
    return json.loads(run.stdout.strip().splitlines()[-1])


def shape(service: str, implementation: str, lifetime: str, key: str) -> tuple[str, str, str, str]:
    return service, implementation, lifetime, key


def services_against(container: dict, ours: object) -> dict:
    """What the container adds that the answer lacks, and what the answer lists that the container lacks."""
    app = Counter(shape(d["service"], d["implementation"], d["lifetime"], d["key"]) for d in container["app"])
    defaults = Counter(shape(d["service"], d["implementation"], d["lifetime"], d["key"]) for d in container["defaults"])
    added = app - defaults
    instances = {(d["service"], d["lifetime"], d["key"]) for d in container["app"] if d["how"] == "instance"}
    present = {d["service"] for d in container["app"]}
    items = list(ours.items)  # type: ignore[attr-defined]
    listed = {shape(i.service, i.implementation, i.lifetime, i.key) for i in items}
    listed_instances = {(i.service, i.lifetime, i.key) for i in items if i.implementation == "instance"}

    def held(i: object) -> bool:
        s = shape(i.service, i.implementation, i.lifetime, i.key)  # type: ignore[attr-defined]
        if i.implementation == "instance":  # type: ignore[attr-defined]
            return (i.service, i.lifetime, i.key) in instances  # type: ignore[attr-defined]
        if i.how.startswith("TryAdd"):  # type: ignore[attr-defined]
            return s in app or i.service in present  # type: ignore[attr-defined]
        return s in added

    missing = [s for s in added if s not in listed and (s[0], s[2], s[3]) not in listed_instances]
    wrong = [
        f"{i.lifetime} {i.service} -> {i.implementation} ({i.how}, by {i.added_by or 'the app'})"
        for i in items
        if not i.condition and not held(i)
    ]
    own = [f"{i.lifetime} {i.service} -> {i.implementation} ({i.how})" for i in items if not i.added_by]
    return {
        "container_adds": sum(added.values()),
        "listed": len(items),
        "from_the_apps_code": own,
        "missing": [" ".join(s) for s in missing],
        "wrong": wrong,
    }


def endpoints_against(served: list[dict], ours: object) -> dict:
    def route(text: str) -> str:
        text = text if text.startswith(("/", "{")) else "/" + text
        return text.rstrip("/") or "/"

    files = [e for e in served if not e["name"] and not e["route"].startswith("/")]
    named = Counter((",".join(e["methods"]) or "ANY", route(e["route"])) for e in served if e not in files)
    items = [i for i in ours.items if i.kind != "static assets" and i.count == 1]  # type: ignore[attr-defined]
    listed = Counter((",".join(sorted(i.methods)), route(i.route)) for i in items)
    counted = sum(i.count for i in ours.items if i.kind == "static assets" or i.count > 1)  # type: ignore[attr-defined]
    return {
        "data_source": len(served),
        "listed_rows": len(ours.items),  # type: ignore[attr-defined]
        "missing": [f"{m} {r}" for (m, r) in (named - listed)],
        "extra": [f"{m} {r}" for (m, r) in (listed - named)],
        "files": len(files),
        "files_listed": counted,
    }


def timed(session: object, query: object) -> tuple[object, float, float]:
    start = time.perf_counter()
    answer = session.run(query)  # type: ignore[attr-defined]
    first = time.perf_counter() - start
    start = time.perf_counter()
    session.run(query)  # type: ignore[attr-defined]
    return answer, round(first * 1000, 1), round((time.perf_counter() - start) * 1000, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repository", type=Path)
    parser.add_argument("folder")
    parser.add_argument("--app", required=True, help="the app's project, relative to FOLDER")
    parser.add_argument("--solution", help="what the engine opens, relative to FOLDER (default: the app)")
    parser.add_argument("--endpoints", action="store_true", help="also start the app for its endpoint data source")
    parser.add_argument("--property", action="append", default=[])
    parser.add_argument("--drop-package", action="append", default=[])
    parser.add_argument("--out", type=Path)
    options = parser.parse_args()

    from engine import load_solution
    from engine.web import data_model, endpoints, service_registrations

    with tempfile.TemporaryDirectory(prefix="web-app-") as scratch:
        root = extract(options.repository, options.folder, Path(scratch))
        prepare(Path(scratch), options.property, options.drop_package)  # above the app and the printer
        app = root / options.app
        truth = printer(Path(scratch), app)
        container = printed(truth, app.stem)
        served = printed(truth, app.stem, "endpoints") if options.endpoints else None
        session = load_solution(root / (options.solution or options.app), watch=False)
        try:
            session.wait_warm()
            services, services_first, services_warm = timed(session, service_registrations)
            routes, routes_first, routes_warm = timed(session, endpoints)
            model, model_first, model_warm = timed(session, data_model)
        finally:
            session.close()
        result = {
            "repository": str(options.repository),
            "folder": options.folder,
            "times_ms": {
                "service_registrations": [services_first, services_warm],
                "endpoints": [routes_first, routes_warm],
                "data_model": [model_first, model_warm],
            },
            "services": services_against(container, services) if "app" in container else container,
            "endpoints": endpoints_against(served, routes) if isinstance(served, list) else served,
            "endpoints_text": routes.render(),  # type: ignore[attr-defined]
            "data_model_text": model.render(),  # type: ignore[attr-defined]
        }
    text = json.dumps(result, indent=2)
    if options.out:
        options.out.write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
