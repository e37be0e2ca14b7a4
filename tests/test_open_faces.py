"""Faces and colours as records (unorules.cards.faces): a face or a colour a
table defines is read, written, dealt, laid, scored and explained like a
classic one, and a colour the deck lacks cannot be named.

A colour defined here would be listed in the live word tables of the test
process (and in messages that list every colour), so the colour tests run
in a process of their own."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import attrs
import pytest

import unorules as ur
from unorules import reasons as rs
from unorules.rules.policies import ActionEffect, ActionPolicy, DeckPolicy, Refusal

ROOT = Path(__file__).resolve().parent.parent

# One face for these tests: defining it again with the same data gives the
# same record, so this module may be imported by several workers.
TAKE_ALL = ur.Face.define(
    "TA",
    "TAKE_ALL",
    names={"en": "take all", "sv": "Ta alla", "nb": "Ta alle"},
    words={"sv": ("tar alla",)},
)
NINE_AND_A_HALF = ur.Face.define("95", "NINETY_FIVE", names={"en": "ninety-five"}, number=95)


@attrs.frozen
class _Deck:
    before: DeckPolicy

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.take-all-deck")

    @property
    def min_players(self) -> int:
        return self.before.min_players

    @property
    def max_players(self) -> int:
        return self.before.max_players

    @property
    def hand_size(self) -> int:
        return self.before.hand_size

    def cards(self) -> tuple[ur.Card, ...]:
        return (*self.before.cards(), *(ur.Card(c, TAKE_ALL) for c in ur.Color))

    def lacks(self, card: ur.Card) -> Refusal | None:
        return None if card.face is TAKE_ALL else self.before.lacks(card)


@attrs.frozen
class _Acts:
    before: ActionPolicy

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.take-all")

    def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
        if card.face is TAKE_ALL:
            return ActionEffect("table.take-all", skip=players - 1)
        return self.before.effect(card, players)


def _rules() -> ur.RuleSet:
    official = ur.presets.official()
    return official.replace(
        deck=_Deck(official.deck), actions=_Acts(official.actions), name="official+take-all"
    )


def test_a_defined_face_is_a_record_with_its_codes_words_and_points() -> None:
    assert (TAKE_ALL.code, TAKE_ALL.name, TAKE_ALL.is_wild, TAKE_ALL.number) == (
        "TA",
        "TAKE_ALL",
        False,
        None,
    )
    assert TAKE_ALL.points == 20  # an action card's default
    assert NINE_AND_A_HALF.points == 95 and NINE_AND_A_HALF.is_number
    assert ur.Face.from_code("ta") is TAKE_ALL
    assert TAKE_ALL.names["nb"] == "Ta alle"
    # The same data again is the same record; other data under the code is refused.
    assert (
        ur.Face.define(
            "TA",
            "TAKE_ALL",
            names={"en": "take all", "sv": "Ta alla", "nb": "Ta alle"},
            words={"sv": ("tar alla",)},
        )
        is TAKE_ALL
    )
    with pytest.raises(ValueError, match="TA"):
        ur.Face.define("TA", "TAKE_ALL", names={"en": "take every card"})
    # A word that already names a card cannot name a new one.
    with pytest.raises(ValueError, match="skip"):
        ur.Face.define("SK", "SKIP_AGAIN", names={"en": "skip"})
    # Iterating Face still gives the 18 classic faces.
    assert len(list(ur.Face)) == 18 and TAKE_ALL not in list(ur.Face)


def test_a_defined_face_is_read_and_written_in_every_language() -> None:
    card = ur.Card(ur.Color.GREEN, TAKE_ALL)
    assert card.code == "GTA" and str(card) == "GTA"
    assert ur.Card.parse("GTA") == card
    assert ur.Card.parse("green take all") == card
    assert ur.Card.parse("grön ta alla", lang="sv") == card
    assert ur.Card.parse("grön tar alla", lang="sv") == card
    assert ur.Card.parse("grønn ta alle", lang="nb") == card
    assert card.name_in("sv") == "grön Ta alla"
    assert card.long_name == "green take all"
    with pytest.raises(ValueError, match="'de'"):
        card.name_in("de")


def test_the_deck_deals_it_and_the_action_policy_says_what_it_does() -> None:
    rules = _rules()
    assert len(rules.deck.cards()) == 112
    # 4 players: seat 1 lays the green Take All on a green 7; seats 2, 3
    # and 0 lose their turn, and seat 1 plays again.
    state = ur.situation(rules, ["Y1 Y2", "GTA G3 R4", "Y5 Y6", "Y8 Y9"], top="G7", current=1)
    moves = [str(m) for m in ur.legal_moves(state) if isinstance(m, ur.Play)]
    assert moves == ["1 play GTA", "1 play G3"]
    after = ur.apply(state, ur.Play(1, ur.Card.parse("GTA")))
    assert after.current == 1 and after.top == ur.Card.parse("GTA")
    assert after.hands[1] == (ur.Card.parse("G3"), ur.Card.parse("R4"))
    ur.validate_state(after)
    verdict = ur.explain(state, ur.Play(1, ur.Card.parse("GTA")))
    assert verdict.legal
    assert "seats 2, 3, 0 are skipped [table.take-all]" in str(verdict)
    # On a red 7 it does not fit: it is a green card like any other.
    red = ur.situation(rules, ["Y1 Y2", "GTA G3 R4", "Y5 Y6"], top="R7", current=1)
    assert ur.check(red, ur.Play(1, ur.Card.parse("GTA"))).legal is False


def test_its_points_are_its_own_unless_a_table_of_points_names_it() -> None:
    rules = _rules()
    hand = [ur.Card.parse("GTA"), ur.Card.parse("B7"), ur.Card(ur.Color.RED, NINE_AND_A_HALF)]
    assert rules.card_values.hand_value(hand) == 20 + 7 + 95


def test_json_and_pickle_carry_the_card() -> None:
    import pickle

    from unorules.serialize import dumps, loads

    card = ur.Card.parse("GTA")
    assert pickle.loads(pickle.dumps(card)) == card
    assert pickle.loads(pickle.dumps(TAKE_ALL)) is TAKE_ALL
    assert dumps(card) == '"GTA"'
    assert loads('"GTA"', ur.Card) == card


_COLOUR_SCRIPT = textwrap.dedent(
    """
    import json
    import attrs
    import unorules as ur
    from unorules.rules.policies import DeckPolicy, Refusal

    PINK = ur.Color.define("P", "PINK", names={"en": "pink", "sv": "rosa", "nb": "rosa"})

    @attrs.frozen
    class Pink:
        before: DeckPolicy
        rule_ids = ("deck.classic-108", "players.range", "table.pink")
        min_players = 2
        max_players = 10
        hand_size = 7
        def cards(self):
            return (*self.before.cards(), *(ur.Card(PINK, f) for f in ur.Face if not f.is_wild))
        def lacks(self, card):
            return None if card.color is PINK else self.before.lacks(card)

    official = ur.presets.official()
    pink = official.replace(deck=Pink(official.deck), name="official+pink")
    out = {"colors": [c.value for c in pink.colors],
           "official_colors": [c.value for c in official.colors]}
    state = ur.situation(pink, ["W P3 Y2", "G3 R4"], top="B7")
    out["moves"] = [str(m) for m in ur.legal_moves(state) if isinstance(m, ur.Play)]
    out["parsed"] = [ur.Card.parse("P3").code, ur.Card.parse("rosa sjua", lang="sv").code]
    after = ur.apply(state, ur.Play(0, ur.Card.parse("W"), PINK))
    out["after_color"] = after.color.value
    out["fits_pink"] = ur.check(after, ur.Play(1, ur.Card.parse("G3"))).legal
    # Under the classic deck, pink cannot be named.
    classic = ur.situation(official, ["W Y2", "G3 R4"], top="B7")
    ruling = ur.check(classic, ur.Play(0, ur.Card.parse("W"), PINK))
    out["classic"] = [ruling.legal, type(ruling.why).__name__, list(ruling.rule_ids)]
    v = ur.explain(classic, ur.Play(0, ur.Card.parse("W"), PINK))
    out["en"] = v.text_in("en")
    out["sv"] = v.text_in("sv")
    try:
        from unorules.play.env import UnoEnv
    except ImportError:  # the rl extra is not installed
        out["env_colors"] = out["env_wild"] = None
    else:
        env = UnoEnv(rules=pink, players=2)
        out["env_colors"] = [n for n in env.actions.names if n.startswith("color ")]
        out["env_wild"] = [n for n in env.actions.names if n.startswith("play W ")]
    # The colour in force is one of the deck's.
    from unorules.notation import format_situation, parse_situation
    for make in (
        lambda: ur.situation(official, ["R4 Y2", "G3 R4"], top="W", color=PINK),
        lambda: ur.situation(pink, ["P4 Y2", "G3 R4"], top="P3", color=ur.Color.RED),
        lambda: parse_situation("top P3 red; hands R3 / G4"),
    ):
        try:
            make()
            out.setdefault("refused", []).append(None)
        except ur.UnoError as error:
            out.setdefault("refused", []).append(type(error).__name__ + ": " + str(error))
    # A colour whose code starts like the Swedish codes, written and read back in Swedish.
    GOLD = ur.Color.define("GO", "GOLD", names={"en": "gold", "sv": "guld", "nb": "gull"})
    both = official.replace(deck=Pink(official.deck), name="official+pink")
    spec = "top GO3; hands GO4 R1 / Y2"
    written = format_situation(parse_situation(spec), lang="sv")
    out["sv_written"] = written
    out["sv_read"] = str(parse_situation(written, lang="sv").hands[0])
    # A face defined after moves were read is read in moves too.
    ur.parse_move("0 play R7")
    ur.Face.define("LG", "LONG", names={"en": "very long and winding card"})
    out["late"] = str(ur.parse_move("0 play red very long and winding card"))
    print(json.dumps(out))
    """
)


@pytest.fixture(scope="module")
def pink() -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _COLOUR_SCRIPT],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def test_a_defined_colour_is_named_by_the_wild_cards_of_a_deck_that_has_it(
    pink: dict[str, object],
) -> None:
    assert pink["colors"] == ["red", "yellow", "green", "blue", "pink"]
    assert pink["official_colors"] == ["red", "yellow", "green", "blue"]
    # W on B7: five colours to name; P3 does not fit blue.
    assert pink["moves"] == [
        "0 play W red",
        "0 play W yellow",
        "0 play W green",
        "0 play W blue",
        "0 play W pink",
    ]
    assert pink["parsed"] == ["P3", "P7"]
    assert pink["after_color"] == "pink"
    assert pink["fits_pink"] is False  # G3 on a wild with pink named


def test_a_colour_the_deck_lacks_cannot_be_named(pink: dict[str, object]) -> None:
    legal, why, rule_ids = pink["classic"]  # type: ignore[misc]
    assert legal is False and why == rs.ColorNotInDeck.__name__
    assert rule_ids == ["action.wild", "deck.classic-108"]
    assert "no card of this deck is pink: the colours to name are red, yellow, green, blue" in str(
        pink["en"]
    )
    assert "leken har inga kort i färgen rosa" in str(pink["sv"])


def test_the_environment_has_an_action_per_colour_of_the_deck(pink: dict[str, object]) -> None:
    pytest.importorskip(
        "pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'"
    )
    assert pink["env_colors"] == [
        "color red",
        "color yellow",
        "color green",
        "color blue",
        "color pink",
    ]
    assert pink["env_wild"] == [f"play W {c}" for c in ("red", "yellow", "green", "blue", "pink")]


def test_the_colour_in_force_is_one_of_the_decks(pink: dict[str, object]) -> None:
    refused = pink["refused"]
    assert isinstance(refused, list) and None not in refused
    official_pink, red_on_pink, text = refused
    assert (
        "pink cannot be in force: no card of the deck is pink (deck.classic-108)" in official_pink
    )
    assert red_on_pink.startswith("SituationError") and "P3 is pink" in red_on_pink
    assert text.startswith("NotationError") and "pink" in text


def test_swedish_codes_of_a_defined_colour_read_back(pink: dict[str, object]) -> None:
    assert "GO3" in str(pink["sv_written"]) and "GrO" not in str(pink["sv_written"])
    assert pink["sv_read"] == "GO4 R1"


def test_a_face_defined_after_moves_were_read_is_read_in_moves(pink: dict[str, object]) -> None:
    assert pink["late"] == "0 play RLG"


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        # 'g' + 'ul x' and 'gul' + ' x': one text, two cards.
        (("XU", "XU"), {"names": {"en": "xu"}, "words": {"en": ("ul xu",)}}, "would name both"),
        (("WB", "WB"), {"names": {"en": "w+4 blue"}, "wild": True}, "holds the colour 'blue'"),
        (("RD", "RD"), {"names": {"en": "red"}, "wild": True}, "holds the colour 'red'"),
        (("ZP\n", "ZAP"), {"names": {"en": "zap"}}, "1 to 4 upper case letters"),
        (
            ("WE", "WE"),
            {"names": {"en": "wild e"}, "wild": True, "words": {"en": ("",)}},
            "each en word",
        ),
        (("QF", "QF"), {"names": {"en": "qf"}, "words": {"en": "qf"}}, "a tuple of strings"),
        (("QI", "QI"), {"names": {"en": "qi"}, "words": {"en": (1,)}}, "must be a string"),
        (("QN", "QN"), {"names": {"en": "qn", "no": "qn"}}, "'no' is not a language"),
        (("QW", "QW"), {"names": {"en": "qw"}, "words": {"se": ("q",)}}, "'se' is not a language"),
        (("QS", "QS"), {"names": {"en": " quick "}}, "single spaces"),
        (("QC", "QC"), {"names": {"en": "q, c"}}, "no ','"),
        (("QP", "QP"), {"names": {"en": "qp"}, "points": 10**150}, "from 0 to 1000"),
        # "0 play R7 x2" and "0 play W+4 and chooses blue" would read otherwise.
        (("QA", "QA"), {"names": {"en": "r7 x2"}, "wild": True}, "holds the card 'r7'"),
        (("QB", "QB"), {"names": {"en": "w+4 and"}, "wild": True}, "holds the card 'w+4'"),
    ],
)
def test_a_face_that_would_break_the_notation_is_refused_and_nothing_changes(
    args: tuple[str, str], kwargs: dict[str, object], message: str
) -> None:
    before = ur.Face.registered()
    with pytest.raises(ValueError, match=re.escape(message)):
        ur.Face.define(*args, **kwargs)  # type: ignore[arg-type]
    assert ur.Face.registered() == before
    assert ur.Card.parse("R7") == ur.Card(ur.Color.RED, ur.Face.SEVEN)
    assert ur.parse_move("0 play W+4 blue") == ur.Play(0, ur.Card.parse("W+4"), ur.Color.BLUE)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: ur.Card(None, None), "a card's face is a Face"),
        (lambda: ur.Card(ur.Color.RED, "7"), "a card's face is a Face"),
        (lambda: ur.Card("red", ur.Face.SEVEN), "a card's colour is a Color"),
        (lambda: ur.Color.from_code(5), "a colour's code is a string"),
        (lambda: ur.Face.from_code(None), "a face's code is a string"),
    ],
)
def test_cards_of_no_face_or_colour_are_a_type_error(make: object, message: str) -> None:
    with pytest.raises(TypeError, match=re.escape(message)):
        make()  # type: ignore[operator]


def test_a_card_not_read_names_the_defined_faces_among_what_is_expected() -> None:
    with pytest.raises(ur.NotationError) as caught:
        ur.Card.parse("RTX")
    assert "also the cards defined here, such as" in str(caught.value)
    assert "RTA" in str(caught.value) and "R95" in str(caught.value)
    with pytest.raises(ur.NotationError) as caught:
        ur.parse_move("0 play RTX")
    assert "RTA" in str(caught.value)
    sv = caught.value.text_in("sv") if hasattr(caught.value, "text_in") else ""
    assert "även de kort som definierats här" in sv


# --- a card with a rule of its own, told the move ----------------------------------------

GIVE_AWAY = ur.Face.define(
    "GA", "GIVE_AWAY", names={"en": "give away", "sv": "Ge bort", "nb": "Gi bort"}
)


def _give_the_rest_of_the_colour_on(state: ur.GameState, move: ur.Play) -> ur.GameState:
    """Every other card of the laid card's colour goes to the next seat."""
    seat, colour = move.player, move.card.color
    nxt = (seat + state.direction) % len(state.hands)
    hand = state.hands[seat]
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hand if c.color is not colour)
    hands[nxt] = (*hands[nxt], *(c for c in hand if c.color is colour))
    return attrs.evolve(state, hands=tuple(hands))


