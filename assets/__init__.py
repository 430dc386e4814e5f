"""The files coach-tui ships, installed as the package `coach_tui.assets`.

They live at the top of the repository (the design card's layout) and pyproject.toml maps
this folder to `coach_tui.assets`, so code reads them with
`importlib.resources.files("coach_tui.assets")` in a wheel install, an editable install and
a source checkout alike. This file makes the folder a regular package because setuptools'
editable finder resolves a package mapped to another folder only by its `__init__.py`.

- persona.md: the built-in coach (coach/persona.py; a user's own persona.md replaces it)
- demo/: the demo data set, steps.toml, journal.toml and review.md (demo.py)
- screenshots/: the README's pictures
"""
