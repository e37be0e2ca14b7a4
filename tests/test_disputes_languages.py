"""Every acceptance case of disputes.md, settled in English, Swedish and
Norwegian with the seats named: the short verdict (headline and next) says
who draws how many and whose turn it is next, in each language.

The situations are those of ``tests/test_disputes.py``; the seats are named
Anna, Bo, Cilla, Dag (seat 0 first). The checks look for the outcome worked
out by hand from disputes.md (names, numbers of cards, the word for the
verdict), not for exact wording.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers import card

import unorules as ur

NAMES = ("Anna", "Bo", "Cilla", "Dag")
LANGS = ("en", "sv", "nb")

# The first word of a headline, by language: allowed, refused, bluff, no effect.
YES = {"en": "Yes – ", "sv": "Ja – ", "nb": "Ja – "}
NO = {"en": "No – ", "sv": "Nej – ", "nb": "Nei – "}
BLUFF = {"en": "Bluff – ", "sv": "Bluff – ", "nb": "Bløff – "}
VOID = {"en": "No effect – ", "sv": "Ingen verkan – ", "nb": "Ingen virkning – "}
FAILS = {
    "en": "The challenge fails – ",
    "sv": "Utmaningen misslyckas – ",
    "nb": "Utfordringen mislykkes – ",
}
SUCCEEDS = {
    "en": "The challenge succeeds – ",
    "sv": "Utmaningen lyckas – ",
    "nb": "Utfordringen lykkes – ",
}
CAUGHT = {"en": "Caught – ", "sv": "Rätt påpekat – ", "nb": "Tatt – "}
CARDS = {"en": "{n} cards", "sv": "{n} kort", "nb": "{n} kort"}
ONE_CARD = {"en": "1 card", "sv": "1 kort", "nb": "1 kort"}
NEXT = {"en": "Next: {name} plays", "sv": "Nästa: {name} spelar", "nb": "Neste: {name} spiller"}
OWES_NEXT = {
    "en": "Next: {name} draws {n} cards",
    "sv": "Nästa: {name} drar {n} kort",
    "nb": "Neste: {name} trekker {n} kort",
}
DRAWS = {
    "en": "{name} draws {n} cards",
    "sv": "{name} drar {n} kort",
    "nb": "{name} trekker {n} kort",
}
MISSES = {"en": "misses the turn", "sv": "står över sin tur", "nb": "står over"}
WINS = {
    "en": "The round is over: {name} wins it.",
    "sv": "Omgången är slut: {name} vinner.",
    "nb": "Runden er slutt: {name} vinner.",
}
COLOUR = {
    "en": "the colour is {c}.",
    "sv": "färgen är {c}.",
    "nb": "fargen er {c}.",
}
COLOURS = {
    "red": {"en": "red", "sv": "röd", "nb": "rød"},
    "blue": {"en": "blue", "sv": "blå", "nb": "blå"},
    "green": {"en": "green", "sv": "grön", "nb": "grønn"},
    "yellow": {"en": "yellow", "sv": "gul", "nb": "gul"},
}


def shorts(state: ur.GameState, move: ur.Move) -> dict[str, tuple[str, str]]:
    """(headline, next) of ``move`` in each language, the seats named."""
    out = {}
    for lang in LANGS:
        verdict = ur.explain(state, move, lang=lang, names=NAMES[: len(state.hands)])
        headline, _, after = verdict.short.partition("\n")
        assert (headline, after) == (verdict.headline, verdict.next)
        out[lang] = (headline, after)
    return out


def situation(spec: str, hands: list[str], top: str, **kw: object) -> ur.GameState:
    return ur.situation(ur.presets.get(spec), hands, top=top, **kw)  # type: ignore[arg-type]


def check(
    state: ur.GameState,
    move: ur.Move,
    head: Callable[[str], str],
    has: Callable[[str], list[str]],
    nxt: Callable[[str], list[str]],
) -> None:
    """In each language: the headline starts with ``head(lang)`` and holds
    each of ``has(lang)``; the next sentence holds each of ``nxt(lang)``."""
    for lang, (headline, after) in shorts(state, move).items():
        assert headline.startswith(head(lang)), (lang, headline)
        for part in has(lang):
            assert part in headline, (lang, part, headline)
        for part in nxt(lang):
            assert part in after, (lang, part, after)


def colour(name: str) -> Callable[[str], str]:
    return lambda lang: COLOUR[lang].format(c=COLOURS[name][lang])


# 1: a Wild Draw Four while holding the colour in force is a bluff: it stands
# unless Bo challenges (then Anna draws 4); if not, Bo draws 4 and misses the turn.
def test_dispute_01_bluff_says_what_a_challenge_costs_whom() -> None:
    s = situation("official", ["R3 W+4 G5", "B2 B9", "Y1 Y2"], "R7", draw_pile="G1 G2 G3 G4 G6")
    check(
        s,
        ur.Play(0, card("W+4"), ur.Color.BLUE),
        BLUFF.__getitem__,
        lambda lang: [
            "Bo",
            DRAWS[lang].format(name="Anna", n=4).split(" ")[-2],  # "4"
            "Anna",
            MISSES[lang],
        ],
        lambda lang: [OWES_NEXT[lang].format(name="Bo", n=4), colour("blue")(lang)],
    )
    en = shorts(s, ur.Play(0, card("W+4"), ur.Color.BLUE))["en"][0]
    assert "then Anna draws 4 cards" in en and "Bo draws 4 cards and misses the turn" in en


# 2: legal: Bo owes 4 (or challenges).
def test_dispute_02_legal_wd4_bo_owes_four() -> None:
    s = situation("official", ["G7 W+4 B5", "B2 B9", "Y1 Y2"], "R7")
    check(
        s,
        ur.Play(0, card("W+4"), ur.Color.GREEN),
        YES.__getitem__,
        lambda lang: ["Bo", CARDS[lang].format(n=4)],
        lambda lang: [OWES_NEXT[lang].format(name="Bo", n=4), colour("green")(lang)],
    )


def _draw_two_laid(spec: str) -> ur.GameState:
    s = situation(spec, ["R+2 G3 G4", "B+2 Y9", "G1 G2 G6"], "R5", draw_pile="Y1 Y2 Y3 Y4 Y5 Y6")
    return ur.apply(s, ur.Play(0, card("R+2")))


# 3: no stacking: Bo may not answer with B+2; he draws 2 and misses the turn,
# Cilla plays next (the draw itself).
def test_dispute_03_no_stacking() -> None:
    s = _draw_two_laid("official")
    check(
        s,
        ur.Play(1, card("B+2")),
        NO.__getitem__,
        lambda lang: ["Bo"],
        # Bo's one move left is to draw the 2: next, after it, Cilla plays.
        lambda lang: [NEXT[lang].format(name="Cilla"), colour("red")(lang)],
    )
    check(
        s,
        ur.Draw(1),
        YES.__getitem__,
        lambda lang: [DRAWS[lang].format(name="Bo", n=2), MISSES[lang]],
        lambda lang: [NEXT[lang].format(name="Cilla"), colour("red")(lang)],
    )


# 4: stacking: Cilla owes 4; not stacking, she draws 4 and misses the turn; Anna next.
def test_dispute_04_stacked_total_passes_on() -> None:
    s = _draw_two_laid("official+house.stack-draw-two")
    check(
        s,
        ur.Play(1, card("B+2")),
        YES.__getitem__,
        lambda lang: ["Cilla", CARDS[lang].format(n=4)],
        lambda lang: [OWES_NEXT[lang].format(name="Cilla", n=4), colour("blue")(lang)],
    )
    stacked = ur.apply(s, ur.Play(1, card("B+2")))
    check(
        stacked,
        ur.Draw(2),
        YES.__getitem__,
        lambda lang: [DRAWS[lang].format(name="Cilla", n=4), MISSES[lang]],
        lambda lang: [NEXT[lang].format(name="Anna")],
    )


# 5: two players: Reverse acts as Skip; Anna plays again.
def test_dispute_05_two_player_reverse() -> None:
    s = situation("official", ["GR G5", "B1 B2 B3"], "G3")
    called = ur.apply(s, ur.CallUno(0))
    again = {"en": "Anna plays again", "sv": "Anna spelar igen", "nb": "Anna spiller igjen"}
    check(
        called,
        ur.Play(0, card("GR")),
        YES.__getitem__,
        lambda lang: [again[lang]],
        lambda lang: [NEXT[lang].format(name="Anna"), colour("green")(lang)],
    )


DEAL_28 = "R1 Y1 G1 B1 R2 Y2 G2 B2 R3 Y3 G3 B3 R4 Y4 G4 B4 R5 Y5 G5 B5 R6 Y6 G6 B6 R8 Y8 G8 B8"


# 6: a Reverse start card: the dealer (Dag) plays first; he draws 1 card, it
# does not fit, and play goes counter-clockwise to Cilla.
def test_dispute_06_reverse_start_card() -> None:
    s = ur.new_round(
        ur.presets.get("official"), players=4, seed=1, deck=f"{DEAL_28} RR Y9", dealer=3
    )
    check(
        s,
        ur.Draw(3),
        YES.__getitem__,
        lambda lang: [f"Dag {DRAWS[lang].split(' ')[1]} {ONE_CARD[lang]}"],
        lambda lang: [NEXT[lang].format(name="Cilla"), colour("red")(lang)],
    )


# 7: a Draw Two start card: Anna has drawn 2 and is skipped; Bo plays first,
# so Anna may not play now.
def test_dispute_07_draw_two_start_card() -> None:
    s = ur.new_round(
        ur.presets.get("official"), players=4, seed=1, deck=f"{DEAL_28} R+2 Y9 Y7", dealer=3
    )
    check(
        s,
        ur.Play(0, card("R1")),
        NO.__getitem__,
        lambda lang: ["Anna"],
        lambda lang: [NEXT[lang].format(name="Bo"), colour("red")(lang)],
    )


# 8: a Wild Draw Four start card goes back and a new one is turned: with this
# shuffle a B+2, so Anna (left of the dealer) draws 2 and is skipped and Bo
# plays first, on blue; drawing out of turn, Dag is refused.
def test_dispute_08_wd4_start_card_goes_back() -> None:
    full = list(ur.classic_108())
    wd4 = card("W+4")
    full.remove(wd4)
    order = [*full[:28], wd4, *full[28:]]
    s = ur.new_round(ur.presets.get("official"), players=4, seed=5, deck=order, dealer=3)
    assert (s.top, s.current, len(s.hands[0])) == (card("B+2"), 1, 9)
    check(
        s,
        ur.Draw(3),
        NO.__getitem__,
        lambda lang: ["Dag"],
        lambda lang: [NEXT[lang].format(name="Bo"), colour("blue")(lang)],
    )


def _r3_laid(spec: str = "official") -> ur.GameState:
    s = situation(spec, ["R3 R5", "R9 B1 B2", "G1 G2 G3"], "R7", draw_pile="Y1 Y2 Y3 Y4 Y5")
    return ur.apply(s, ur.Play(0, card("R3")))


# 9: caught in time: Anna draws 2; Bo still plays next.
def test_dispute_09_missed_call_caught() -> None:
    check(
        _r3_laid(),
        ur.CatchUno(2, 0),
        CAUGHT.__getitem__,
        lambda lang: [DRAWS[lang].format(name="Anna", n=2), "UNO"],
        lambda lang: [NEXT[lang].format(name="Bo"), colour("red")(lang)],
    )


# 10: too late (Bo has played): the catch changes nothing; Cilla plays next.
def test_dispute_10_catch_too_late() -> None:
    s = ur.apply(_r3_laid(), ur.Play(1, card("R9")))
    check(
        s,
        ur.CatchUno(2, 0),
        VOID.__getitem__,
        lambda lang: ["Cilla", "Anna"],
        lambda lang: [NEXT[lang].format(name="Cilla"), colour("red")(lang)],
    )


# 11: the late call counts; a catch then changes nothing. Under call-strict the
# catch still costs Anna 2.
def test_dispute_11_late_call() -> None:
    s = _r3_laid()
    counts = {
        "en": "UNO call by Anna counts",
        "sv": "Anna har ropat UNO, och det räknas",
        "nb": "Anna har ropt UNO i tide",
    }
    check(
        s,
        ur.CallUno(0),
        YES.__getitem__,
        lambda lang: [counts[lang]],
        lambda lang: [NEXT[lang].format(name="Bo")],
    )
    called = ur.apply(s, ur.CallUno(0))
    check(
        called,
        ur.CatchUno(2, 0),
        VOID.__getitem__,
        lambda lang: ["Cilla", "Anna"],
        lambda lang: [NEXT[lang].format(name="Bo")],
    )
    strict = ur.apply(_r3_laid("official+uno.call-strict"), ur.CallUno(0))
    check(
        strict,
        ur.CatchUno(2, 0),
        CAUGHT.__getitem__,
        lambda lang: [DRAWS[lang].format(name="Anna", n=2)],
        lambda lang: [NEXT[lang].format(name="Bo")],
    )


# 12: the challenge fails: Bo draws 6 and misses the turn; Cilla plays next, on blue.
def test_dispute_12_failed_challenge() -> None:
    s = situation(
        "official", ["W+4 G7 B2", "Y5 Y6", "G1 G2"], "R7", draw_pile="Y1 Y2 Y3 Y4 B5 B6 B7 B8"
    )
    s = ur.apply(s, ur.Play(0, card("W+4"), ur.Color.BLUE))
    check(
        s,
        ur.Challenge(1),
        FAILS.__getitem__,
        lambda lang: [DRAWS[lang].format(name="Bo", n=6), MISSES[lang]],
        lambda lang: [NEXT[lang].format(name="Cilla"), colour("blue")(lang)],
    )


# 13: the bluff is caught: Anna draws 4; Bo draws nothing and plays next, on blue.
def test_dispute_13_caught_bluff() -> None:
    s = situation("official", ["W+4 R3 B2", "Y5 Y6", "G1 G2"], "R7", draw_pile="Y1 Y2 Y3 Y4 B5 B6")
    s = ur.apply(s, ur.Play(0, card("W+4"), ur.Color.BLUE))
    check(
        s,
        ur.Challenge(1),
        SUCCEEDS.__getitem__,
        lambda lang: [DRAWS[lang].format(name="Anna", n=4), "Bo"],
        lambda lang: [NEXT[lang].format(name="Bo"), colour("blue")(lang)],
    )


# 14: drawing though B9 fits is allowed (Anna draws 1); after it only the drawn
# card may be played: B9 is refused.
def test_dispute_14_only_the_drawn_card() -> None:
    s = situation("official", ["B9 G1", "R1 R2", "Y7 Y8"], "B4", draw_pile="Y4 G5 G6")
    check(
        s,
        ur.Draw(0),
        YES.__getitem__,
        lambda lang: [f"Anna {DRAWS[lang].split(' ')[1]} {ONE_CARD[lang]}"],
        lambda lang: ["Anna", colour("blue")(lang)],
    )
    drawn = ur.apply(s, ur.Draw(0))
    check(
        drawn,
        ur.Play(0, card("B9")),
        NO.__getitem__,
        lambda lang: ["Anna", {"en": "B9", "sv": "blå 9", "nb": "blå 9"}[lang]],
        lambda lang: ["Anna", colour("blue")(lang)],
    )


# 15: under force-play, drawing with a card that fits is refused; Anna is still to play.
def test_dispute_15_force_play() -> None:
    s = situation(
        "official+house.force-play", ["B9 G1", "R1 R2", "Y7 Y8"], "B4", draw_pile="Y4 G5 G6"
    )
    check(
        s,
        ur.Draw(0),
        NO.__getitem__,
        lambda lang: ["Anna"],
        lambda lang: [NEXT[lang].format(name="Anna"), colour("blue")(lang)],
    )


# 16: the last card ends the round: Anna wins it.
def test_dispute_16_last_card_wins() -> None:
    s = situation("official", ["GS", "W W+4 R+2", "B3"], "G1")
    # 50 (W) + 50 (W+4) + 20 (R+2) + 3 (B3) = 123 points for Anna
    won = {
        "en": "Anna wins the round and scores 123 points",
        "sv": "Anna vinner omgången och får 123 poäng",
        "nb": "Anna vinner runden og får 123 poeng",
    }
    check(
        s,
        ur.Play(0, card("GS")),
        YES.__getitem__,
        lambda lang: [won[lang]],
        lambda lang: [WINS[lang].format(name="Anna")],
    )


# 17: out of turn: Bo may not play Y8; Anna is to play.
def test_dispute_17_out_of_turn() -> None:
    s = situation("official", ["B1 B2", "Y8 G3", "G5 G6"], "Y2", current=0)
    check(
        s,
        ur.Play(1, card("Y8")),
        NO.__getitem__,
        lambda lang: ["Bo", {"en": "Y8", "sv": "gul 8", "nb": "gul 8"}[lang]],
        lambda lang: [NEXT[lang].format(name="Anna"), colour("yellow")(lang)],
    )


# 18: jump-in: Cilla lays G4 out of turn; Dag plays next.
def test_dispute_18_jump_in() -> None:
    hands = ["R1 R2 R3", "B1 B2 B3", "G4 Y1", "Y5 Y6 Y7"]
    s = situation("official+house.jump-in", hands, "G4", current=0)
    jumps = {"en": "Cilla jumps in", "sv": "Cilla hoppar in", "nb": "Cilla hopper inn"}
    check(
        s,
        ur.Play(2, card("G4")),
        YES.__getitem__,
        lambda lang: [jumps[lang]],
        lambda lang: [NEXT[lang].format(name="Dag"), colour("green")(lang)],
    )
    official = situation("official", hands, "G4", current=0)
    check(
        official,
        ur.Play(2, card("G4")),
        NO.__getitem__,
        lambda lang: ["Cilla"],
        lambda lang: [NEXT[lang].format(name="Anna")],
    )


# 19: the seven swaps Anna's hand with Cilla's; Bo plays next.
def test_dispute_19_seven_swaps() -> None:
    s = situation("official+house.seven-zero", ["R7 B1", "Y5 Y6", "G1 G2 G3 G4"], "R2")
    called = ur.apply(s, ur.CallUno(0))
    swap = {
        "en": "Anna and Cilla swap hands",
        "sv": "Anna och Cilla byter hand",
        "nb": "Anna og Cilla bytter hånd",
    }
    check(
        called,
        ur.Play(0, card("R7"), swap_with=2),
        YES.__getitem__,
        lambda lang: [swap[lang]],
        lambda lang: [NEXT[lang].format(name="Bo"), colour("red")(lang)],
    )


# 20: an empty draw pile: the discard pile but its top Wild is shuffled into a
# new draw pile; Anna draws 1, which is not red and does not fit; Bo plays next,
# red still in force.
def test_dispute_20_reshuffle() -> None:
    s = situation(
        "official",
        ["G7 B8", "Y1 Y2", "B1 B2"],
        "W",
        color="red",
        draw_pile="",
        discard_pile="G1 G2 B3 Y4 B5 W",
    )
    shuffled = {
        "en": "the discard pile is shuffled into a new draw pile",
        "sv": "slänghögen blandas om till en ny draghög",
        "nb": "kastebunken stokkes til en ny trekkebunke",
    }
    check(
        s,
        ur.Draw(0),
        YES.__getitem__,
        lambda lang: [shuffled[lang], f"Anna {DRAWS[lang].split(' ')[1]} {ONE_CARD[lang]}"],
        lambda lang: [NEXT[lang].format(name="Bo"), colour("red")(lang)],
    )


@pytest.mark.parametrize("lang", LANGS)
def test_every_short_verdict_is_two_lines_with_a_full_stop(lang: str) -> None:
    s = _r3_laid()
    for move in ur.legal_moves(s):
        verdict = ur.explain(s, move, lang=lang, names=NAMES[:3])
        head, nxt = verdict.short.split("\n")
        assert head.endswith(".") and nxt.endswith("."), verdict.short
