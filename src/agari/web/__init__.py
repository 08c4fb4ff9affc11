"""The local web page (``agari serve``): a hand in, its picture and its value out.

``params`` reads a request's hand and rules (no web framework needed, the CLI uses it too),
``page`` writes the HTML, ``app`` is the Starlette application (the optional ``web`` extra:
``pip install '.[web]'`` in a checkout). Nothing here is imported by ``import agari``.
"""
