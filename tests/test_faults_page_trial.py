"""Faults a Swedish parent and a Norwegian teenager found settling their own
disputes on the dispute page: a verdict hedged, or said as fact, on cards
nobody gave where those cards cannot change it, or where the question itself
says which card it was. Each answer worked out by hand from the official
rules."""

from __future__ import annotations

from unorules.web import settle


def test_a_card_drawn_and_laid_at_once_is_the_card_drawn() -> None:
    # Pappa (seat 1) draws from a pile nobody gave and lays a red 3 on the red 8:
    # the family asks whether the card just drawn may be laid. Official rules:
    # yes, a drawn card that fits may be played at once (draw.one-then-may-play).
    # Before, the pile as dealt gave Pappa a card that did not fit, the turn
    # passed, and the page said "It depends; as dealt here: No – it is Jag's turn".
    r = settle(
        "topp röd 8; händer ?7 / ?7 / ?7; tur 1; namn Mamma Pappa Jag",
        "Pappa drar; Pappa lägger röd 3",
        "official",
        "sv",
    )
    assert r["short"] == "Ja – Pappa får lägga röd 3.\nNästa: Jag spelar, färgen är röd."
    assert r["depends"] is False
    assert r["assumes"] == [
        "kortet som Pappa drog och som ingen angav antas vara röd 3, det kort som Pappa lade"
    ]


def test_a_drawn_card_that_cannot_be_laid_is_not_assumed() -> None:
    # The red 3 would not fit the blue 8 even if drawn: whatever Pappa drew, he may not
    # lay it (a fitting card drawn may be laid, a red 3 does not fit). No card is
    # taken to have been drawn; the verdict is No under every deal.
    r = settle("top B8; hands ?7 / ?7 / ?7; turn 1", "1 draw; 1 play R3", "official", "en")
    assert r["short"].startswith("No – seat 1 may not play R3")
    assert r["depends"] is False
    assert not any("taken to be R3" in note for note in r["assumes"])


def test_a_refusal_the_hand_cannot_change_is_not_hedged() -> None:
    # Sondre lays a green Draw Two; Meg answers with a Wild Draw Four. Officially no
    # card answers a Draw Two (the debt is drawn), so Meg's unknown cards cannot change
    # the answer. Before, the page said "It depends on Meg's hand – whether W+4 may be
    # laid rests on her 6 cards nobody gave".
    r = settle(
        "topp grønn 6; hender ?3 / ?6 / ?5; navn Sondre Meg Pappa",
        "Sondre legger grønn Trekk 2; Meg legger Trekk 4 rød",
        "official",
        "nb",
    )
    assert r["short"].startswith("Nei – Meg får ikke legge Trekk 4 og velge fargen rød: Meg må")
    assert "kommer an på" not in r["short"]
    assert r["depends"] is False


def test_a_wild_draw_four_on_an_unknown_hand_stays_hedged() -> None:
    # Without a Draw Two owed, whether the Wild Draw Four was lawful does rest on the
    # layer's unknown cards (a green card among them makes it a bluff): both ways said.
    r = settle("top G6; hands ?6 / ?5", "0 play W+4 red", "official", "en")
    assert r["short"].startswith(
        "It depends on seat 0's hand: if seat 0 held a green card, it is a bluff"
    )
    assert r["depends"] is True