def _loses_a_card(state: ur.GameState, move: ur.Play) -> ur.GameState:
    hands = list(state.hands)
    hands[move.player] = hands[move.player][1:]
    return attrs.evolve(state, hands=tuple(hands))


@attrs.frozen
class _Own:
    before: ActionPolicy
    own: object

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.give-away")

    def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
        if card.face is GIVE_AWAY:
            return ActionEffect("table.give-away", own=self.own)  # type: ignore[arg-type]
        return self.before.effect(card, players)


@attrs.frozen
class _GiveAwayDeck(_Deck):
    def cards(self) -> tuple[ur.Card, ...]:
        return (*self.before.cards(), *(ur.Card(c, GIVE_AWAY) for c in ur.Color))

    def lacks(self, card: ur.Card) -> Refusal | None:
        return None if card.face is GIVE_AWAY else self.before.lacks(card)


def _own_rules(own: object) -> ur.RuleSet:
    official = ur.presets.official()
    return official.replace(
        deck=_GiveAwayDeck(official.deck), actions=_Own(official.actions, own), name="give-away"
    )


def test_a_cards_own_rule_is_told_the_move_and_its_hands_are_settled() -> None:
    rules = _own_rules(_give_the_rest_of_the_colour_on)
    # Seat 0 lays the blue Give Away on B7: B2 and B9 go to seat 1; seat 0
    # keeps G4 alone and owes the UNO call; seat 1 plays next with 4 cards.
    state = ur.situation(rules, ["BGA B2 B9 G4", "Y5 Y6", "Y8 Y9"], top="B7")
    assert "0 play BGA" in [str(m) for m in ur.legal_moves(state)]
    after = ur.apply(state, ur.Play(0, ur.Card.parse("BGA")))
    ur.validate_state(after)
    assert ur.format_cards(after.hands[0]) == "G4"
    assert ur.format_cards(after.hands[1]) == "Y5 Y6 B2 B9"
    assert after.current == 1 and after.top == ur.Card.parse("BGA")
    assert after.uno_missed == 0
    text = str(ur.explain(state, ur.Play(0, ur.Card.parse("BGA"))))
    assert (
        "the rule of BGA: the table's own rule; seat 0 loses 2 cards, seat 1 gains 2 cards "
        "[table.give-away]"
    ) in text
    assert "seat 0 holds one card and has not called UNO [uno.call]" in text


