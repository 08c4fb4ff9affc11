"""The ledger: a game's state as a value and a pure step from one round's outcome to the next.

:func:`step` takes a :class:`GameState`, an outcome (:mod:`agari.game.outcomes`) and the
rules and gives the next state and the round's :class:`RoundResult`, whose ``settlement``
holds every transfer of the round (seats as winds of the round, the table as ``None``,
riichi deposits to the table included). Nothing else is read or changed: the same state and
outcome always give the same next state.

RULES.md "Games" and "At the end of a hand without a winner", and the game switches of
:class:`~agari.rules.Rules`:

- the dealer keeps the deal (renchan) after a win of theirs (also one of several rons) or
  when ready at an exhaustive draw or nagashi; after an abortive draw and a chombo too;
- the counter goes up after a dealer win and any draw, returns to 0 when the deal passes
  after a win; a chombo leaves it as it is;
- riichi sticks (1000 by every seat that put one down) stay on the table until a win; the
  winner nearest the discarder takes them all;
- the game ends after the last round (``game_length``), at once on a score below 0
  (``bust``), or goes on into the next wind while nobody has ``goal_points`` (``west_round``,
  at most one extra wind); a last dealer who keeps the deal while on top with ``goal_points``
  ends it (``agari_yame``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal, cast

from agari.engine.scoring import score_hand
from agari.errors import HandError, SettleError
from agari.game.outcomes import (
    ABORT_REASONS,
    Abort,
    Chombo,
    Draw,
    GameError,
    Outcome,
    Win,
    Wins,
)
from agari.hand import SEAT_WINDS, Context, Hand, Source, Wind, replace_context
from agari.lang import N_, _, pgettext
from agari.lang.terms import TERMS, term
from agari.notation import read_hand
from agari.notation.validate import check_made_hand, check_under_rules
from agari.result import Result
from agari.rules import Rules
from agari.settle import settle_chombo, settle_draw, settle_rons, source_of
from agari.settle.win import STICK
from agari.settlement import Settlement, Transfer


@dataclass(frozen=True, slots=True)
class GameState:
    """Where a game stands before a round: every seat's score (seat 0 dealt first), the round
    (wind and number; the dealer is seat ``number - 1``), the counter, the riichi sticks on
    the table, the penalties to take at the end (chombo under ``chombo=20000``), and whether
    the game is over (``end_reason``: ``last round``, ``bust``, ``agari-yame``,
    ``extra round``)."""

    scores: tuple[int, ...]
    round_wind: str = "E"
    round_number: int = 1
    honba: int = 0
    sticks: int = 0
    penalties: tuple[int, ...] = ()
    finished: bool = False
    end_reason: str | None = None

    @classmethod
    def start(cls, rules: Rules) -> GameState:
        """Every seat at ``start_points``, East 1, no counters."""
        players = rules.players
        return cls(scores=(rules.start_points,) * players, penalties=(0,) * players)

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def dealer(self) -> int:
        return self.round_number - 1

    @property
    def label(self) -> str:
        """``E1``, ``S4``, ``W1`` …"""
        return f"{self.round_wind}{self.round_number}"

    def wind_of(self, seat: int) -> str:
        """The seat wind of ``seat`` this round."""
        return SEAT_WINDS[(seat - self.dealer) % self.players]

    def seat_of(self, wind: str) -> int:
        """The seat whose wind is ``wind`` this round."""
        return (self.dealer + SEAT_WINDS.index(wind)) % self.players

    def total(self) -> int:
        """The scores plus the sticks on the table: always the start total."""
        return sum(self.scores) + self.sticks * STICK


@dataclass(frozen=True, slots=True)
class ScoredWin:
    """One win of a round, scored: ``hand`` is the full notation with every word the game
    supplied, ``result`` its SPEC §3 result, ``settlement`` its transfers (winds)."""

    seat: int
    from_seat: int | None
    pao: int | None
    hand: str
    result: Result
    settlement: Settlement


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One round played: the state before and after, what happened (``result``: ``win``,
    ``draw``, ``nagashi``, ``abort`` with ``reason``, ``chombo``), the seats that put down a
    riichi stick, the wins, the ready seats, the round's settlement (winds of the round; riichi
    deposits are transfers to the table) and ``deltas``, every seat's change without the
    deposits (SPEC §7), by absolute seat."""

    before: GameState
    after: GameState
    outcome: Outcome
    result: str
    reason: str | None
    riichi: tuple[int, ...]
    wins: tuple[ScoredWin, ...]
    tenpai: tuple[int, ...]
    settlement: Settlement
    deltas: tuple[int, ...]
    notes: tuple[str, ...] = ()

    @property
    def changes(self) -> tuple[int, ...]:
        """Every seat's score change including its riichi deposit."""
        return tuple(a - b for a, b in zip(self.after.scores, self.before.scores, strict=True))


