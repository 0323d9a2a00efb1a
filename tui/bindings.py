"""Every key binding of the app, each with an id so users can remap it (``App.set_keymap``).

The help screen is generated from these bindings: the key, and the tooltip as the long description.
"""

from dataclasses import replace

from textual.binding import Binding

APP_BINDINGS = [
    Binding(
        "ctrl+t",
        "search_symbols",
        "Search",
        id="search_symbols",
        tooltip="search symbols as you type (camel humps, wildcards); enter opens the hit",
    ),
    Binding(
        "f12",
        "go_to_definition",
        "Definition",
        id="go_to_definition",
        tooltip="go to the definition of the symbol under the cursor, or open the selected item",
    ),
    Binding(
        "shift+f12",
        "find_references",
        "References",
        id="find_references",
        tooltip="references of the symbol under the cursor, with their kind and line",
    ),
    Binding(
        "ctrl+f12",
        "find_implementations",
        "Implementations",
        id="find_implementations",
        tooltip="implementations of an interface, abstract or virtual member; derived classes",
    ),
    Binding(
        "f6",
        "type_hierarchy",
        "Type hierarchy",
        id="type_hierarchy",
        tooltip="type hierarchy: bases, interfaces, derived types (expand a node for more)",
    ),
    Binding(
        "f7",
        "call_hierarchy",
        "Call hierarchy",
        id="call_hierarchy",
        tooltip="call hierarchy: callers and callees (expand a node for more)",
    ),
    # ctrl+. reaches the app only in terminals that report modified keys (kitty, WezTerm, xterm with
    # modifyOtherKeys); f4 reaches it in every terminal, tmux included (alt+enter arrives as enter there).
    Binding(
        "ctrl+full_stop,f4",
        "code_actions",
        "Actions",
        id="code_actions",
        key_display="ctrl+./f4",
        tooltip="code fixes and refactorings at the cursor, the selection or the chosen diagnostic; "
        "choose one to see its diff, then apply it",
    ),
    Binding(
        "f2",
        "rename",
        "Rename",
        id="rename",
        tooltip="rename the symbol at the cursor everywhere: a name prompt, then the diff and any conflict",
    ),
    Binding(
        "ctrl+r",
        "repl",
        "C# REPL",
        id="repl",
        tooltip="the C# REPL: run code with the solution's own types; enter runs a complete submission",
    ),
    Binding("f8", "next_diagnostic", "Next diagnostic", id="next_diagnostic", tooltip="next diagnostic, errors first"),
    Binding(
        "f9",
        "find_tests",
        "Tests",
        id="find_tests",
        tooltip="the tests that reach the symbol at the cursor (through calls, interfaces and overrides)",
    ),
    Binding(
        "f5",
        "run_tests",
        "Run tests",
        id="run_tests",
        tooltip="run the tests listed in the Tests panel (else those reaching the cursor's symbol); "
        "results as they arrive, enter on a failure opens where it failed",
    ),
    Binding(
        "shift+f5",
        "stop_run",
        "Stop",
        id="stop_run",
        tooltip="stop the test run: its processes end, and the Tests panel shows where each thread was",
    ),
    Binding(
        "ctrl+b",
        "build",
        "Build",
        id="build",
        tooltip="build the solution with dotnet build; its errors and warnings fill the Diagnostics panel",
    ),
    Binding(
        "ctrl+k",
        "stack_trace",
        "Stack trace",
        id="stack_trace",
        tooltip="paste a .NET stack trace: each frame opens at its source line",
    ),
    Binding(
        "ctrl+u",
        "health",
        "Health",
        id="health",
        tooltip="code health: symbols nothing uses, the most complex members, the dependency graph with its cycles",
    ),
    Binding(
        "ctrl+e",
        "app_map",
        "App",
        id="app_map",
        tooltip="a web app's map: its routes, its services and who uses them, its EF Core data model",
    ),
    Binding(
        "ctrl+l",
        "changes",
        "Changes",
        id="changes",
        tooltip="the change since HEAD by symbols: public API breaks first, each symbol before and after, the tests it reaches",
    ),
    Binding(
        "ctrl+o",
        "go_to_file",
        "Files",
        id="go_to_file",
        tooltip="open a file by any fragment of its path (fuzzy), the recently opened first",
    ),
    Binding("ctrl+g", "go_to_line", "Go to line", id="go_to_line", tooltip="go to a line (or line:column)"),
    Binding("ctrl+f", "find_in_file", "Find", id="find_in_file", tooltip="find text in the file shown"),
    Binding("f3", "find_next", "Find next", id="find_next", show=False, tooltip="the next match"),
    Binding("shift+f3", "find_previous", "Find previous", id="find_previous", show=False, tooltip="the previous match"),
    Binding(
        "f10",
        "toggle_maximize",
        "Maximise",
        id="toggle_maximize",
        tooltip="give the whole screen to the source view (or to the panels, when one has the focus); again: back",
    ),
    Binding(
        "ctrl+w",
        "close_file",
        "Close file",
        id="close_file",
        show=False,
        tooltip="close the file shown: the welcome comes back (the solution, recent files, first keys)",
    ),
    Binding(
        "alt+l",
        "toggle_code_lens",
        "Code lens",
        id="toggle_code_lens",
        show=False,
        tooltip="show or hide the code lenses (references, implementations, tests) after declarations; remembered",
    ),
    Binding(
        "alt+i",
        "toggle_inlay_hints",
        "Inlay hints",
        id="toggle_inlay_hints",
        show=False,
        tooltip="show or hide the inlay hints (parameter names, inferred types); remembered",
    ),
    Binding(
        "f",
        "toggle_follow",
        "Follow",
        id="toggle_follow",
        show=False,
        tooltip="follow the assistant working on this solution (Activity tab): the source view opens what each "
        "of its requests is about, the Info tab shows the answer",
    ),
    Binding(
        "alt+a",
        "toggle_approval",
        "Approve writes",
        id="toggle_approval",
        show=False,
        tooltip="approve the assistant's writes here: its edits wait for ctrl+y (write) or ctrl+n (reject, with a "
        "reason it receives); ROSLYN_APPROVE_WRITES=1 starts with it on",
    ),
    Binding("alt+comma", "tree_narrower", "Narrower tree", id="tree_narrower", show=False, tooltip="narrower tree"),
    Binding("alt+full_stop", "tree_wider", "Wider tree", id="tree_wider", show=False, tooltip="wider tree"),
    Binding("alt+minus", "panels_shorter", "Lower panels", id="panels_shorter", show=False, tooltip="lower panels"),
    Binding(
        "alt+equals_sign", "panels_taller", "Higher panels", id="panels_taller", show=False, tooltip="higher panels"
    ),
    Binding(
        "alt+left",
        "history_back",
        "Back",
        id="back",
        tooltip="back to the exact place you left (where the cursor was when you pressed f12 or opened a file)",
    ),
    Binding("alt+right", "history_forward", "Forward", id="forward", tooltip="forward again"),
    Binding("f1,question_mark", "help", "Help", id="help", key_display="?", tooltip="this help"),
    Binding("ctrl+q", "quit", "Quit", id="quit", priority=True, tooltip="quit"),
]
"""``ctrl+p`` (the command palette) is Textual's own binding; ``enter`` in the source view is bound
there (it would type a newline elsewhere)."""

