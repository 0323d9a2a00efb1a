"""A NuGet V3 feed served on loopback for the tests: a service index, search, the flat container
(versions and .nupkg files built here, README inside). This machine's package source has no search."""

from __future__ import annotations

import io
import json
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

PACKAGES = {
    "Contoso.Widgets": {
        "versions": ["1.0.0", "1.2.0", "2.0.0-beta.1", "1.10.0"],
        "latest": "1.10.0",
        "description": "Widgets for the Contoso line of business apps.",
        "readme": '# Contoso.Widgets\n\nMake a widget: `new Widget("name")`.\n',
        "downloads": 1234,
    },
    "Contoso.Gadgets": {
        "versions": ["0.9.0"],
        "latest": "0.9.0",
        "description": "Gadgets, without a README.",
        "readme": None,
        "downloads": 5,
    },
}


def nupkg(package_id: str, version: str) -> bytes:
    info = PACKAGES[package_id]
    readme = "<readme>docs/README.md</readme>" if info["readme"] else ""
    nuspec = (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<package xmlns="http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd"><metadata>'
        f"<id>{package_id}</id><version>{version}</version><authors>Contoso</authors>"
        f'<license type="expression">MIT</license><description>{info["description"]}</description>{readme}'
        "</metadata></package>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(f"{package_id}.nuspec", nuspec)
        if info["readme"]:
            archive.writestr("docs/README.md", info["readme"])
    return buffer.getvalue()


class Feed:
    """``with Feed(search=True) as feed:`` serves on 127.0.0.1; ``feed.index`` is the service index URL."""

    def __init__(self, search: bool = True) -> None:
        self.search = search
        self.requests: list[str] = []
        feed = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                feed.requests.append(self.path)
                status, body, kind = feed.answer(self.path)
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.index = f"{self.base}/v3/index.json"

    def __enter__(self) -> Feed:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def answer(self, path: str) -> tuple[int, bytes, str]:
        url = urlparse(path)
        if url.path == "/v3/index.json":
            resources = [{"@id": f"{self.base}/flat/", "@type": "PackageBaseAddress/3.0.0"}]
            if self.search:
                resources.append({"@id": f"{self.base}/query", "@type": "SearchQueryService/3.5.0"})
            return _json({"version": "3.0.0", "resources": resources})
        if url.path == "/query" and self.search:
            query = parse_qs(url.query)
            words = query.get("q", [""])[0].lower()
            skip, take = int(query.get("skip", ["0"])[0]), int(query.get("take", ["20"])[0])
            found = [
                name
                for name in sorted(PACKAGES)
                if words in name.lower() or words in PACKAGES[name]["description"].lower()
            ]
            data = [
                {
                    "id": name,
                    "version": PACKAGES[name]["latest"],
                    "description": PACKAGES[name]["description"],
                    "authors": ["Contoso"],
                    "totalDownloads": PACKAGES[name]["downloads"],
                    "verified": name == "Contoso.Widgets",
                }
                for name in found[skip : skip + take]
            ]
            return _json({"totalHits": len(found), "data": data})
        parts = url.path.strip("/").split("/")
        if parts[0] == "flat" and len(parts) >= 3:
            name = next((n for n in PACKAGES if n.lower() == parts[1]), None)
            if name is None:
                return 404, b"not found", "text/plain"
            if parts[2] == "index.json":
                return _json({"versions": [v.lower() for v in PACKAGES[name]["versions"]]})
            if len(parts) == 4 and parts[2] in PACKAGES[name]["versions"]:
                return 200, nupkg(name, parts[2]), "application/octet-stream"
        return 404, b"not found", "text/plain"


def _json(value: object) -> tuple[int, bytes, str]:
    return 200, json.dumps(value).encode(), "application/json"


def nuget_config(directory: Path, *sources: str) -> Path:
    """A NuGet.Config in ``directory`` naming only ``sources``."""
    entries = "".join(
        f'<add key="feed{i}" value="{url}" allowInsecureConnections="true" />' for i, url in enumerate(sources)
    )
    path = directory / "NuGet.Config"
    path.write_text(
        f'<?xml version="1.0" encoding="utf-8"?>\n<configuration><packageSources><clear />{entries}</packageSources></configuration>\n',
        encoding="utf-8",
    )
    return path
