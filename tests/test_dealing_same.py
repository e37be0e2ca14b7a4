"""Dealing gives the same states as ever: ``new_round``, ``new_game`` and
``next_round`` pinned by digests of the states they dealt, for every preset,
every player count its deck serves and many seeds; the shuffle of a deal is
the standard library's ``random.Random.shuffle`` to the card; and a dealt
state under a random rule set passes ``validate_state`` and holds the deck.

How the table was produced: ``python tests/test_dealing_same.py`` prints
``EXPECTED``; it was run on the dealing code of commit 152ca9e, which shuffled
with ``random.Random.shuffle`` itself, dealt one card at a time and built the
state with the ``GameState`` constructor.
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import unorules as ur
from unorules import dealing
from unorules import testing as urs
from unorules.state import GameState, Phase

FAIR = "official+house.force-play+house.play-drawn+wd4.no-playable-card+challenge.none"
"""The rules subset of RLCard's UNO."""

SEEDS = range(30)
"""Seeds of every dealt case."""

PRESETS = (
    "official",
    "official-2018",
    "official-2022",
    "svenska",
    "norsk",
    "kids",
    "junior",
    "two-decks",
    "kitchen-table",
    FAIR,
    "official+start.number-only",
    "official+start.reverse.right-of-dealer",
    "official+deck.modern-112",
    "official+deck.modern-112-swap",
    "official+deck.junior",
)
"""The rule sets dealt at every player count their deck serves."""

FIELDS = (
    "hands",
    "draw_pile",
    "discard_pile",
    "color",
    "current",
    "direction",
    "phase",
    "pending",
    "wd4",
    "drawn",
    "uno_called",
    "uno_missed",
    "dealer",
    "scores",
    "winner",
    "round_number",
    "seed",
    "shuffles",
    "turns",
    "reshuffles",
    "out_of_play",
    "uncalled",
    "finished",
)
"""Every field of a position but the rule set, in a fixed order."""


def text(value: object) -> str:
    """A field's value as text that names every card and enum by its code."""
    if isinstance(value, ur.Card):
        return value.code
    if isinstance(value, (ur.Color, ur.PendingKind, Phase)):
        return value.value
    if isinstance(value, tuple):
        return "(" + ",".join(text(v) for v in value) + ")"
    if attrs.has(type(value)):
        return type(value).__name__ + text(attrs.astuple(value, recurse=False))
    return repr(value)


def line(state: GameState) -> str:
    """One state as one line of text."""
    return ";".join(f"{name}={text(getattr(state, name))}" for name in FIELDS)