FOOTER = {
    "search_symbols",
    "go_to_file",
    "go_to_definition",
    "find_references",
    "code_actions",
    "rename",
    "find_tests",
    "help",
    "quit",
}
"""The keys the footer shows: what fits on a 100-column terminal; the help screen (``?``) lists every one."""
APP_BINDINGS = [replace(binding, show=binding.id in FOOTER) for binding in APP_BINDINGS]

SOURCE_BINDINGS = [
    Binding(
        "enter",
        "app.go_to_definition",
        "Definition",
        id="source_go_to_definition",
        show=False,
        tooltip="in the source view: go to the definition of the symbol under the cursor",
    ),
    # TextArea takes f6 and f7 for selections; in a read-only source view the hierarchies matter more.
    Binding("f6", "app.type_hierarchy", "Type hierarchy", id="source_type_hierarchy", show=False),
    Binding("f7", "app.call_hierarchy", "Call hierarchy", id="source_call_hierarchy", show=False),
    Binding(
        "K",
        "app.quick_info",
        "Quick info",
        id="source_quick_info",
        show=False,
        tooltip="in the source view: the symbol under the cursor's signature and docs in a popup (as in Vim)",
    ),
    Binding(
        "L",
        "app.code_lens",
        "Code lens",
        id="source_code_lens",
        show=False,
        tooltip="in the source view: open the code lens of the declaration on the cursor's line (references, "
        "implementations, tests); enter after the line's end and a click on the lens do too",
    ),
    # TextArea takes ctrl+w to delete a word, which a read-only view never does.
    Binding("ctrl+w", "app.close_file", "Close file", id="source_close_file", show=False),
    # TextArea takes ctrl+k to delete to the line's end, which a read-only view never does.
    Binding("ctrl+k", "app.stack_trace", "Stack trace", id="source_stack_trace", show=False),
    # TextArea takes ctrl+u (delete to the line's start: never in a read-only view) and ctrl+e (to the
    # line's end: end does that here); the app's keys work from every focus.
    Binding("ctrl+u", "app.health", "Code health", id="source_health", show=False),
    Binding("ctrl+e", "app.app_map", "App", id="source_app_map", show=False),
]