def test_a_cards_own_rule_that_loses_a_card_is_refused_naming_it() -> None:
    rules = _own_rules(_loses_a_card)
    state = ur.situation(rules, ["BGA B2 G4", "Y5 Y6"], top="B7")
    with pytest.raises(ur.UnoError, match=r"table\.give-away.*lost or made cards"):
        ur.apply(state, ur.Play(0, ur.Card.parse("BGA")))


def _returns_none(state: ur.GameState, move: ur.Play) -> None:
    attrs.evolve(state)  # the state made and not returned


def _skips_a_seat(state: ur.GameState, move: ur.Play) -> ur.GameState:
    return attrs.evolve(state, current=2)


def _changes_the_top_card(state: ur.GameState, move: ur.Play) -> ur.GameState:
    pile = state.discard_pile
    return attrs.evolve(state, discard_pile=(*pile[:-2], pile[-1], pile[-2]))


def _fails(state: ur.GameState, move: ur.Play) -> ur.GameState:
    raise KeyError("oops")


@pytest.mark.parametrize(
    ("own", "error", "message"),
    [
        (_returns_none, ur.UnoError, "(table.give-away) returned None, not a GameState"),
        (_skips_a_seat, ur.UnoError, "(table.give-away) changed current: it may only move cards"),
        (_changes_the_top_card, ur.UnoError, "(table.give-away) changed the top card"),
        (_fails, ur.PolicyError, "(table.give-away) failed: KeyError: 'oops'"),
    ],
)
def test_a_cards_own_rule_that_does_more_than_move_cards_is_refused(
    own: object, error: type[Exception], message: str
) -> None:
    rules = _own_rules(own)
    state = ur.situation(rules, ["BGA B2 G4", "Y5 Y6", "Y8 Y9"], top="B7")
    with pytest.raises(error, match=re.escape(message)):
        ur.apply(state, ur.Play(0, ur.Card.parse("BGA")))
    with pytest.raises(error, match=re.escape(message)):
        ur.explain(state, ur.Play(0, ur.Card.parse("BGA")))