# --------------------------------------------------------------------------- the step


def step(state: GameState, outcome: Outcome, rules: Rules) -> tuple[GameState, RoundResult]:
    """Play one round: the next state and the round's result. :class:`GameError` when the
    outcome cannot happen (the game is over, a seat that does not play, a hand that does
    not win, words that disagree with the game)."""
    if state.finished:
        raise GameError(
            _("the game is over ({reason}); no more rounds").format(
                reason=term(state.end_reason or "?")
            )
        )
    n = state.players
    if rules.players != n:
        raise GameError(
            _("the game has {players} players but the rules say players={count}").format(
                players=n, count=rules.players
            )
        )
    if isinstance(outcome, Wins):
        return _step_wins(state, outcome, rules)
    if isinstance(outcome, Draw):
        return _step_draw(state, outcome, rules)
    if isinstance(outcome, Abort):
        return _step_abort(state, outcome, rules)
    if isinstance(outcome, Chombo):
        return _step_chombo(state, outcome, rules)
    raise GameError(f"not a round outcome: {outcome!r}")  # pragma: no cover


#: The roles :func:`_check_seats` names that are no words of play (:data:`TERMS`).
_ROLES: Final = {"winner": N_("winner"), "discarder": N_("discarder")}


def _check_seats(state: GameState, seats: frozenset[int] | tuple[int, ...], what: str) -> None:
    for seat in seats:
        if not 0 <= seat < state.players:
            role = _(_ROLES[what]) if what in _ROLES else term(what) if what in TERMS else what
            raise GameError(
                _("{role}: seat {seat} does not play ({players} players)").format(
                    role=role, seat=seat, players=state.players
                )
            )


def _deposits(state: GameState, riichi: frozenset[int]) -> list[Transfer]:
    _check_seats(state, riichi, "riichi")
    return [Transfer(state.wind_of(s), None, STICK, "riichi") for s in sorted(riichi)]


def _check_wins(state: GameState, wins: tuple[Win, ...]) -> None:
    """One tsumo, or rons on one discard by different seats that play."""
    if not wins:
        raise GameError(_("a win needs a winner"))
    for win in wins:
        _check_seats(state, (win.seat,), "winner")
        if win.from_seat is not None:
            _check_seats(state, (win.from_seat,), "discarder")
            if win.from_seat == win.seat:
                raise GameError(_("a winner cannot have discarded the winning tile"))
    if len({w.seat for w in wins}) != len(wins):
        raise GameError(_("the same seat wins twice in one round"))
    if len(wins) > 1:
        if any(w.tsumo for w in wins):
            raise GameError(_("several winners only on one discard (ron), never with a tsumo"))
        if len({w.from_seat for w in wins}) != 1:
            raise GameError(_("several winners must win on the same discard"))


