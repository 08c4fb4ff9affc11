"""Many hands at once: fixture files and JSON Lines in, one result record per input record out.

Takes files or streams of notation lines, SPEC §2 records and TOML fixture cases; gives SPEC §3
records in input order, expectation checks (``--check``) and a summary, on a pool of worker
processes. Scores through :mod:`agari.api`.
"""