def _discards_under_the_top(state: ur.GameState, move: ur.Play) -> ur.GameState:
    hand = state.hands[move.player]
    hands = list(state.hands)
    hands[move.player] = hand[1:]
    pile = (*state.discard_pile[:-1], hand[0], state.discard_pile[-1])
    return attrs.evolve(state, hands=tuple(hands), discard_pile=pile)


def _takes_the_draw_pile_out_of_play(state: ur.GameState, move: ur.Play) -> ur.GameState:
    return attrs.evolve(state, draw_pile=(), out_of_play=(*state.out_of_play, *state.draw_pile))


@attrs.frozen
class _DrawTwoWithOwn:
    before: ActionPolicy
    own: object

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return (*self.before.rule_ids, "table.d2-own")

    def effect(self, card: ur.Card, players: int) -> ActionEffect | None:
        if card.face is ur.Face.DRAW_TWO or card.face is ur.Face.WILD:
            return ActionEffect("table.d2-own", draw=2 if card.color else 0, own=self.own)  # type: ignore[arg-type]
        return self.before.effect(card, players)


def test_a_cards_own_rule_leaves_the_pile_under_an_open_draw_alone() -> None:
    """Seat 0 lays R+2 (the next player owes 2): a rule that puts a card
    under it would change what the run of draw cards adds up to."""
    official = ur.presets.official()
    rules = official.replace(actions=_DrawTwoWithOwn(official.actions, _discards_under_the_top))
    state = ur.situation(rules, ["R+2 B3 Y4", "Y5 Y6"], top="R7")
    with pytest.raises(
        ur.UnoError,
        match=re.escape(
            "the card's own rule (table.d2-own) changed the discard pile while R+2 still makes a "
            "player draw or may be challenged"
        ),
    ):
        ur.apply(state, ur.Play(0, ur.Card.parse("R+2")))