def _step_wins(state: GameState, outcome: Wins, rules: Rules) -> tuple[GameState, RoundResult]:
    wins = outcome.wins
    _check_wins(state, wins)
    parsed = {w.seat: _hand(w) for w in wins}
    # riichi: the listed seats and every winner whose hand is in riichi (also a winner the
    # head bump leaves out: the stick was down before the discard)
    riichi = frozenset(outcome.riichi) | {
        w.seat for w in wins if parsed[w.seat][0].context.in_riichi
    }
    transfers = _deposits(state, riichi)
    sticks = state.sticks + len(riichi)
    scored: list[ScoredWin] = []
    notes: tuple[str, ...] = ()
    discarder = wins[0].from_seat
    if discarder is None:  # a tsumo: one winner, who takes every counter
        win = wins[0]
        scored.append(_score_win(state, win, parsed[win.seat], state.honba, sticks, rules))
        transfers.extend(scored[0].settlement.transfers)
    else:
        # who is paid and with which counters: the rule of several rons (settle.rons)
        by_wind = {state.wind_of(w.seat): w for w in wins}

        def settle_one(wind: str, honba: int, win_sticks: int) -> Settlement:
            win = by_wind[wind]
            scored.append(_score_win(state, win, parsed[win.seat], honba, win_sticks, rules))
            return scored[-1].settlement

        rons = settle_rons(
            state.wind_of(discarder), list(by_wind), state.honba, sticks, rules, settle_one
        )
        if rons.aborted:
            next_state, result = _step_abort(state, Abort("sanchahou", riichi), rules)
            notes = (_("three rons on one discard: an abortive draw (triple_ron=abort)"),)
            return next_state, replace(result, outcome=outcome, notes=notes)
        if rons.bumped:
            bumped = _(", ").join(
                _("seat {seat}").format(seat=by_wind[w].seat) for w in rons.bumped
            )
            notes = (
                _(
                    "head bump (multiple_ron=head_bump): only the winner nearest the discarder "
                    "wins; {seats} not paid"
                ).format(seats=bumped),
            )
        transfers.extend(rons.settlement.transfers)
    return _won(state, outcome, scored, transfers, riichi, notes, rules)


def _won(
    state: GameState,
    outcome: Wins,
    scored: list[ScoredWin],
    transfers: list[Transfer],
    riichi: frozenset[int],
    notes: tuple[str, ...],
    rules: Rules,
) -> tuple[GameState, RoundResult]:
    """The round after its wins are scored and settled: the deal stays with a dealer who
    won, the counter goes up then (else back to 0), the sticks were taken."""
    dealer_won = any(w.seat == state.dealer for w in scored)
    settlement = Settlement(
        "win", _winds(state), tuple(transfers), tuple(n for s in scored for n in s.settlement.notes)
    )
    next_state = _advance(
        state,
        _apply(state, settlement),
        renchan=dealer_won,
        honba=state.honba + 1 if dealer_won else 0,
        sticks=0,
        rules=rules,
        dealer_won=dealer_won,
    )
    result = RoundResult(
        before=state,
        after=next_state,
        outcome=outcome,
        result="win",
        reason=None,
        riichi=tuple(sorted(riichi)),
        wins=tuple(scored),
        tenpai=(),
        settlement=settlement,
        deltas=_deltas(state, settlement),
        notes=notes,
    )
    return next_state, result


def _step_draw(state: GameState, outcome: Draw, rules: Rules) -> tuple[GameState, RoundResult]:
    _check_seats(state, outcome.tenpai, "tenpai")
    transfers = _deposits(state, outcome.riichi)
    sticks = state.sticks + len(outcome.riichi)
    nagashi = None
    if outcome.nagashi is not None:
        _check_seats(state, (outcome.nagashi,), "nagashi")
        nagashi = state.wind_of(outcome.nagashi)
    try:
        draw = settle_draw(
            {state.wind_of(s) for s in outcome.tenpai}, nagashi, state.honba, sticks, rules
        )
    except SettleError as error:
        raise GameError(str(error)) from None
    transfers.extend(draw.settlement.transfers)
    kind: Literal["nagashi", "draw"] = "nagashi" if nagashi else "draw"
    settlement = Settlement(kind, _winds(state), tuple(transfers), draw.notes)
    return _no_winner(
        state,
        outcome,
        settlement,
        kind,
        riichi=outcome.riichi,
        tenpai=outcome.tenpai,
        renchan=state.dealer in outcome.tenpai,
        sticks=sticks,
        rules=rules,
    )


