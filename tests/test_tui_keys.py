"""Random key sequences over every screen never crash the app (a seeded fuzz: the same keys each run)."""

from __future__ import annotations

import random

import pytest

from tui.app import RoslynTui

from .conftest import copy_fixture

KEYS = [
    *[
        "ctrl+p",
        "ctrl+t",
        "ctrl+full_stop",
        "f4",
        "f2",
        "f6",
        "f7",
        "f8",
        "f12",
        "shift+f12",
        "ctrl+f12",
        "question_mark",
        "ctrl+o",
        "ctrl+g",
        "ctrl+f",
        "f3",
        "shift+f3",
        "f9",
        "f10",
        "ctrl+k",
        "alt+comma",
        "alt+full_stop",
        "alt+minus",
        "alt+equals_sign",
    ],
    *["escape", "escape", "enter", "enter", "tab", "shift+tab", "up", "down", "left", "right"],
    *["pagedown", "pageup", "home", "end", "alt+left", "alt+right", "backspace", "space"],
    *"CustomerBalance",
]
"""Everything but ctrl+q (quit ends the run early), f5 and ctrl+b (a test run and a build take a minute
each: tests/test_tui_testing.py drives them); ctrl+s applies edits, so the app runs on a copy."""


pytestmark = pytest.mark.usefixtures("private_config")


async def test_page_keys_in_the_command_palette(tmp_path):
    """Once a KeyError: ctrl+p, then PageDown before and after the palette fills."""
    app = RoslynTui(copy_fixture("Shop", tmp_path) / "Shop.sln")
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("ctrl+p", "pagedown")  # while the solution still loads
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("pagedown", "pagedown", "pageup", "end", "home", "pagedown", *"zzz", "pagedown", "escape")
        await pilot.pause()
        assert app.is_running


async def test_random_keys_never_crash_the_app(tmp_path):
    app = RoslynTui(copy_fixture("Shop", tmp_path) / "Shop.sln")
    async with app.run_test(size=(120, 36)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        # Three sequences in one session (one load): each starts where the last left the app.
        for seed in (1, 2, 3):
            for key in random.Random(seed).choices([*KEYS, "ctrl+s"], k=80):
                await pilot.press(key)
                await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.is_running, f"seed {seed} stopped the app"
    # run_test re-raises any exception the app hit; reaching here means it never crashed.
    assert app.return_code in (None, 0)


def test_every_app_key_reaches_the_app_from_the_source_view():
    """The source view is a TextArea, whose own keys (ctrl+e to the line's end, ctrl+u to delete to its
    start) would win over the app's while it has focus: each app key it takes is bound again there to the
    app's action."""
    from textual.widgets import TextArea

    from tui.bindings import APP_BINDINGS, SOURCE_BINDINGS

    def keys(bindings):
        return {key.strip(): binding.action for binding in bindings for key in binding.key.split(",")}

    text_area, source = keys(TextArea.BINDINGS), keys(SOURCE_BINDINGS)
    taken = [
        f"{key}: {action} (TextArea: {text_area[key]})"
        for key, action in keys(APP_BINDINGS).items()
        if key in text_area and source.get(key) != f"app.{action}"
    ]
    assert taken == []
