"""The app's actions by concern, each a mixin of ``RoslynTui`` (``tui/app.py`` keeps the layout, the
navigation and the panels): loading, editing, tests and builds, going to files/lines/text, and layout."""