def _step_abort(state: GameState, outcome: Abort, rules: Rules) -> tuple[GameState, RoundResult]:
    if outcome.reason not in ABORT_REASONS:
        raise GameError(
            _("unknown abortive draw {reason}; one of {reasons}").format(
                reason=repr(outcome.reason), reasons=", ".join(ABORT_REASONS)
            )
        )
    riichi = outcome.riichi
    notes: list[str] = []
    if outcome.reason == "suucha_riichi" and len(riichi) < state.players:
        riichi = frozenset(range(state.players))
        notes.append(_("four riichi: every seat put down a stick"))
    transfers = _deposits(state, riichi)
    sticks = state.sticks + len(riichi)
    note = _("abort: {reason}").format(reason=term(outcome.reason))
    settlement = Settlement("draw", _winds(state), tuple(transfers), (note,))
    return _no_winner(
        state,
        outcome,
        settlement,
        "abort",
        riichi=riichi,
        tenpai=frozenset(),
        renchan=True,
        sticks=sticks,
        rules=rules,
        reason=outcome.reason,
        notes=tuple(notes),
    )


def _no_winner(
    state: GameState,
    outcome: Outcome,
    settlement: Settlement,
    result: Literal["draw", "nagashi", "abort"],
    *,
    riichi: frozenset[int],
    tenpai: frozenset[int],
    renchan: bool,
    sticks: int,
    rules: Rules,
    reason: str | None = None,
    notes: tuple[str, ...] = (),
) -> tuple[GameState, RoundResult]:
    """A round without a winner: the counter goes up, the sticks stay on the table and the
    deal stays with a dealer who was ready (RULES.md "Games")."""
    next_state = _advance(
        state,
        _apply(state, settlement),
        renchan=renchan,
        honba=state.honba + 1,
        sticks=sticks,
        rules=rules,
        dealer_ready=result != "abort" and state.dealer in tenpai,
    )
    return next_state, RoundResult(
        before=state,
        after=next_state,
        outcome=outcome,
        result=result,
        reason=reason,
        riichi=tuple(sorted(riichi)),
        wins=(),
        tenpai=tuple(sorted(tenpai)),
        settlement=settlement,
        deltas=_deltas(state, settlement),
        notes=notes,
    )


def _step_chombo(state: GameState, outcome: Chombo, rules: Rules) -> tuple[GameState, RoundResult]:
    _check_seats(state, (outcome.seat,), "chombo")
    wind = state.wind_of(outcome.seat)
    chombo = settle_chombo(wind, rules)
    settlement = chombo.settlement
    penalties = list(state.penalties or (0,) * state.players)
    penalties[outcome.seat] += chombo.penalty
    moved = replace(state, penalties=tuple(penalties))
    scores = _apply(state, settlement)
    finished, reason = _bust(scores, rules)
    next_state = replace(moved, scores=scores, finished=finished, end_reason=reason)
    return next_state, RoundResult(
        before=state,
        after=next_state,
        outcome=outcome,
        result="chombo",
        reason=None,
        riichi=(),
        wins=(),
        tenpai=(),
        settlement=settlement,
        deltas=_deltas(state, settlement),
    )


# --------------------------------------------------------------------------- wins


def _hand(win: Win) -> tuple[Hand, frozenset[str]]:
    """The win's hand and the context words its writer stated."""
    if isinstance(win.hand, Hand):
        return win.hand, win.stated
    try:
        return read_hand(win.hand)
    except HandError as error:
        raise GameError(
            _("hand {hand}: {problem}").format(hand=repr(win.hand), problem=error.message)
        ) from None


