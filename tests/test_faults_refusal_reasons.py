"""A refusal gives the one real reason (issue #23, A2).

A catch (``CatchUno``) or a call (``CallUno``) that changes nothing says the
one case that holds and cites the rule that decided it: the missed call was
already settled by a catch (``uno.penalty``; under ``kids`` the reminder of
``uno.reminder``), the window closed (``uno.window-closes``,
``uno.window-until-play``), the player called UNO in time, holds more than one
card, or has no missing call (``uno.call``) — never a list of cases joined by
"or". The state keeps which seats' missed calls a catch has settled
(``GameState.uno_caught``), in JSON too. Every value below is worked out by
hand from the positions given.
"""

from __future__ import annotations

import json

import attrs
import pytest

import unorules as ur
from unorules.cli import main
from unorules.errors import StateError, UnoError
from unorules.serialize import structure, unstructure
from unorules.state_validation import validate_state

R3 = ur.Card.parse("R3")


def _laid(preset: str) -> ur.GameState:
    """Seat 0 lays R3 on R7 without calling UNO and holds R4 alone; seat 1
    holds R9 B2 B5, seat 2 G1 G2; seat 1 is next."""
    s = ur.situation(ur.presets.get(preset), ["R3 R4", "R9 B2 B5", "G1 G2"], top="R7")
    return ur.apply(s, ur.Play(0, R3))


def _reminded() -> ur.GameState:
    """Under ``kids``, seat 1 has pointed out seat 0's missed call: a reminder,
    no cards drawn; seat 0 still holds R4 alone and it is still seat 1's turn."""
    return ur.apply(_laid("kids"), ur.CatchUno(1, 0))


# --- (a) a catch already settled the missed call: the kids double catch ------------------


def test_the_reminder_is_kept_in_the_state() -> None:
    s = _reminded()
    # uno.reminder: no penalty cards, the hand stays R4; the call can no
    # longer be made good (uncalled), and a catch settled it (uno_caught).
    assert s.hands[0] == (ur.Card.parse("R4"),)
    assert (s.uno_missed, s.uncalled, s.uno_caught) == (None, (0,), (0,))
    assert s.current == 1  # nobody has moved since: the window never closed
    validate_state(s)


@pytest.mark.parametrize(
    ("lang", "headline"),
    [
        (
            "en",
            "No effect – seat 2 may say that seat 0 has not called UNO, but it changes "
            "nothing: the catch does not count: seat 0 has already been reminded of this "
            "missed call, and a missed call is pointed out only once.",
        ),
        (
            "sv",
            "Ingen verkan – plats 2 får säga att plats 0 inte har ropat UNO, men det ändrar "
            "ingenting – påpekandet räknas inte, eftersom plats 0 redan har blivit påmind "
            "om att ropet saknades, och ett saknat rop påpekas bara en gång.",
        ),
        (
            "nb",
            "Ingen virkning – plass 2 kan si fra om at plass 0 ikke har ropt UNO, men det endrer "
            "ingenting: plass 0 har allerede blitt minnet på at ropet "
            "manglet, og et manglende rop sies det fra om bare én gang.",
        ),
    ],
)
def test_kids_second_catch_says_the_reminder_was_given(lang: str, headline: str) -> None:
    verdict = ur.explain(_reminded(), ur.CatchUno(2, 0), lang=lang)
    assert verdict.void
    assert verdict.rule_ids == ("uno.reminder",)  # not uno.window-closes: it never closed
    assert verdict.headline == headline


def test_kids_second_catch_changes_nothing() -> None:
    s = _reminded()
    after = ur.apply(s, ur.CatchUno(2, 0))
    assert after.hands == s.hands
    assert (after.uncalled, after.uno_caught, after.current) == ((0,), (0,), 1)


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        (
            "en",
            "the call does not count: seat 0's missed call was already pointed out, and "
            "that settled it",
        ),
        (
            "sv",
            "ropet räknas inte: någon har redan påpekat att plats 0 inte ropade, och det "
            "avgjorde saken",
        ),
        (
            "nb",
            "ropet teller ikke: noen har allerede sagt fra om at plass 0 ikke ropte, og det "
            "avgjorde saken",
        ),
    ],
)
def test_a_call_after_the_reminder_says_the_catch_settled_it(lang: str, reason: str) -> None:
    # Under uno.call a late call counts until another player moves; nobody
    # has, but the reminder came first and settled the missed call.
    verdict = ur.explain(_reminded(), ur.CallUno(0), lang=lang)
    assert verdict.void
    assert verdict.rule_ids == ("uno.call", "uno.reminder")
    assert verdict.texts.reason == reason