def digest(states: Iterator[GameState]) -> str:
    """The first 16 hex digits of the SHA-256 of the states' lines."""
    h = hashlib.sha256()
    for state in states:
        h.update(line(state).encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


def _seats(rules: ur.RuleSet) -> range:
    return range(rules.deck.min_players, rules.deck.max_players + 1)


def _over(state: GameState, scores: tuple[int, ...]) -> GameState:
    """``state`` as a finished round with ``scores`` (what ``next_round`` reads)."""
    return attrs.evolve(state, phase=Phase.ROUND_OVER, winner=0, scores=scores)


def cases() -> dict[str, Callable[[], Iterator[GameState]]]:
    """Every pinned case by name: the states it deals, in order."""
    found: dict[str, Callable[[], Iterator[GameState]]] = {}
    for spec in PRESETS:
        rules = ur.presets.get(spec)
        for n in _seats(rules):
            found[f"{'fair' if spec == FAIR else spec} {n}"] = lambda rules=rules, n=n: (
                ur.new_round(rules, n, seed) for seed in SEEDS
            )

    official = ur.presets.get("official")
    found["official dealer"] = lambda: (
        ur.new_round(official, n, seed, dealer=d)
        for n in (2, 3, 5, 10)
        for d in range(n)
        for seed in range(5)
    )
    found["official round_number"] = lambda: (
        ur.new_round(official, 4, seed, round_number=r) for r in (2, 3, 17) for seed in SEEDS
    )
    found["official scores"] = lambda: (
        ur.new_round(official, 3, seed, scores=(s, 2 * s, 0), round_number=2)
        for s in (0, 7, 120)
        for seed in range(10)
    )
    dealt = " ".join(f"{c}{k}" for c in "RGBY" for k in range(1, 8))
    found["official deck string"] = lambda: (
        ur.new_round(official, 4, seed, deck=prefix)
        for prefix in (
            "",
            "R1",
            "R1 G2 B3 Y4 W",
            "W+4 W+4 W+4 W+4",
            *(f"{dealt} {start}" for start in ("W+4", "W", "RS", "GR", "B+2", "Y0")),
            f"{dealt} W+4 W+4 W+4 W+4",
        )
        for seed in range(10)
    )
    found["official deck cards"] = lambda: (
        ur.new_round(official, 5, seed, deck=list(reversed(official.deck.cards()))[:60])
        for seed in range(10)
    )
    full = ur.presets.get("official").deck.cards()
    found["official deck whole"] = lambda: (
        ur.new_round(official, n, 0, deck=full[k:] + full[:k])
        for n in (2, 4, 7)
        for k in range(0, 108, 9)
    )
    for spec, scores, round_number in (
        ("official+score.elimination", (0, 600, 120, 499, 500), 2),
        ("official+score.elimination", (510, 0, 520, 530, 20), 3),
        ("official+score.penalty-points", (10, 0, 499, 30, 0), 2),
        ("official+score.single-round", (0, 0, 0, 0, 0), 1),
    ):
        rules = ur.presets.get(spec)
        found[f"{spec} scores {scores}"] = lambda rules=rules, s=scores, r=round_number: (
            ur.new_round(rules, 5, seed, dealer=d, scores=s, round_number=r)
            for d in range(5)
            for seed in range(6)
        )
    for spec in ("official", "kitchen-table", "official+setup.dealer-draw", "junior"):
        rules = ur.presets.get(spec)
        found[f"{spec} new_game"] = lambda rules=rules: (
            ur.new_game(rules, n, seed) for n in (2, 3, 6) for seed in range(12)
        )
    for spec, scores in (
        ("official", (10, 20, 30, 40)),
        ("official+score.elimination", (0, 510, 20, 499)),
    ):
        rules = ur.presets.get(spec)
        found[f"{spec} next_round"] = lambda rules=rules, scores=scores: (
            ur.next_round(_over(ur.new_round(rules, 4, seed, dealer=d), scores))
            for d in range(4)
            for seed in range(8)
        )
    return found


EXPECTED: dict[str, str] = {
    "official 2": "5334d6d604973676",
    "official 3": "c7e5c93e5c877aa0",
    "official 4": "b460d7fc6e970e49",
    "official 5": "5615d4b203a2cb2b",
    "official 6": "831711395cf656cb",
    "official 7": "f4317cce215eacf1",
    "official 8": "914bbbc1b44b4132",
    "official 9": "af5c3bb8e9cbd825",
    "official 10": "549c598f5e9c5dff",
    "official-2018 2": "a805eee01796da34",
    "official-2018 3": "83dec0072d5d5844",
    "official-2018 4": "2b1750e330250efe",
    "official-2018 5": "4987c14a7d1e6999",
    "official-2018 6": "891acca54139586e",
    "official-2018 7": "b3c4fffbfe803435",
    "official-2018 8": "4f33b1ef9f1075d4",
    "official-2018 9": "d63884b76c6e5e16",
    "official-2018 10": "40bd09409eb953f6",
    "official-2022 2": "46eed3fbba15cfaf",
    "official-2022 3": "93632a3b85a97189",
    "official-2022 4": "82740fee57f6d107",
    "official-2022 5": "4be011c3cf9184e3",
    "official-2022 6": "a8b0207dbae43f73",
    "official-2022 7": "8e227aec5e9d93c9",
    "official-2022 8": "e2b16a9e0d64800c",
    "official-2022 9": "83ec66055e801c3b",
    "official-2022 10": "6df440ae20a38dbb",
    "svenska 2": "5334d6d604973676",
    "svenska 3": "c7e5c93e5c877aa0",
    "svenska 4": "b460d7fc6e970e49",
    "svenska 5": "5615d4b203a2cb2b",
    "svenska 6": "831711395cf656cb",
    "svenska 7": "f4317cce215eacf1",
    "svenska 8": "914bbbc1b44b4132",
    "svenska 9": "af5c3bb8e9cbd825",
    "svenska 10": "549c598f5e9c5dff",
    "norsk 2": "c3280a20bbe93c04",
    "norsk 3": "2689d5ef06a12da5",
    "norsk 4": "3e01505a6b3f693a",
    "norsk 5": "c78feaf6e5a43677",
    "norsk 6": "4ea93e89dd2c9928",
    "norsk 7": "06c2e27251b1c255",
    "norsk 8": "61b1053df1dfb8a4",
    "norsk 9": "8a0170d6477b5ef0",
    "norsk 10": "8278e4c9cf1904e0",
    "kids 2": "16b7c5ad0ee5c3c8",
    "kids 3": "26be9d9d2b482770",
    "kids 4": "49604eabd5dcff49",
    "kids 5": "dc29a739991d769a",
    "kids 6": "808070304ea7f696",
    "kids 7": "58dc38424d9df458",
    "kids 8": "134520fcca5423ef",
    "kids 9": "b117f4c096873040",
    "kids 10": "984a40e6c18efa2f",
    "junior 2": "90abaf83efd9241b",
    "junior 3": "0bd4368a078ce94a",
    "junior 4": "af3cc17ce9f77ad2",
    "junior 5": "70809caa2035938e",
    "junior 6": "81540ab841cf6c5e",
    "two-decks 11": "0cf0451c41abd21a",
    "two-decks 12": "08645a8e1ecdee7f",
    "two-decks 13": "e062ebdb3c9a3579",
    "two-decks 14": "c2baf7834f7ca712",
    "two-decks 15": "8bd35a2e2c648fa2",
    "two-decks 16": "f901f24fd15b5db5",
    "two-decks 17": "9faa81581097f473",
    "two-decks 18": "dfa1118c3e91029c",
    "two-decks 19": "991f924f101079fa",
    "two-decks 20": "6c15393f0358ad1e",
    "kitchen-table 2": "5334d6d604973676",
    "kitchen-table 3": "c7e5c93e5c877aa0",
    "kitchen-table 4": "b460d7fc6e970e49",
    "kitchen-table 5": "5615d4b203a2cb2b",
    "kitchen-table 6": "831711395cf656cb",
    "kitchen-table 7": "f4317cce215eacf1",
    "kitchen-table 8": "914bbbc1b44b4132",
    "kitchen-table 9": "af5c3bb8e9cbd825",
    "kitchen-table 10": "549c598f5e9c5dff",
    "fair 2": "5334d6d604973676",
    "fair 3": "c7e5c93e5c877aa0",
    "fair 4": "b460d7fc6e970e49",
    "fair 5": "5615d4b203a2cb2b",
    "fair 6": "831711395cf656cb",
    "fair 7": "f4317cce215eacf1",
    "fair 8": "914bbbc1b44b4132",
    "fair 9": "af5c3bb8e9cbd825",
    "fair 10": "549c598f5e9c5dff",
    "official+start.number-only 2": "2b1959e4c303c9cf",
    "official+start.number-only 3": "7658ae67525509b1",
    "official+start.number-only 4": "56f8dfbefff10ee5",
    "official+start.number-only 5": "5bffd126ce1fc80b",
    "official+start.number-only 6": "ddb5333d073344cd",
    "official+start.number-only 7": "bbf914e30d26c802",
    "official+start.number-only 8": "347a30e4ebee4e1d",
    "official+start.number-only 9": "e4dd1f2f0aff1cbf",
    "official+start.number-only 10": "0640c31aefb5bb15",
    "official+start.reverse.right-of-dealer 2": "844a051984314b9d",
    "official+start.reverse.right-of-dealer 3": "bd4cc801915c597a",
    "official+start.reverse.right-of-dealer 4": "b174709e0d808f0a",
    "official+start.reverse.right-of-dealer 5": "61698a5d3bd65fee",
    "official+start.reverse.right-of-dealer 6": "8973c7a43c384075",
    "official+start.reverse.right-of-dealer 7": "c3f9a1cacc353999",
    "official+start.reverse.right-of-dealer 8": "e82cab545e018bf6",
    "official+start.reverse.right-of-dealer 9": "87906e603883ee09",
    "official+start.reverse.right-of-dealer 10": "dd9b3aa473664d78",
    "official+deck.modern-112 2": "a805eee01796da34",
    "official+deck.modern-112 3": "83dec0072d5d5844",
    "official+deck.modern-112 4": "2b1750e330250efe",
    "official+deck.modern-112 5": "4987c14a7d1e6999",
    "official+deck.modern-112 6": "891acca54139586e",
    "official+deck.modern-112 7": "b3c4fffbfe803435",
    "official+deck.modern-112 8": "4f33b1ef9f1075d4",
    "official+deck.modern-112 9": "d63884b76c6e5e16",
    "official+deck.modern-112 10": "40bd09409eb953f6",
    "official+deck.modern-112-swap 2": "b42539c6f8c59234",
    "official+deck.modern-112-swap 3": "ff3f1b531707bbea",
    "official+deck.modern-112-swap 4": "03dd4117e201d841",
    "official+deck.modern-112-swap 5": "9d7e21ecd6b8b5c6",
    "official+deck.modern-112-swap 6": "e146936f152a7ce1",
    "official+deck.modern-112-swap 7": "00bdd9a4e7593a46",
    "official+deck.modern-112-swap 8": "cc6ba981469df32b",
    "official+deck.modern-112-swap 9": "043131584ae2dd36",
    "official+deck.modern-112-swap 10": "354a0599d59263ef",
    "official+deck.junior 2": "b90ac1d6dbfc8493",
    "official+deck.junior 3": "f512eb70b82a790f",
    "official+deck.junior 4": "d24721696c252a34",
    "official+deck.junior 5": "be3dcb89efd7e32b",
    "official+deck.junior 6": "713628c287d9a0ca",
    "official dealer": "89799a585ebb7719",
    "official round_number": "319ec04da75ad325",
    "official scores": "2a5a2e044d5ae24e",
    "official deck string": "0286292ac36c2c69",
    "official deck cards": "ddb161d35cf218f7",
    "official deck whole": "819abb9479d7bee1",
    "official+score.elimination scores (0, 600, 120, 499, 500)": "137d8c527808d199",
    "official+score.elimination scores (510, 0, 520, 530, 20)": "2921ebdd10112b41",
    "official+score.penalty-points scores (10, 0, 499, 30, 0)": "88e59b9f03ce6b2c",
    "official+score.single-round scores (0, 0, 0, 0, 0)": "ed098d98800aa388",
    "official new_game": "6feacd7c09253079",
    "kitchen-table new_game": "6feacd7c09253079",
    "official+setup.dealer-draw new_game": "39e1d21a3ac157f1",
    "junior new_game": "726f178e267de248",
    "official next_round": "43d557f6b235ebcb",
    "official+score.elimination next_round": "73b253b0e21bde1b",
}
"""Digest of every case of :func:`cases`, recorded as the module says."""


def test_every_case_deals_the_recorded_states() -> None:
    found = cases()
    assert sorted(found) == sorted(EXPECTED)
    wrong = {name: digest(deal()) for name, deal in found.items()}
    wrong = {name: d for name, d in wrong.items() if d != EXPECTED[name]}
    assert not wrong, f"cases dealing other states than recorded: {sorted(wrong)}"


def test_the_cases_reach_every_start_card_path() -> None:
    """The pinned cases turn back a start card into the deck (a reshuffle),
    cover start cards, make a seat draw, name a colour and reverse, and
    leave seats out of the deal."""
    seen: Counter[str] = Counter()
    for deal in cases().values():
        for state in deal():
            seen["reshuffled"] += state.shuffles > 1
            seen["covered"] += len(state.discard_pile) > 1
            seen["drew"] += max(map(len, state.hands)) > 7
            seen["colour"] += state.phase is Phase.CHOOSE_COLOR
            seen["reversed"] += state.direction == -1
            seen["left out"] += min(map(len, state.hands)) == 0
    assert all(seen[k] >= 3 for k in ("reshuffled", "covered", "drew", "colour", "reversed"))
    assert seen["left out"] >= 3


def test_the_shuffle_is_the_standard_librarys() -> None:
    for size in (*range(12), 35, 36, 54, 107, 108, 112, 215, 216):
        for seed in range(40):
            expected = list(range(size))
            random.Random(f"{seed}:1:0").shuffle(expected)
            shuffled = list(range(size))
            dealing._shuffle(shuffled, random.Random(f"{seed}:1:0"))
            assert shuffled == expected, (size, seed)


@settings(max_examples=150, deadline=None)
@given(
    rules=urs.rule_sets(),
    data=st.data(),
    seed=st.integers(min_value=0, max_value=2**64),
)
def test_a_dealt_round_is_valid_and_holds_the_deck(
    rules: ur.RuleSet, data: st.DataObject, seed: int
) -> None:
    n = data.draw(st.integers(rules.deck.min_players, rules.deck.max_players), label="players")
    dealer = data.draw(st.none() | st.integers(0, n - 1), label="dealer")
    state = ur.new_round(rules, n, seed, dealer=dealer)
    ur.validate_state(state)
    held = Counter([*state.draw_pile, *state.discard_pile, *state.out_of_play])
    for hand in state.hands:
        held.update(hand)
    assert held == Counter(rules.deck.cards())
    assert state.dealer == (n - 1 if dealer is None else dealer)
    assert state.turns == 0 and state.round_number == 1 and state.scores == (0,) * n
    size = rules.deal.cards_each(rules.deck.hand_size)
    drawn = sorted(len(h) for h in state.hands)
    assert drawn[:-1] == [size] * (n - 1) and drawn[-1] in (size, size + 2)
    again = ur.new_round(rules, n, seed, dealer=dealer)
    assert line(again) == line(state)


if __name__ == "__main__":
    sys.stdout.write("EXPECTED: dict[str, str] = {\n")
    for name, deal in cases().items():
        sys.stdout.write(f"    {name!r}: {digest(deal())!r},\n")
    sys.stdout.write("}\n")


def test_start_wild_draw_four_a_deal_that_leaves_only_cards_that_go_back_is_refused() -> None:
    """``start.wild-draw-four``: a turned Wild Draw Four goes back and the
    pile is reshuffled. Two decks dealt 43 cards each to 5 players leave one
    card (216 - 215); with seed 53 it is a Wild Draw Four, which would go
    back forever. The deal is refused, naming the rule, instead of looping."""
    from unorules.errors import SituationError
    from unorules.rules.policies.deck import TwoDecks

    official = ur.presets.official()
    rules = official.replace(
        deck=TwoDecks(min_players=2), deal=attrs.evolve(official.deal, hand_size=43)
    )
    try:
        ur.new_round(rules, players=5, seed=53)
    except SituationError as error:
        assert "the one card left goes back (start.wild-draw-four)" in str(error)
    else:
        raise AssertionError("the deal should be refused")
    # A seed whose last card can start the pile deals as before.
    dealt = next(
        s for s in range(200) if _deals(lambda s=s: ur.new_round(rules, players=5, seed=s))
    )
    state = ur.new_round(rules, players=5, seed=dealt)
    assert [len(h) for h in state.hands] == [43] * 5 and len(state.discard_pile) == 1


def _deals(deal: Callable[[], GameState]) -> bool:
    from unorules.errors import SituationError

    try:
        deal()
    except SituationError:
        return False
    return True
