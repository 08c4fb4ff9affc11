"""The message catalogs of agari's human output (issue 31), kept in step with the code.

    python scripts/catalogs.py update   # after marking or changing messages: the template
                                        # and every language's .po gain the new messages
                                        # (untranslated), lose the gone ones; .mo compiled
    python scripts/catalogs.py compile  # after translating: each .po compiled to its .mo
    python scripts/catalogs.py check    # what the test checks; exit 1 naming each fault

Messages are the strings marked ``_("...")`` and ``ngettext("...", "...", n)`` in
``src/agari`` (:mod:`agari.lang`), extracted with Babel, the ordinary Python tooling for
gettext catalogs (``pip install babel``; in the ``dev`` and ``test`` extras). The ``.po``
files are the source; the ``.mo`` files beside them are what agari reads at run time
(the standard library's gettext), committed so that agari itself needs no Babel.
"""

from __future__ import annotations

import gettext
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "agari"
LOCALES = PACKAGE / "lang" / "locales"
DOMAIN = "agari"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
#: The translated languages (English is the code's own).
LANGUAGES = ("ja", "zh", "ko")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    """Every marked message of the package, with the files it stands in."""
    template = Catalog(project="agari", domain=DOMAIN, fuzzy=False)
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        template.add(
            message,
            locations=[(f"agari/{filename}", lineno)],
            auto_comments=comments,
            context=context,
            flags=("python-brace-format",) if _braced(message) else (),
        )
    return template


def _braced(message: str | tuple[str, ...]) -> bool:
    texts = (message,) if isinstance(message, str) else message
    return any("{" in text for text in texts)


def _write_po(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, sort_output=False)
    path.write_bytes(buffer.getvalue())


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def update() -> None:
    template = extract()
    _write_po(template, TEMPLATE)
    for language in LANGUAGES:
        path = po_path(language)
        if path.exists():
            catalog = _read(path, language)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project="agari", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        _write_po(catalog, path)
    compile_all()


def compile_all() -> None:
    for language in LANGUAGES:
        catalog = _read(po_path(language), language)
        with po_path(language).with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)


def _ids(catalog: Catalog) -> set[tuple[str, str | tuple[str, ...]]]:
    """Each message's context (``""`` for none) and id."""
    return {(m.context or "", m.id) for m in catalog if m.id}


def _shown(key: tuple[str, str | tuple[str, ...]]) -> str:
    context, message = key
    text = message if isinstance(message, str) else message[0]
    return f"{text} (context {context})" if context else text


def faults() -> list[str]:
    """What is out of step: a message of the code missing from a catalog or left in one
    after the code dropped it, a message untranslated or fuzzy, a placeholder a
    translation lost or invented, a ``.mo`` that is not its ``.po`` compiled."""
    found: list[str] = []
    wanted = _ids(extract())
    for language in LANGUAGES:
        path = po_path(language)
        if not path.exists():
            found.append(f"{language}: no catalog {path.relative_to(ROOT)}")
            continue
        catalog = _read(path, language)
        have = _ids(catalog)
        for missing in sorted(map(_shown, wanted - have)):
            found.append(f"{language}: not in the catalog: {missing}")
        for stale in sorted(map(_shown, have - wanted)):
            found.append(f"{language}: no longer in the code: {stale}")
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if message.fuzzy or not all(strings):
                found.append(f"{language}: untranslated: {message.id}")
        for message, errors in catalog.check():
            for error in errors:
                found.append(f"{language}: {message.id}: {error}")
        found.extend(_placeholder_faults(language, catalog))
        found.extend(_mo_faults(language, catalog))
    return found


def _placeholders(text: str) -> set[str]:
    import string

    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _placeholder_faults(language: str, catalog: Catalog) -> list[str]:
    found = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        want = set().union(*map(_placeholders, ids))
        for text in strings:
            try:
                got = _placeholders(text)
            except ValueError as error:
                found.append(f"{language}: {ids[0]}: a bad placeholder: {error}")
                continue
            if got - want:
                found.append(f"{language}: {ids[0]}: placeholders not in English: {got - want}")
            if len(ids) == 1 and want - got:
                found.append(f"{language}: {ids[0]}: placeholders lost: {want - got}")
    return found


def _mo_faults(language: str, catalog: Catalog) -> list[str]:
    mo = po_path(language).with_suffix(".mo")
    if not mo.exists():
        return [f"{language}: no compiled catalog {mo.relative_to(ROOT)}"]
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    found = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.id, tuple):
            got = tuple(compiled.ngettext(message.id[0], message.id[1], n) for n in (1, 2))
            want = message.string if isinstance(message.string, tuple) else (message.string,)
            if got[0] != want[0]:
                found.append(f"{language}: the .mo is stale: {message.id[0]}")
        elif message.context:
            if compiled.pgettext(message.context, message.id) != message.string:
                found.append(f"{language}: the .mo is stale: {message.id}")
        elif compiled.gettext(message.id) != message.string:
            found.append(f"{language}: the .mo is stale: {message.id}")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        problems = faults()
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
