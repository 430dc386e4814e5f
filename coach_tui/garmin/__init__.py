"""Getting the user's steps in. Nothing here is imported until a command or the app needs it.

    tokens.py     where Garmin tokens live, has_tokens, saving them 0600
    login.py      credential sign-in and the MFA step
    sync.py       the windowed step sync into daily_steps
    errors.py     GarminError: every failure as one line the user can act on
    client.py     the only module that imports garminconnect (inside its functions)
    importers.py  CSV files and Garmin account exports
    records.py    the rules for a usable day, shared by sync and the importers
"""