#: The context words the game supplies, by key: a hand that states one must agree.
_GAME_WORDS: Final = {
    "seat_wind": "seat",
    "round_wind": "round",
    "honba": "honba",
    "sticks": "sticks",
}


def _score_win(
    state: GameState,
    win: Win,
    stated_hand: tuple[Hand, frozenset[str]],
    honba: int,
    sticks: int,
    rules: Rules,
) -> ScoredWin:
    """Score one win with the words the game knows, and check those the hand states."""
    hand, stated = stated_hand
    seat_wind = cast(Wind, state.wind_of(win.seat))
    context = hand.context
    game: dict[str, object] = {
        "seat_wind": seat_wind,
        "round_wind": state.round_wind,
        "honba": honba,
        "sticks": sticks,
    }
    # a frozenset, as typed (``stated & game.keys()`` is a set at run time)
    for key in stated.intersection(game):
        have, want = getattr(context, key), game[key]
        if have != want:
            word = _GAME_WORDS[key]
            raise GameError(
                _(
                    "the hand says {word}={have} but the game has {word}={want} here "
                    "(leave {word}= out: the game supplies it)"
                ).format(word=word, have=have, want=want)
            )
    if context.rules and context.rules.lower() != rules.name:
        raise GameError(
            _("the hand says rules={stated} but the game plays {rules}").format(
                stated=context.rules, rules=rules.name
            )
        )
    win_from = _win_from(state, win, context, seat_wind, rules)
    pao = None if win.pao is None else cast(Wind, state.wind_of(win.pao))
    full = replace(
        hand,
        context=replace_context(
            context,
            seat_wind=seat_wind,
            round_wind=cast(Wind, state.round_wind),
            honba=honba,
            sticks=sticks,
            tsumo=win_from is None,
            win_from=win_from,
            pao=pao if pao is not None else context.pao,
            rules=None,
        ),
    )
    result = _scored(full, rules)
    settlement = result.settlement
    assert settlement is not None  # every win carries its settlement
    # the result's input is the full hand's normal form, made once for both
    return ScoredWin(win.seat, win.from_seat, win.pao, result.input, result, settlement)


def _win_from(
    state: GameState, win: Win, context: Context, seat_wind: Wind, rules: Rules
) -> Source | None:
    """Where the winning tile came from (``None``: tsumo), checked against the hand's own
    marker and words."""
    if win.from_seat is None:
        if context.win_from is not None:
            raise GameError(_("the hand marks a discarded winning tile but the win is a tsumo"))
        return None
    if context.tsumo:
        raise GameError(_("the hand says tsumo but the win is a ron"))
    win_from = cast(Source, source_of(seat_wind, state.wind_of(win.from_seat), rules))
    if context.win_from is not None and context.win_from != win_from:
        raise GameError(
            _(
                "the hand marks the winning tile's discarder as {marked} but the discarder "
                "sits {sits}"
            ).format(marked=_source_name(context.win_from), sits=_source_name(win_from))
        )
    return win_from


def _source_name(source: str) -> str:
    """Where a discard came from (``left``, ``across``, ``right``) as a message says it."""
    if source == "left":
        return pgettext("the seat a discard comes from", "left")
    if source == "across":
        return pgettext("the seat a discard comes from", "across")
    if source == "right":
        return pgettext("the seat a discard comes from", "right")
    return source


def _scored(hand: Hand, rules: Rules) -> Result:
    """The engine's result of a win in the game: what the rules say of the hand checked
    first (a hand made in Python is checked whole), a hand that does not win an error."""
    try:
        if not hand._checked:
            check_made_hand(hand)
        check_under_rules(hand, rules)
        result = score_hand(hand, rules, input_is_text=True)
    except HandError as error:
        raise GameError(
            _("the hand {hand} does not score as a win: {problem}").format(
                hand=repr(str(hand)), problem=error.message
            )
        ) from None
    if result is None or result.status != "win":
        why = _("no yaku") if result is not None else _("not a complete hand")
        raise GameError(
            _("the hand {hand} does not score as a win: {problem}").format(
                hand=repr(str(hand)), problem=why
            )
        )
    return result


