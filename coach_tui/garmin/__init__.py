"""Getting the user's steps in: Garmin Connect sign-in and sync (sync.py, the only module that
imports garminconnect), file imports (importers.py) and the rules for a usable day shared by
both (records.py). Nothing here is imported until a command or the app needs it."""
