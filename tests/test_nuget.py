"""NuGet search, versions and README over the V3 protocol, against a feed served on loopback and
named by a NuGet.Config, the way NuGet itself finds its sources."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import nuget
from engine.errors import InvalidArgument, NuGetUnavailable, PackageNotFound

from .nuget_feed import Feed, nuget_config


@pytest.fixture
def feed(tmp_path: Path):
    with Feed(search=True) as served:
        nuget_config(tmp_path, served.index)
        yield served, tmp_path


def test_search_finds_packages_on_the_configured_source(feed):
    served, directory = feed
    found = nuget.search_nuget("contoso", directory)
    assert found.total == 2
    assert [hit.package_id for hit in found.items] == ["Contoso.Gadgets", "Contoso.Widgets"]
    widgets = found.items[1]
    assert (widgets.version, widgets.verified, widgets.total_downloads) == ("1.10.0", True, 1234)
    assert "Contoso.Widgets 1.10.0 (verified)  1,234 downloads  Widgets for" in found.render()
    assert nuget.search_nuget("widgets", directory, take=1).total == 1
    assert any(r.startswith("/query?q=widgets") for r in served.requests)


def test_versions_are_newest_first_in_nuget_order(feed):
    _, directory = feed
    versions = nuget.nuget_versions("contoso.widgets", directory)
    assert versions.items == ("2.0.0-beta.1", "1.10.0", "1.2.0", "1.0.0")
    assert (versions.latest_stable, versions.latest_prerelease) == ("1.10.0", "2.0.0-beta.1")


def test_readme_comes_from_inside_the_package(feed):
    _, directory = feed
    readme = nuget.nuget_readme("Contoso.Widgets", directory)
    assert (readme.package_id, readme.version, readme.license) == ("Contoso.Widgets", "1.10.0", "MIT")
    assert "Make a widget" in readme.readme
    older = nuget.nuget_readme("Contoso.Widgets", directory, "1.0.0")
    assert older.version == "1.0.0"
    bare = nuget.nuget_readme("Contoso.Gadgets", directory)
    assert bare.readme == "" and "has no README" in bare.render()


def test_unknown_packages_and_versions_are_named(feed):
    _, directory = feed
    with pytest.raises(PackageNotFound, match=r"Contoso\.Nothing"):
        nuget.nuget_versions("Contoso.Nothing", directory)
    with pytest.raises(PackageNotFound, match=r"9\.9\.9"):
        nuget.nuget_readme("Contoso.Widgets", directory, "9.9.9")
    with pytest.raises(InvalidArgument, match="not a NuGet package id"):
        nuget.nuget_versions("../etc/passwd", directory)
    with pytest.raises(InvalidArgument, match="not a NuGet version"):
        nuget.nuget_readme("Contoso.Widgets", directory, "latest!")


def test_a_source_without_search_gets_a_clear_error_naming_it(tmp_path):
    with Feed(search=False) as served:
        nuget_config(tmp_path, served.index)
        with pytest.raises(NuGetUnavailable) as raised:
            nuget.search_nuget("contoso", tmp_path)
        assert served.index in str(raised.value) and "no search service" in str(raised.value)
        assert "nuget_versions" in raised.value.hint
        # Versions and README need no search service.
        assert nuget.nuget_versions("Contoso.Gadgets", tmp_path).items == ("0.9.0",)


def test_an_unreachable_source_is_named(tmp_path):
    nuget_config(tmp_path, "http://127.0.0.1:9/v3/index.json")
    with pytest.raises(NuGetUnavailable, match=r"127\.0\.0\.1:9"):
        nuget.nuget_versions("Contoso.Widgets", tmp_path)