def test_the_position_says_the_call_was_pointed_out_not_that_the_window_closed() -> None:
    verdict = ur.explain(_reminded(), ur.Draw(1))
    assert (
        "seat 0 holds one card without having called UNO; the missed call has been "
        "pointed out (uno.reminder)"
    ) in verdict.text
    assert "window" not in verdict.text


def test_the_settled_call_is_forgotten_once_the_hand_changes() -> None:
    # kids: seat 0 lays R3 without calling, seat 1 reminds seat 0, then lays
    # RR (Reverse): seat 0 plays next and still holds R4 alone, the reminder
    # on record. Seat 0 draws B7 (blue 7 fits no red Reverse) and holds two
    # cards: nothing is owed or settled any more, and the turn goes to seat 2.
    start = ur.situation(
        ur.presets.get("kids"), ["R3 R4", "RR B2 B5", "G1 G2"], top="R7", draw_pile="B7 B8 B9"
    )
    s = ur.apply(ur.apply(start, ur.Play(0, R3)), ur.CatchUno(1, 0))
    s = ur.apply(s, ur.Play(1, ur.Card.parse("RR")))
    assert (s.current, s.uncalled, s.uno_caught) == (0, (0,), (0,))
    drew = ur.apply(s, ur.Draw(0))
    assert drew.hands[0] == (ur.Card.parse("R4"), ur.Card.parse("B7"))
    assert (drew.current, drew.uncalled, drew.uno_caught) == (2, (), ())
    validate_state(drew)


# --- (b) the window closed ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        (
            "en",
            "the catch does not count: the window to point out seat 0's missed call closed "
            "when another player took a turn after seat 0",
        ),
        (
            "sv",
            "det är för sent att påpeka att plats 0 inte ropade UNO, eftersom någon annan "
            "redan har lagt eller dragit efter plats 0",
        ),
        (
            "nb",
            "det er for sent, for en annen spiller har tatt sin tur etter plass 0",
        ),
    ],
)
def test_a_catch_after_the_window_closed_says_so(lang: str, reason: str) -> None:
    # Seat 1 lays R9 on R3: under uno.window-closes the window is over.
    s = ur.apply(_laid("official"), ur.Play(1, ur.Card.parse("R9")))
    assert (s.uno_missed, s.uncalled, s.uno_caught) == (None, (0,), ())
    verdict = ur.explain(s, ur.CatchUno(2, 0), lang=lang)
    assert verdict.void
    assert verdict.rule_ids == ("uno.window-closes",)
    assert verdict.texts.reason == reason


def test_under_window_until_play_a_draw_leaves_it_open_and_a_play_closes_it() -> None:
    laid = _laid("official+uno.window-until-play")
    # Seat 1 draws: the window stays open, the catch counts (2 cards).
    drew = ur.apply(laid, ur.Draw(1))
    caught = ur.explain(drew, ur.CatchUno(2, 0))
    assert caught.legal and not caught.void
    # Seat 1 plays R9: the window is over.
    played = ur.apply(laid, ur.Play(1, ur.Card.parse("R9")))
    verdict = ur.explain(played, ur.CatchUno(2, 0))
    assert verdict.void
    assert verdict.rule_ids == ("uno.window-until-play",)
    assert verdict.texts.reason == (
        "the catch does not count: the window to point out seat 0's missed call closed "
        "when another player played a card"
    )


# --- (c) the player called UNO, (d) more than one card, (e) no missing call ---------------


def test_a_catch_of_a_player_who_called_in_time() -> None:
    s = ur.situation(ur.presets.get("official"), ["R3 R4", "R9 B2 B5", "G1 G2"], top="R7")
    called = ur.apply(ur.apply(s, ur.CallUno(0)), ur.Play(0, R3))
    verdict = ur.explain(called, ur.CatchUno(2, 0))
    assert verdict.void
    assert verdict.rule_ids == ("uno.call",)
    assert verdict.texts.reason == "the catch does not count: seat 0 called UNO in time"
    # Seat 1 lays R9: the call is no longer on record for this turn, but no
    # call is missing either; no "or" of cases.
    later = ur.apply(called, ur.Play(1, ur.Card.parse("R9")))
    for lang, reason in (
        (
            "en",
            "the catch does not count: seat 0's UNO call is not missing, so there is "
            "nothing to point out",
        ),
        (
            "sv",
            "påpekandet räknas inte, eftersom plats 0 inte har glömt att ropa UNO, så det finns "
            "inget att påpeka",
        ),
        (
            "nb",
            "plass 0 har ikke glemt å rope UNO, så det er ingenting å si fra om",
        ),
    ):
        verdict = ur.explain(later, ur.CatchUno(2, 0), lang=lang)
        assert verdict.rule_ids == ("uno.call",)
        assert verdict.texts.reason == reason


