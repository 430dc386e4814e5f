"""The Textual app (`coach-tui` with no subcommand): the only package that imports textual.

`coach_tui.ui.app.run_app(ctx)` opens it. Screens live in `screens/` (one per dialog), widgets
in `widgets/` (each styled in `app.tcss`); the conversation engine, Garmin sync and memory are
called from thread workers, never on the UI thread's critical path.
"""