def test_a_cards_own_rule_may_not_take_cards_out_of_play() -> None:
    official = ur.presets.official()
    rules = official.replace(
        actions=_DrawTwoWithOwn(official.actions, _takes_the_draw_pile_out_of_play)
    )
    state = ur.situation(rules, ["W B3 Y4", "Y5 Y6"], top="R7")
    with pytest.raises(ur.UnoError, match=re.escape("changed out_of_play")):
        ur.apply(state, ur.Play(0, ur.Card.parse("W"), ur.Color.RED))


def test_a_wild_cards_own_rule_is_its_own_not_the_blank_cards() -> None:
    """A Wild with a rule of its own (here, one that changes nothing) is
    named as the Wild, and an empty draw pile is not said to stop anyone
    drawing."""
    official = ur.presets.official()
    rules = official.replace(actions=_DrawTwoWithOwn(official.actions, lambda state, move: state))
    state = ur.situation(rules, ["W B3 Y4", "Y5 Y6"], top="R7", draw_pile="")
    text = str(ur.explain(state, ur.Play(0, ur.Card.parse("W"), ur.Color.RED)))
    assert "the rule of W: the table's own rule; no hand changes [table.d2-own]" in text
    assert "blank card" not in text and "nobody could draw" not in text


def test_a_face_is_read_from_json_by_its_code_as_the_one_defined() -> None:
    from unorules.serialize import dumps, loads

    assert dumps(ur.Face.SKIP) == '"S"'
    assert loads('"S"', ur.Face) is ur.Face.SKIP
    assert loads('"TA"', ur.Face) is TAKE_ALL
    with pytest.raises(ur.UnoError, match="is not the code of a face"):
        loads('"ZZZ"', ur.Face)