# --------------------------------------------------------------------------- helpers


def _winds(state: GameState) -> tuple[str, ...]:
    return SEAT_WINDS[: state.players]


def _apply(state: GameState, settlement: Settlement) -> tuple[int, ...]:
    by_wind = settlement.deltas
    assert by_wind is not None  # a game knows every payer
    return tuple(score + by_wind[state.wind_of(seat)] for seat, score in enumerate(state.scores))


def _deltas(state: GameState, settlement: Settlement) -> tuple[int, ...]:
    """Every seat's change from the round's result, riichi deposits left out (SPEC §7)."""
    out = [0] * state.players
    seat_of = {state.wind_of(s): s for s in range(state.players)}
    for t in settlement.transfers:
        if t.at_end or t.reason == "riichi":
            continue
        if t.payer is not None:
            out[seat_of[t.payer]] -= t.amount
        if t.payee is not None:
            out[seat_of[t.payee]] += t.amount
    return tuple(out)


def _bust(scores: tuple[int, ...], rules: Rules) -> tuple[bool, str | None]:
    if rules.bust and any(s < 0 for s in scores):
        return True, "bust"
    return False, None


def round_index(wind: str, number: int, players: int) -> int:
    """0 for E1, ``players`` for S1 …"""
    return SEAT_WINDS.index(wind) * players + number - 1


def is_top(scores: tuple[int, ...], seat: int) -> bool:
    """Whether ``seat`` would place first now (ties to the seat nearer the first dealer)."""
    best = max(scores)
    return scores[seat] == best and all(scores[s] < best for s in range(seat))


def _advance(
    state: GameState,
    scores: tuple[int, ...],
    *,
    renchan: bool,
    honba: int,
    sticks: int,
    rules: Rules,
    dealer_won: bool = False,
    dealer_ready: bool = False,
) -> GameState:
    """The state after a round: the next dealer and round, and whether the game is over.

    RULES.md "Games" and what real Tenhou logs show: in the last round a win by the dealer
    who is then top with ``goal_points`` ends the game (``agari_yame``), so does the dealer
    ready and top at an exhaustive draw where ``tenpai_yame`` says so; an abortive draw
    does not. A game that ends its last round with nobody at ``goal_points`` goes on into
    the next wind (``west_round``); each extra round is played as a last round (the deal
    stays with a dealer who keeps it, else the game ends once a player has reached the
    goal), until West's last round or the next wind's last (``extension``)."""
    n = state.players
    finished, reason = _bust(scores, rules)
    current = round_index(state.round_wind, state.round_number, n)
    last = round_index("E" if rules.game_length == "east" else "S", n, n)
    # the round after which the game ends at the latest
    final = round_index("W", n, n) if rules.extension == "to_west" else last + n
    if renchan:
        wind, number = state.round_wind, state.round_number
    else:
        nxt = min(current + 1, final)
        wind, number = SEAT_WINDS[nxt // n], nxt % n + 1
    if not finished and current >= last:  # the last round, or an extra one
        if renchan:
            dealer = state.dealer
            on_top = is_top(scores, dealer) and scores[dealer] >= rules.goal_points
            if on_top and (rules.agari_yame if dealer_won else dealer_ready and rules.tenpai_yame):
                finished, reason = True, "agari-yame" if dealer_won else "tenpai-yame"
        elif max(scores) >= rules.goal_points or not rules.west_round:
            finished, reason = True, "last round"
        elif current >= final:
            finished, reason = True, "extra round"
    return replace(
        state,
        scores=scores,
        round_wind=wind,
        round_number=number,
        honba=honba,
        sticks=sticks,
        finished=finished,
        end_reason=reason,
    )
