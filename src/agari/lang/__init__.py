"""The language of agari's human output (issue 31): English, Japanese, simplified Chinese
and Korean.

Two kinds of text are translated, each from one place:

- the names of the game's things -- yaku, limits, winds, waits, dora, draws, the words
  of play -- from the table in :mod:`agari.lang.terms`, each column with its source;
- the sentences and labels of the reports, the sheets, the page, ``--help`` and the error
  messages, marked in the code with :func:`_` (and :func:`ngettext`) and translated in the
  gettext catalogs ``agari/lang/locales/<lang>/LC_MESSAGES/agari.po`` (compiled to
  ``.mo`` beside them by ``scripts/catalogs.py``; a test keeps both and the code in step).

The language is the current context's (:func:`use`), English unless set: the commands
set it from ``--lang``, ``AGARI_LANG`` or the locale (:func:`choose`), the page from
``?lang=`` or the browser's ``Accept-Language`` (:func:`negotiate`). JSON output stays in
ids and English messages (SPEC §3, §5); it only gains a ``name`` where one is asked for.

>>> with use("ja"):
...     _("{han} han {fu} fu").format(han=3, fu=40), pgettext("stats column", "win")
('3飜40符', '和了率')
>>> _("{han} han {fu} fu").format(han=3, fu=40)
'3 han 40 fu'
>>> choose(None, {"LANG": "ko_KR.UTF-8"}), choose("zh-CN", {}), choose(None, {})
('ko', 'zh', 'en')
>>> negotiate("fr-CH, ja;q=0.8, en;q=0.5")
'ja'
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from typing import Final

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "_",
    "choose",
    "current",
    "json_names",
    "negotiate",
    "ngettext",
    "pgettext",
    "use",
]

#: The languages agari speaks, English first (the one the code is written in).
LANGUAGES: Final = ("en", "ja", "zh", "ko")
#: Each language's name in itself, for the page's language menu and ``--lang``'s help.
LANGUAGE_NAMES: Final = {"en": "English", "ja": "日本語", "zh": "简体中文", "ko": "한국어"}

DOMAIN: Final = "agari"
# A str, through os.path: pathlib (with urllib.parse and ipaddress) would add about 3 ms to
# the start-up of every command.
LOCALES: Final = os.path.join(os.path.dirname(__file__), "locales")

_current: contextvars.ContextVar[str] = contextvars.ContextVar("agari_language", default="en")
_json_names: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "agari_json_names", default=None
)


def current() -> str:
    """The current context's language code."""
    return _current.get()


@contextlib.contextmanager
def use(language: str, json_names: str | None = None) -> Iterator[None]:
    """Speak ``language`` (one of :data:`LANGUAGES`) within the ``with`` block, and name
    the yaku of JSON output in ``json_names`` (``None``: ids only)."""
    for code in (language, json_names or language):
        if code not in LANGUAGES:
            raise ValueError(f"no language {code!r}: one of {', '.join(LANGUAGES)}")
    token = _current.set(language)
    names = _json_names.set(json_names)
    try:
        yield
    finally:
        _json_names.reset(names)
        _current.reset(token)


def json_names() -> str | None:
    """The language JSON output names the yaku in (a ``name`` beside each ``id``), or
    ``None``: JSON stays in ids unless a language is asked for (``--json --lang ja``)."""
    return _json_names.get()


@functools.cache
def _catalog(language: str) -> _gettext.NullTranslations:
    if language == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALES, languages=[language])


def _(message: str) -> str:
    """``message`` in the current language (itself in English, or where untranslated)."""
    language = _current.get()
    if language == "en":
        return message
    return _catalog(language).gettext(message)


def N_(message: str) -> str:
    """``message`` itself: marks a message kept in a table for translation where it is
    shown (``_(row.text)``), which the catalogs' extraction cannot see."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message, as ``n`` asks in the current language."""
    language = _current.get()
    if language == "en":
        return singular if n == 1 else plural
    return _catalog(language).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as meant in ``context`` (the same English
    word may want two translations: ``riichi`` the declaration, ``riichi`` a column of
    rates)."""
    language = _current.get()
    if language == "en":
        return message
    return _catalog(language).pgettext(context, message)


def _code(text: str) -> str | None:
    """The language of a locale or language tag (``ja_JP.UTF-8``, ``zh-Hans-CN``, ``ko``),
    if agari speaks it."""
    head = text.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return head if head in LANGUAGES else None


def choose(given: str | None, environ: Mapping[str, str]) -> str:
    """The language a command speaks: ``--lang`` (``given``), else ``AGARI_LANG``, else
    the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them), else
    English. A ``given`` language agari does not speak is an error (:class:`ValueError`, said
    in the environment's language); one from the environment falls back to English
    (``LANGUAGE``, GNU gettext's list, first: the first it speaks)."""
    if given is not None:
        code = _code(given)
        if code is None:  # said in the environment's language, as no other is chosen yet
            with use(choose(None, environ)):
                message = _("--lang {language}: one of {languages}").format(
                    language=given, languages=", ".join(LANGUAGES)
                )
            raise ValueError(message)
        return code
    for name in ("AGARI_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if not value:
            continue
        if name == "LANGUAGE":  # GNU gettext's list of choices, best first: ja:en
            spoken = [code for part in value.split(":") if (code := _code(part))]
            if spoken:
                return spoken[0]
            continue
        return _code(value) or "en"
    return "en"


def negotiate(accept_language: str | None, default: str = "en") -> str:
    """The language for an HTTP ``Accept-Language`` header: the first, by weight, that
    agari speaks; ``default`` when none is."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _sep, params = part.partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = _code(tag)
        if code is not None and weight > 0:
            ranked.append((-weight, index, code))
    return min(ranked)[2] if ranked else default
