"""What a person reads: results as text (``text``).

Takes :class:`~agari.result.Result` values and settlements; gives strings. Nothing here
changes a value.
"""