OTHER_KEYS = [
    ("ctrl+p", "command palette: every action, the themes, and symbols by name"),
    ("tab / shift+tab", "move between the filter, the tree, the source and the panels"),
    ("enter / click", "in a panel or a tree: open the selected item in the source view"),
    (
        "home / end",
        "in the source view: the line's start and end (the editor's ctrl+a, ctrl+e; ctrl+e, ctrl+u, ctrl+k and ctrl+w are the app's keys there)",
    ),
]
"""Keys that come from Textual's own widgets rather than from the bindings above."""

REPL_BINDINGS = [
    Binding("escape", "app.pop_screen", "Back", id="repl_back", tooltip="back to the solution"),
    Binding("f5", "run", "Run", id="repl_run", tooltip="run the input even when it looks unfinished"),
    # Over the input's own f6 (select the line; shift with the arrows does that too).
    Binding(
        "f6",
        "profile",
        "Profile",
        id="repl_profile",
        tooltip="run the input under the CPU profiler: its flame graph, each member opening its source",
        priority=True,
    ),
    Binding(
        "shift+f5",
        "stop",
        "Stop",
        id="repl_stop",
        tooltip="stop the code running now (its context ends), before its time limit would",
    ),
    Binding("ctrl+n", "new_context", "New context", id="repl_new_context", tooltip="start another context"),
    Binding("ctrl+l", "reset", "Reset", id="repl_reset", tooltip="end this context: its variables go"),
    Binding(
        "ctrl+o",
        "toggle_solution",
        "Solution refs",
        id="repl_solution",
        tooltip="reference the solution's projects (on by default for a trusted solution)",
    ),
    Binding("ctrl+a", "allow", "Allow code", id="repl_allow", tooltip="allow the REPL to run code until you quit"),
    # Over the input's own ctrl+e (end of line; the End key does that too).
    Binding(
        "ctrl+e",
        "export_app",
        "Export app",
        id="repl_export",
        tooltip="write this context as a file-based app",
        priority=True,
    ),
]
"""The REPL screen's keys; up and down in the input walk its history."""

KEY_NAMES = {"question_mark": "?", "full_stop": ".", "comma": ",", "minus": "-", "equals_sign": "="}


def key_text(keys: str) -> str:
    """A binding's keys as people type them: ``f1,question_mark`` -> ``f1 / ?``."""
    return " / ".join("+".join(KEY_NAMES.get(part, part) for part in key.split("+")) for key in keys.split(","))


def key_help() -> list[tuple[str, str]]:
    """Every key and what it does, generated from the bindings (the help screen's rows)."""
    rows = [(key_text(b.key), b.tooltip or b.description) for b in APP_BINDINGS]
    rows.insert(2, (key_text(SOURCE_BINDINGS[0].key), SOURCE_BINDINGS[0].tooltip))
    rows[-2:-2] = OTHER_KEYS
    return rows