def test_a_second_catch_under_the_penalty_names_the_hand() -> None:
    # official: the first catch costs seat 0 two cards (R4 + 2 = 3 cards).
    caught = ur.apply(_laid("official"), ur.CatchUno(1, 0))
    assert len(caught.hands[0]) == 3
    assert (caught.uncalled, caught.uno_caught) == ((), ())
    verdict = ur.explain(caught, ur.CatchUno(2, 0))
    assert verdict.void
    assert verdict.rule_ids == ("uno.penalty",)
    assert verdict.texts.reason == (
        "the catch does not count: seat 0 holds 3 cards, so no UNO call is missing"
    )


def test_no_refusal_sentence_joins_cases_with_or() -> None:
    # The old sentences listed cases: "(it was pointed out already or its
    # window has closed)", "(it called in time or did not come to one card
    # ...)", "(it called already, or did not come to one card ...)".
    laid = _laid("official")
    closed = ur.apply(laid, ur.Play(1, ur.Card.parse("R9")))
    for state, move in (
        (_reminded(), ur.CatchUno(2, 0)),
        (_reminded(), ur.CallUno(0)),
        (closed, ur.CatchUno(2, 0)),
        (closed, ur.CallUno(0)),
    ):
        reason = ur.explain(state, move).texts.reason
        assert " or " not in reason, reason


# --- JSON: the field round-trips, and JSON without it still loads ---------------------------


def test_json_round_trip_keeps_the_settled_call() -> None:
    s = _reminded()
    data = json.loads(json.dumps(unstructure(s)))
    assert data["uno_caught"] == [0]
    back = structure(data, ur.GameState)
    assert back == s
    assert back.uno_caught == (0,)
    verdict = ur.explain(back, ur.CatchUno(2, 0))
    assert verdict.rule_ids == ("uno.reminder",)


def test_json_without_the_field_loads_as_nothing_settled() -> None:
    data = json.loads(json.dumps(unstructure(_reminded())))
    del data["uno_caught"]
    old = structure(data, ur.GameState)
    assert old.uno_caught == ()
    # Read as before the field existed: the window is taken to have closed.
    assert ur.explain(old, ur.CatchUno(2, 0)).rule_ids == ("uno.window-closes",)
    # A state with nothing settled writes no such key at all.
    assert "uno_caught" not in unstructure(_laid("kids"))


def test_json_naming_a_seat_that_owes_no_call_is_refused() -> None:
    data = json.loads(json.dumps(unstructure(_reminded())))
    data["uno_caught"] = [1]  # seat 1 holds R9 B2 B5: no missed call to settle
    with pytest.raises(UnoError) as caught:
        structure(data, ur.GameState)
    assert "uno_caught" in str(caught.value)
    assert "seat 1" in str(caught.value)


def test_validate_state_refuses_a_caught_seat_not_uncalled() -> None:
    s = _laid("kids")  # seat 0's window is open: uno_missed 0, not settled
    with pytest.raises(StateError) as caught:
        validate_state(attrs.evolve(s, uno_caught=(0,)))
    assert caught.value.field == "uno_caught"


# --- a note on cards nobody gave names the one kind that can be there -------------------


@pytest.mark.parametrize(
    ("situation", "moves", "lang", "note"),
    [
        (
            # No ?N, no draw pile given: seat 1's two drawn cards are the only
            # cards nobody gave.
            "top R7; hands R+2 R3 / G5",
            "0 uno; 0 play R+2; 1 draw; 0 play R3",
            "en",
            "the scores count cards drawn from a draw pile that was not given, dealt here "
            "at random",
        ),
        (
            # The draw pile is given: only seat 1's ?2 is unknown.
            "top R7; hands R3 / ?2; draw B1 B2",
            "0 play R3",
            "en",
            "the scores count unknown cards of a hand, dealt here at random",
        ),
        (
            "top R7; hands R3 / ?2; draw B1 B2",
            "0 play R3",
            "sv",
            "poängen räknar med okända kort på en hand, här utdelade på måfå",
        ),
        (
            "top R7; hands R3 / ?2; draw B1 B2",
            "0 play R3",
            "nb",
            "poengene regner med ukjente kort på en hånd, her delt ut tilfeldig",
        ),
    ],
)
def test_the_scores_note_names_the_kind_of_card_nobody_gave(
    capsys: pytest.CaptureFixture[str], situation: str, moves: str, lang: str, note: str
) -> None:
    code = main(["explain", "--lang", lang, situation, moves])
    out, err = capsys.readouterr()
    assert code == 0, err
    said = " ".join(out.split())
    assert note in said
    # The old note listed both kinds, joined by "or", whichever it was.
    assert "unknown cards in a hand, or cards drawn" not in said
