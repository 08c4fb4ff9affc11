"""One complete hand into its value: every reading, the yaku, the fu, the dora, the best reading.

Takes a checked :class:`~agari.hand.Hand` and :class:`~agari.rules.Rules`; gives a
:class:`~agari.result.Result`. Modules, in the order a hand goes through them: ``decompose``
(every reading of the tiles and the wait of each), ``features`` (the facts of a hand and of a
reading that yaku and fu both read), ``yaku`` (the yaku table), ``fu``, ``dora``, and
``scoring`` (value every reading, settle the best through :mod:`agari.settle`).
"""
