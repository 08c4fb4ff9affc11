"""The review of a game file on the page (``POST /part/review``; the game page's "review
the play" button): the same figures as ``agari review --html``, for the file the page was
given."""

from __future__ import annotations

from html import escape

from agari.game.files import GameFile
from agari.lang import _
from agari.play.summary import review_replay
from agari.render.review import review_body, review_section

__all__ = ["review_part"]


def review_part(done: GameFile) -> str:
    """The reviewed game as HTML for the page, or why there is nothing to review."""
    replay = done.replay
    if replay is None:
        why = done.error or _("a game sheet holds the results only, not the play to review")
        head = escape(_("review"))
        return f'<div class="error" id="game-error"><p><b>{head}</b>: {escape(why)}</p></div>'
    review = review_replay(replay, done.name)
    stopped = ""
    if done.error:
        said = _("stopped: {error} (the rounds before it are reviewed)").format(error=done.error)
        stopped = f'<p class="error">{escape(said)}</p>'
    return stopped + review_body([review_section(review)])
