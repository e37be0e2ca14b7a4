"""The rules catalogue: every rule unorules knows, under a stable ID.

The catalogue is the library's vocabulary. Each entry of :data:`CATALOGUE` is a
:class:`RuleInfo` that tells, in plain English, what one rule of the game says:
an official rule, a variant that a source reads differently, or a house rule.
The IDs are stable, and
they are what the rest of the library speaks in: policies carry their IDs,
verdicts and :class:`~unorules.errors.IllegalMove` errors cite them, the
``unorules rules`` command lists them and the rules reference of the docs is
generated from them.

Where the sources disagree, each reading has its own ID and a rule set picks
one of them. Where no source settles a question, the entry's
``interpretation`` says which reading the library takes.

Seats are numbered 0 to n-1 clockwise; "left of" a player means the next seat
clockwise.

>>> rule("wd4.no-matching-colour").title
'Wild Draw Four restriction'
>>> rule("wd4.no-matching-colour").official
True
>>> SECTIONS[rule("house.jump-in").section]
'House rules'
"""

from __future__ import annotations

import difflib
import types
from collections.abc import Mapping

import attrs

from unorules._mypyc import untyped
from unorules.errors import Message, RuleSetError, msg

__all__ = [
    "CATALOGUE",
    "EDITIONS",
    "SECTIONS",
    "SOURCES",
    "RuleInfo",
    "nearest",
    "rule",
    "rule_ids",
]

SECTIONS: dict[str, str] = {
    "components": "Components",
    "setup": "Setup",
    "start": "Start card effects",
    "turn": "A turn",
    "actions": "Action cards",
    "uno": "UNO call",
    "challenge": "Challenging a Wild Draw Four",
    "end": "End of round and the piles",
    "scoring": "Scoring",
    "house": "House rules",
    "all-wild": "UNO All Wild",
    "no-mercy": "UNO Show 'em No Mercy",
    "flip": "UNO Flip",
}
"""Section key -> section heading, in the order of the rules reference."""

EDITIONS: tuple[str, ...] = ("all-wild", "no-mercy", "flip")
"""The sections of :data:`SECTIONS` that are other editions of the game
(their rule IDs start with the section's key): a rule set takes them
together, by the edition's preset."""

SOURCES: dict[str, str] = {
    "000": "Swedish guide to UNO: rules, scoring, house rules and table disputes",
    "002": "Swedish step-by-step rules, with the special cards and the challenge",
    "003": "Norwegian guide: rules, the 112-card deck's special cards, UNO Junior, online play",
    "004": "Swedish introduction: history, rules, special cards and two ways of scoring",
    "Mattel": "Mattel's printed instructions and public clarifications",
    "UNO app": "the rules of the official UNO mobile app",
    "house lists": "widely published lists of UNO house rules",
    "uno-online": "the house rules of letsuno/uno-online, an open-source UNO game for the browser",
    "edition guides": (
        "published guides to the printed rules of the other editions (rules sites, reviews "
        "and the makers' announcements)"
    ),
}
"""Source key -> what that source is. The seed texts are Swedish or Norwegian web pages."""

_ALL = ("000", "002", "003", "004", "Mattel")  # "all" in the spec's source column


def _check_section(_instance: object, _attribute: object, value: str) -> None:
    if value not in SECTIONS:
        raise ValueError(f"unknown section {value!r}; expected one of {', '.join(SECTIONS)}")


def _check_summary(_instance: object, _attribute: object, value: str) -> None:
    if "\n" in value or len(value) > 100:
        raise ValueError(f"a summary must be one line of at most 100 characters: {value!r}")


def _check_sources(_instance: object, _attribute: object, value: tuple[str, ...]) -> None:
    unknown = [source for source in value if source not in SOURCES]
    if unknown:
        raise ValueError(f"unknown source(s) {', '.join(map(repr, unknown))}")


@attrs.frozen(slots=True, kw_only=True)
class RuleInfo:
    """One rule of the catalogue.

    Attributes:
        id: the stable rule ID, e.g. ``"wd4.no-matching-colour"``.
        section: the key in :data:`SECTIONS` of the part of the rules it belongs to.
        title: a short name of two to six words.
        summary: one line (at most 100 characters) for listings.
        text: the full rule in one to four sentences.
        sources: keys of :data:`SOURCES` that state the rule; empty when none does.
        interpretation: for a gap that no source settles, the reading the library
            takes; ``None`` when the sources settle the rule.
        official: whether the rule belongs to the ``official`` preset.
    """

    id: str
    section: str = attrs.field(validator=untyped(_check_section))
    title: str
    summary: str = attrs.field(validator=untyped(_check_summary))
    text: str
    sources: tuple[str, ...] = attrs.field(validator=untyped(_check_sources))
    interpretation: str | None = None
    official: bool = False


_RULES: tuple[RuleInfo, ...] = (
    # --- Components -------------------------------------------------------------------------
    RuleInfo(
        id="deck.classic-108",
        section="components",
        title="Classic 108-card deck",
        summary="108 cards: 25 in each of the four colours, plus 4 Wild and 4 Wild Draw Four.",
        text=(
            "The classic deck has 108 cards. Each colour (red, yellow, green and blue) has 25: "
            "a single 0, a pair of every number from 1 to 9, and a pair each of Skip, Reverse "
            "and Draw Two. Eight black cards complete it, 4 Wild and 4 Wild Draw Four, so the "
            "deck holds 76 number cards, 24 coloured action cards and 8 wild cards."
        ),
        sources=("000", "004", "Mattel"),
        official=True,
    ),
    RuleInfo(
        id="deck.modern-112",
        section="components",
        title="Modern 112-card deck",
        summary=(
            "The 2018-on printing: the classic 108 plus a Wild Shuffle Hands and three blank Wilds."
        ),
        text=(
            "Decks printed since 2018 add four cards to the classic 108: one Wild Shuffle Hands "
            "and three blank Wild Customizable cards. Before play the table decides whether to use "
            "none, one, two or all three of the blank cards."
        ),
        sources=("003", "Mattel"),
    ),
    RuleInfo(
        id="deck.modern-112-swap",
        section="components",
        title="Modern deck with Swap Hands",
        summary="The modern deck with a Wild Swap Hands in place of the Wild Shuffle Hands.",
        text=(
            "Some printings of the modern deck have a Wild Swap Hands where others have the "
            "Wild Shuffle Hands. The three blank Wild Customizable cards are included as well."
        ),
        sources=("Mattel",),
    ),
    RuleInfo(
        id="deck.two-decks",
        section="components",
        title="Two decks combined",
        summary="Two classic decks shuffled together (216 cards) for 11 to 20 players.",
        text=(
            "For 11 to 20 players, shuffle two classic decks together into a single deck of "
            "216 cards. The rules stay the same; a higher target score, such as 1000, keeps "
            "the game from running too long."
        ),
        sources=("000",),
    ),
    RuleInfo(
        id="deck.junior",
        section="components",
        title="UNO Junior deck",
        summary=(
            "36 cards for small children: numbers 1-7, Draw Twos and free cards; 5 each, no score."
        ),
        text=(
            "UNO Junior and My First UNO use 36 cards: the numbers 1 to 7 in each of the four "
            'colours (28 cards), 4 Draw Two and 4 wild "free" cards. Each player is dealt 5 '
            "cards and no score is kept. If the start card is not a number card, another card "
            "is turned up on top of it."
        ),
        sources=("003", "Mattel"),
    ),
    RuleInfo(
        id="players.range",
        section="components",
        title="Number of players",
        summary="One deck is for 2 to 10 players; more than 10 players need two decks.",
        text=(
            "A game with one deck is for 2 to 10 players. With more than 10 players, two decks "
            "are needed."
        ),
        sources=("000", "003", "004"),
        official=True,
    ),
    # --- Setup ------------------------------------------------------------------------------
    RuleInfo(
        id="setup.dealer-draw",
        section="setup",
        title="Choosing the first dealer",
        summary=(
            "Each player draws a card and the highest number deals; action and wild cards are "
            "worth 0."
        ),
        text=(
            "To decide who deals first, each player draws one card. Whoever holds the biggest "
            "number is the first dealer; for this draw, action cards and wild cards are worth "
            "zero."
        ),
        sources=("003", "Mattel"),
        interpretation=(
            "When several players tie for the highest card, only those players draw again, "
            "until one of them is highest."
        ),
    ),
    RuleInfo(
        id="setup.deal",
        section="setup",
        title="Dealing the hands",
        summary="The dealer shuffles and deals 7 cards each, one at a time, clockwise.",
        text=(
            "The dealer shuffles and gives every player 7 cards, one card at a time, going "
            "clockwise. Each player keeps their hand hidden from the others. The cards left "
            "over are placed face down as the draw pile."
        ),
        sources=("000", "002", "003", "004"),
        official=True,
    ),
    RuleInfo(
        id="setup.start-card",
        section="setup",
        title="Turning the start card",
        summary="The draw pile's top card is turned over and starts the discard pile.",
        text=(
            "Once the cards are dealt, the dealer turns over the draw pile's top card and lays it "
            "face up beside the pile. This start card is the first card of the discard pile."
        ),
        sources=_ALL,
        official=True,
    ),
    RuleInfo(
        id="setup.first-player",
        section="setup",
        title="Who plays first",
        summary="The player to the dealer's left has the first turn, and play goes clockwise.",
        text=(
            "The first turn belongs to the player on the dealer's left, the next seat clockwise. "
            "Play then goes on clockwise."
        ),
        sources=("000", "002", "004"),
        official=True,
    ),
    RuleInfo(
        id="setup.dealer-rotates",
        section="setup",
        title="Dealer passes clockwise",
        summary="Each new round is dealt by the player to the left of the previous dealer.",
        text=(
            "After every round the deal passes one seat clockwise, so that everyone deals "
            "equally often."
        ),
        sources=("000",),
        official=True,
    ),
    # --- Start card effects -----------------------------------------------------------------
    RuleInfo(
        id="start.skip",
        section="start",
        title="Skip as start card",
        summary="A Skip start card: the player to the dealer's left loses the first turn.",
        text=(
            "If the start card is a Skip, the player on the dealer's left is skipped, and the "
            "player after them takes the first turn."
        ),
        sources=("000", "003"),
        official=True,
    ),
    RuleInfo(
        id="start.reverse.dealer",
        section="start",
        title="Reverse start: dealer first",
        summary=(
            "A Reverse start card: the dealer has the first turn, and play runs counter-clockwise."
        ),
        text=(
            "If the start card is a Reverse, the dealer takes the first turn and play goes "
            "counter-clockwise from there. Mattel's UNO Flip instruction sheet gives the same "
            "reading."
        ),
        sources=("000", "002", "Mattel"),
        official=True,
    ),
    RuleInfo(
        id="start.reverse.right-of-dealer",
        section="start",
        title="Reverse start: dealer's right first",
        summary=(
            "A Reverse start card: play goes counter-clockwise, starting with the dealer's right."
        ),
        text=(
            "If the start card is a Reverse, play begins counter-clockwise and the first turn "
            "goes to the player on the dealer's right, the next seat counter-clockwise. This is "
            "the reading of older Mattel instruction sheets."
        ),
        sources=("003", "Mattel"),
    ),
    RuleInfo(
        id="start.draw-two",
        section="start",
        title="Draw Two as start card",
        summary=(
            "A Draw Two start card: the player to the dealer's left draws 2 cards and is skipped."
        ),
        text=(
            "If the start card is a Draw Two, the player on the dealer's left draws 2 cards and "
            "loses the turn, so the next player clockwise plays first."
        ),
        sources=("000", "002", "003"),
        official=True,
    ),
    RuleInfo(
        id="start.wild",
        section="start",
        title="Wild as start card",
        summary="A Wild start card: the player to the dealer's left names the colour, then plays.",
        text=(
            "If the start card is a Wild, the player on the dealer's left chooses the colour to "
            "begin with and then takes their turn as usual."
        ),
        sources=("000", "002", "003"),
        official=True,
    ),
    RuleInfo(
        id="start.wild-draw-four",
        section="start",
        title="Wild Draw Four as start card",
        summary="A Wild Draw Four start card goes back into the deck, which is reshuffled.",
        text=(
            "A Wild Draw Four may not begin the discard pile. It is put back into the draw "
            "pile, the draw pile is shuffled, and a new start card is turned up."
        ),
        sources=("000", "002", "003"),
        interpretation=(
            "002 and 003 only say that the card is put back. The library reshuffles as well, "
            "as 000 does, so that the same card cannot simply turn up again."
        ),
        official=True,
    ),
    RuleInfo(
        id="start.wd4-bottom",
        section="start",
        title="Wild Draw Four start to bottom",
        summary="A Wild Draw Four start card goes to the bottom of the draw pile, unshuffled.",
        text=(
            "A Wild Draw Four may not begin the discard pile. It is put at the bottom of the "
            "draw pile, which is not shuffled, and the next card is turned up instead."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online always does this: its start card is never a Wild Draw Four, and the "
            "card stays in the deck in a known place rather than being shuffled back in, as "
            "the printed rules have it. The card turned next is the one below it."
        ),
    ),
    RuleInfo(
        id="start.wild-skipped",
        section="start",
        title="Wild start card to bottom",
        summary="A Wild start card goes to the bottom of the draw pile, and the next is turned.",
        text=(
            "A Wild may not begin the discard pile either. It is put at the bottom of the draw "
            "pile, which is not shuffled, and the next card is turned up instead, so nobody "
            "names a colour before the first turn."
        ),
        sources=("uno-online",),
        interpretation=(
            "This is uno-online's default (its option wildFirstTurn off). With that option on, "
            "uno-online lets the first player name the colour and the next one play; the "
            "printed rule, where the player who names the colour also plays, is the one the "
            "library offers for a Wild start card."
        ),
    ),
    RuleInfo(
        id="start.shuffle-hands",
        section="start",
        title="Shuffle Hands as start card",
        summary=(
            "A Wild Shuffle Hands start card: the player to the dealer's left names the colour."
        ),
        text=(
            "If the start card is a Wild Shuffle Hands, the player on the dealer's left names "
            "the colour to begin with, as for a plain Wild. No hands are collected or redealt."
        ),
        sources=("003",),
    ),
    RuleInfo(
        id="start.customizable",
        section="start",
        title="Customizable or Swap Hands start",
        summary=(
            "A Wild Customizable or Wild Swap Hands start card counts as a plain Wild start card."
        ),
        text=(
            "If the start card is a Wild Customizable or a Wild Swap Hands, it counts as a plain "
            "Wild: the player on the dealer's left names the colour and then takes their turn."
        ),
        sources=(),
        interpretation=(
            "No source covers these start cards. The library treats them as a plain Wild, and "
            "their own effect does not happen."
        ),
    ),
    RuleInfo(
        id="start.number-only",
        section="start",
        title="Only a number card starts",
        summary="Variant: cards are turned until a number card begins the discard pile.",
        text=(
            "Under this variant, from the 2022 printing and UNO Junior, an action or wild card "
            "turned up at the start is covered by the next card from the draw pile, and so on "
            "until a number card lies on top. No start card effect ever applies."
        ),
        sources=("Mattel",),
    ),
    # --- A turn -----------------------------------------------------------------------------
    RuleInfo(
        id="play.match",
        section="turn",
        title="Matching the discard pile",
        summary=(
            "A card may be played if its colour, number or symbol matches the discard pile's top."
        ),
        text=(
            "On their turn a player may lay one card that has the same colour, the same number "
            "or the same symbol as the top card of the discard pile. After a Wild, the colour "
            "that was named counts as the colour of the top card."
        ),
        sources=("000", "002", "003", "004"),
        interpretation=(
            "004 names only colour and number. The library lets symbols match too (a Skip on a "
            "Skip), as all the other sources do."
        ),
        official=True,
    ),
    RuleInfo(
        id="play.one-card",
        section="turn",
        title="One card per turn",
        summary="Only one card may be laid per turn, even if several would fit.",
        text="A turn lays exactly one card, however many cards in the hand could be played.",
        sources=("000",),
        official=True,
    ),
    RuleInfo(
        id="play.in-turn",
        section="turn",
        title="Acting only in turn",
        summary=(
            "Playing and drawing are for the player whose turn it is, except where a rule says so."
        ),
        text=(
            "Playing and drawing belong to the player whose turn it is. Anyone else may act only "
            "where a rule gives them the right: calling UNO, catching a missed UNO call, "
            "challenging a Wild Draw Four, or jumping in under that house rule."
        ),
        sources=_ALL,
        official=True,
    ),
    RuleInfo(
        id="info.hand-sizes-public",
        section="turn",
        title="Hand sizes are public",
        summary="Hands are secret, but anyone may see how many cards each player holds.",
        text=(
            "Nobody may look at another player's cards, yet the number of cards in each hand is "
            "open to all. So what a player knows of the game includes the hand size of every "
            "opponent."
        ),
        sources=("000",),
        official=True,
    ),
    RuleInfo(
        id="house.open-below",
        section="house",
        title="Small hands face up",
        summary=(
            "House rule: a hand of fewer than N cards is shown to everyone (N is 3 unless given)."
        ),
        text=(
            "The table sets a number N (house.open-below=N; 3 unless given). Every hand of "
            "fewer than N cards is laid open so all players can see it; bigger hands stay "
            "hidden."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (handRevealThreshold) shows hands of N cards or fewer, so its setting"
            " 2 is house.open-below=3 here."
        ),
    ),
    RuleInfo(
        id="wild.any-time",
        section="turn",
        title="Wild playable any time",
        summary="A Wild may be laid on any card, even when other cards fit; it names any colour.",
        text=(
            "A Wild may go on top of any card, even when the player holds other cards that "
            "would fit. Whoever lays it names one of the four colours, which may be the colour "
            "already in force."
        ),
        sources=("000", "002", "003"),
        official=True,
    ),
    RuleInfo(
        id="wild.restricted",
        section="turn",
        title="Restricted plain Wild",
        summary=(
            "Variant: a plain Wild may be laid only if no card fits the current colour or number."
        ),
        text=(
            "Under this variant a plain Wild is allowed only when the player holds no card "
            "that matches the current colour or the current number."
        ),
        sources=("004",),
    ),
    RuleInfo(
        id="wd4.no-matching-colour",
        section="turn",
        title="Wild Draw Four restriction",
        summary="A Wild Draw Four may be laid only if the hand has no card of the colour in force.",
        text=(
            "A player may lay a Wild Draw Four only when their hand holds no card of the colour "
            "currently in force; cards that match only by number or symbol, and other wild "
            "cards, do not count. What the card does once laid is action.wild-draw-four."
        ),
        sources=("000", "003", "Mattel", "002"),
        official=True,
    ),
    RuleInfo(
        id="wd4.no-playable-card",
        section="turn",
        title="Wild Draw Four as last resort",
        summary=(
            "Variant: a Wild Draw Four may be laid only if no "
            "other card in the hand could be played."
        ),
        text=(
            "Under this variant a Wild Draw Four is allowed only when no other card in the hand "
            "could be played, whether by colour, number or symbol."
        ),
        sources=("004", "002"),
        interpretation=(
            "Other wild cards in the hand do not count as playable here, so holding a Wild "
            "does not rule out the Wild Draw Four."
        ),
    ),
    RuleInfo(
        id="wd4.unrestricted",
        section="turn",
        title="Unrestricted Wild Draw Four",
        summary="House rule: a Wild Draw Four may be laid at any time, so it cannot be challenged.",
        text=(
            "Under this house rule a Wild Draw Four may be laid whenever the player likes, like "
            "a plain Wild. As no play of it can be illegal, there is nothing to challenge."
        ),
        sources=("house lists",),
    ),
    RuleInfo(
        id="draw.one-then-may-play",
        section="turn",
        title="Drawing a single card",
        summary="A player who does not play draws one card and may play it at once if it fits.",
        text=(
            "A player who does not lay a card draws one card from the draw pile. If that card "
            "fits, they may play it straight away but need not; if it does not fit, or they "
            "keep it, the turn passes on. The drawn card is not shown to the others."
        ),
        sources=("000", "002", "003", "004", "Mattel"),
        official=True,
    ),
    RuleInfo(
        id="draw.allowed-when-playable",
        section="turn",
        title="Drawing despite a playable card",
        summary=(
            "A player may draw although a card in hand fits; then only the card just drawn may "
            "be played."
        ),
        text=(
            "A player may choose to draw even though a card in their hand could be played. Once "
            "they have drawn, the only card they may still play that turn is the one they just "
            "drew."
        ),
        sources=("000", "002", "003", "Mattel"),
        official=True,
    ),
    # --- Action cards -----------------------------------------------------------------------
    RuleInfo(
        id="action.skip",
        section="actions",
        title="Skip card",
        summary="Skip: the next player misses their turn, and no card can prevent it.",
        text=(
            "When a Skip is laid, the next player in the direction of play loses their turn "
            "without drawing anything. No card can be played to stop it."
        ),
        sources=_ALL,
        official=True,
    ),
    RuleInfo(
        id="action.reverse",
        section="actions",
        title="Reverse card",
        summary="Reverse: the direction of play changes.",
        text=(
            "When a Reverse is laid, play changes direction: clockwise becomes counter-clockwise "
            "and counter-clockwise becomes clockwise."
        ),
        sources=_ALL,
        official=True,
    ),
    RuleInfo(
        id="action.draw-two",
        section="actions",
        title="Draw Two card",
        summary="Draw Two: the next player draws 2 cards and misses their turn.",
        text=(
            "When a Draw Two is laid, the next player draws 2 cards and loses their turn. Under "
            "the official rules they cannot escape by laying a Draw Two or Wild Draw Four of "
            "their own."
        ),
        sources=("000", "003", "Mattel"),
        official=True,
    ),
    RuleInfo(
        id="action.wild",
        section="actions",
        title="Wild card",
        summary="Wild: its player names the colour the next player has to follow.",
        text=(
            "Whoever lays a Wild chooses the colour in force, any of the four and the present "
            "one included. The next player must then lay a card of that colour or a wild card."
        ),
        sources=_ALL,
        official=True,
    ),
    RuleInfo(
        id="action.wild-draw-four",
        section="actions",
        title="Wild Draw Four card",
        summary=(
            "Wild Draw Four: the player names the colour; the next player draws 4 and is skipped."
        ),
        text=(
            "Whoever lays a Wild Draw Four chooses the colour in force, and the next player "
            "takes 4 cards and misses their turn. A challenge or a stacking house rule can "
            "change who draws; when the card may be laid at all is a separate rule (wd4.*)."
        ),
        sources=("000", "003", "004", "Mattel"),
        official=True,
    ),
    RuleInfo(
        id="action.two-player-reverse",
        section="actions",
        title="Reverse with two players",
        summary="With two players a Reverse works like a Skip, so its player has another turn.",
        text=(
            "When there are only two players, a Reverse acts as a Skip: the opponent loses their "
            "turn, and the player of the Reverse goes again. 000 applies this whenever only two "
            "players are still playing, for example after others have gone out under the "
            "play-on variant."
        ),
        sources=("000", "Mattel"),
        official=True,
    ),
    RuleInfo(
        id="action.shuffle-hands",
        section="actions",
        title="Wild Shuffle Hands",
        summary="Wild Shuffle Hands: every hand is gathered, shuffled and dealt out again.",
        text=(
            "Whoever lays a Wild Shuffle Hands gathers all the players' hands, shuffles them "
            "together and deals them out one at a time, beginning with the player on their "
            "left, so the cards are shared as evenly as possible. They also name the colour to "
            "play next."
        ),
        sources=("003", "Mattel"),
    ),
    RuleInfo(
        id="action.swap-hands",
        section="actions",
        title="Wild Swap Hands",
        summary="Wild Swap Hands: the player picks an opponent and the two trade hands.",
        text=(
            "Whoever lays a Wild Swap Hands picks any opponent, exchanges whole hands with that "
            "player, and names the colour to play next."
        ),
        sources=("Mattel",),
    ),
    RuleInfo(
        id="action.customizable",
        section="actions",
        title="Wild Customizable",
        summary="Wild Customizable: a blank Wild that may carry a rule of the table's own.",
        text=(
            "A Wild Customizable, the blank card, is played as a Wild. The table may give it a "
            "rule of its own, and the library provides a hook for supplying that effect."
        ),
        sources=("003", "Mattel"),
    ),
    # --- UNO call ---------------------------------------------------------------------------
    RuleInfo(
        id="uno.call",
        section="uno",
        title="Calling UNO",
        summary=(
            "A player playing down to one card must call UNO, at the latest before the next player "
            "acts."
        ),
        text=(
            "Whoever plays a card that leaves them with one card in hand must call out "
            '"UNO". The call counts if made just before the card goes down, and also if made '
            "afterwards, as long as the next player has not yet played or drawn."
        ),
        sources=("000", "Mattel"),
        interpretation=(
            "A call is owed only by a player who played down to one card. Someone left with one "
            "card in another way, say by a hand swap, need not call."
        ),
        official=True,
    ),
    RuleInfo(
        id="uno.call-strict",
        section="uno",
        title="Strict UNO call",
        summary=(
            "Variant: UNO must be called before the next-to-last card is down; a late call is no "
            "use."
        ),
        text=(
            "Under this variant a player has to call UNO while the card that leaves them with one "
            "is still in their hand. Once that card is on the discard pile, calling no longer "
            "protects them from the penalty."
        ),
        sources=("002",),
    ),
    RuleInfo(
        id="uno.call-at-two",
        section="uno",
        title="UNO call at two cards",
        summary="Variant (online play): UNO is called while holding two cards, before laying one.",
        text=(
            "Under this variant, used by online versions of the game, a player must call UNO "
            "while still holding two cards, that is before laying the second-to-last one."
        ),
        sources=("003",),
    ),
    RuleInfo(
        id="uno.penalty",
        section="uno",
        title="Missed UNO penalty",
        summary=(
            "A missed UNO call that is caught in time costs 2 cards; the turn order is unchanged."
        ),
        text=(
            "A player who forgot to call UNO and is caught by someone else in time draws 2 "
            "cards. Each missed call can be punished only once, and the order of "
            "turns stays as it was. Whichever comes first, the call or the catch, settles it."
        ),
        sources=("000", "002", "003", "004"),
        official=True,
    ),
    RuleInfo(
        id="uno.call-at-one",
        section="uno",
        title="UNO only at one card",
        summary=("Variant: UNO counts only once the second-to-last card is down, never before."),
        text=(
            "The call counts only while the player already holds a single card: a call made "
            "while still holding two does not count. The player calls right after laying the "
            "second-to-last card, and may be caught in the moment before the call."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (its option strictUnoCall) accepts the call at any later time until "
            "the player is caught. The library lets the call count until the next player "
            "plays or draws, as uno.call does for a late call."
        ),
    ),
    RuleInfo(
        id="uno.none",
        section="uno",
        title="No UNO calls",
        summary="Variant: nobody calls UNO and nobody can be caught for not calling.",
        text=(
            "Under this variant a player left with one card says nothing. There is no call to"
            " forget, so nobody can be caught and nobody draws a penalty for it."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (its option silentUno) still accepts a call, which has no effect; the"
            " library says such a call changes nothing."
        ),
    ),
    RuleInfo(
        id="uno.catch-any-time",
        section="uno",
        title="Catching at any time",
        summary=("Variant: a missed UNO call can be pointed out as long as that one card is held."),
        text=(
            "A player who did not call UNO can be caught at any later time, however many "
            "turns have passed, as long as they still hold that single card and have not been"
            " caught for it already. Once they draw or go out, there is nothing left to "
            "catch."
        ),
        sources=("uno-online",),
        interpretation=(
            "In uno-online this is not an option but how the game always works. Whether a "
            "late call still counts is left to the call rule in force (uno.call: until the "
            "next player plays or draws)."
        ),
    ),
    RuleInfo(
        id="uno.window-closes",
        section="uno",
        title="Catching window closes",
        summary="A forgotten UNO call can be caught only until the next player plays or draws.",
        text=(
            "A missing UNO call can be pointed out only until the next player plays a card or "
            "draws one. After that it is too late, and no penalty is due."
        ),
        sources=("000", "003", "Mattel"),
        official=True,
    ),
    RuleInfo(
        id="uno.window-until-play",
        section="uno",
        title="Catching window until play",
        summary=(
            "Variant: only a card played by the next player ends the chance to catch a missed call."
        ),
        text=(
            "Under this variant a missing UNO call can still be pointed out after the next "
            "player has drawn; only their playing a card ends the chance."
        ),
        sources=("002", "004"),
    ),
    RuleInfo(
        id="uno.required-to-win",
        section="uno",
        title="UNO required to win",
        summary="Variant: a player can go out only if they called UNO.",
        text="Under this variant a player can win the round only after having called UNO.",
        sources=("004",),
        interpretation=(
            "A player whose call is missing may not lay their last card; on their turn they "
            "have to draw instead."
        ),
    ),
    RuleInfo(
        id="uno.reminder",
        section="uno",
        title="Reminder instead of penalty",
        summary="Variant for children: a missed UNO call gets a reminder, not a penalty.",
        text=(
            "When playing with children, a forgotten UNO call is met with a friendly reminder, "
            "and no penalty cards are drawn."
        ),
        sources=("000",),
    ),
    RuleInfo(
        id="uno.false-call",
        section="uno",
        title="Penalty for a false UNO",
        summary="House rule: calling UNO when not down to one card costs 2 cards.",
        text=(
            "Under this house rule, a player who calls UNO when they are not down to a single "
            "card, nor about to be by laying their second-to-last card, draws 2 cards as a "
            "penalty."
        ),
        sources=("house lists",),
    ),
    # --- Challenging a Wild Draw Four -------------------------------------------------------
    RuleInfo(
        id="challenge.wd4",
        section="challenge",
        title="Challenging a Wild Draw Four",
        summary=(
            "The player hit by a Wild Draw Four may challenge: a "
            "bluffer draws 4, a wrong challenger 6."
        ),
        text=(
            "Before drawing, the player hit by a Wild Draw Four may challenge it, and whoever "
            "laid it must show their hand to the challenger alone. If that hand held a card of "
            "the colour in force, the play was illegal: the one who laid it draws the 4 cards, "
            "and the challenger draws nothing and keeps their turn. If the play was legal, the "
            "challenger draws 6 cards and loses their turn."
        ),
        sources=("000", "003", "004", "Mattel"),
        interpretation=(
            "When a bluff is caught, the colour named with the Wild Draw Four stays. If the "
            "Wild Draw Four answered a stacked total (house.stack-*), that answer was "
            "unlawful: the total it passed on goes back to the bluffer along with the 4, and "
            "the challenger draws nothing and plays on. A failed challenge of such a card "
            "costs the challenger the whole total plus 2."
        ),
        official=True,
    ),
    RuleInfo(
        id="challenge.anyone",
        section="challenge",
        title="Anyone may challenge",
        summary="Variant: every player but the one who laid it may challenge a Wild Draw Four.",
        text=(
            "Under this variant any player except the one who laid the Wild Draw Four may "
            "challenge it, not just the player who has to draw."
        ),
        sources=("000",),
    ),
    RuleInfo(
        id="challenge.take-back",
        section="challenge",
        title="Bluffer takes card back",
        summary=(
            "Variant: a bluff that is caught is undone; the bluffer plays a legal card and draws 4."
        ),
        text=(
            "Under this variant a player caught bluffing takes the Wild Draw Four back into "
            "their hand and must lay a legal card from that hand in its place; only then do "
            "they draw 4 cards, before the next player acts. If the Wild Draw Four had "
            "answered a stacked total, they owe that total again: they answer it as the "
            "stacking rules allow or take it, and then draw the 4."
        ),
        sources=("002",),
    ),
    RuleInfo(
        id="challenge.penalty",
        section="challenge",
        title="Failed challenge penalty",
        summary=("Variant: a failed challenge costs the 4 cards plus a number the table chooses."),
        text=(
            "The table chooses how many cards a failed challenge costs beyond the 4 of the "
            "Wild Draw Four: written challenge.penalty=N, the challenger draws 4 + N and "
            "misses the turn. The printed rules have N = 2."
        ),
        sources=("Mattel", "uno-online"),
        interpretation=(
            "N counts the extra cards, not the total, and a caught bluffer still draws 4. "
            "uno-online has no such option: its failed challenge always costs 6."
        ),
    ),
    RuleInfo(
        id="challenge.also-wild",
        section="challenge",
        title="Challenging a plain Wild",
        summary="Variant (with the restricted Wild): a plain Wild may be challenged as well.",
        text=(
            "Where plain Wilds are restricted, a plain Wild may be challenged in the same way as "
            "a Wild Draw Four."
        ),
        sources=("004",),
        interpretation=(
            "If the Wild was laid illegally, the one who laid it draws 4 cards; if it was legal, "
            "the challenger draws 2."
        ),
    ),
    RuleInfo(
        id="challenge.none",
        section="challenge",
        title="No challenges",
        summary="Variant: nobody may challenge a Wild Draw Four.",
        text="Under this variant nobody may challenge a Wild Draw Four.",
        sources=("000",),
        interpretation=(
            "The Wild Draw Four restriction still holds. Since no challenge can expose a bluff, "
            "the library enforces the restriction itself and refuses an illegal Wild Draw Four."
        ),
    ),
    # --- End of round and the piles ---------------------------------------------------------
    RuleInfo(
        id="end.last-card",
        section="end",
        title="Going out ends the round",
        summary="The round ends as soon as a player lays their last card, whatever card it is.",
        text=(
            "The round is over the moment a player lays their final card, and that player wins "
            "it. Any kind of card may be the last one."
        ),
        sources=("000", "Mattel"),
        official=True,
    ),
    RuleInfo(
        id="end.last-card-draw-applies",
        section="end",
        title="Final draw card still counts",
        summary=(
            "A winning Draw Two or Wild Draw Four still gives the next player cards, which then "
            "score."
        ),
        text=(
            "If the winning card is a Draw Two or a Wild Draw Four, the next player still draws "
            "the 2 or 4 cards, and those cards count toward the winner's score. This is Mattel's "
            "official ruling."
        ),
        sources=("003", "Mattel"),
        official=True,
    ),
    RuleInfo(
        id="end.last-card-no-effect",
        section="end",
        title="Final card has no effect",
        summary="Swedish reading: the effect of the final card is void, so nobody draws.",
        text=(
            "In the Swedish reading the round is over before the final card can act, so a "
            "winning Draw Two or Wild Draw Four makes nobody draw."
        ),
        sources=("000",),
    ),
    RuleInfo(
        id="end.no-wd4-last",
        section="end",
        title="No Wild Draw Four finish",
        summary=(
            "Variant: nobody may go out on a Wild Draw Four; holding just that, a player draws 3."
        ),
        text=(
            "Under this variant a Wild Draw Four may not be the card that wins the round. A "
            "player whose only card is a Wild Draw Four draws 3 cards, and the game goes on."
        ),
        sources=("003",),
    ),
    RuleInfo(
        id="end.no-draw-card-last",
        section="end",
        title="No draw card finish",
        summary=(
            "Variant: the last card may not be a Draw Two or Wild Draw Four; trying costs 1 card."
        ),
        text=(
            "A Draw Two or Wild Draw Four may not be the card a player goes out with. A "
            "player whose only card is one of them draws 1 card instead, and the turn passes."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (its option noFunctionCardFinish) lets the player who drew keep the "
            "turn and lay the card at once, as it is no longer the last. The library passes "
            "the turn, as end.no-wd4-last does."
        ),
    ),
    RuleInfo(
        id="end.no-wild-last",
        section="end",
        title="No wild finish",
        summary="Variant: the last card may not be a wild card; trying costs 1 card.",
        text=(
            "A Wild or Wild Draw Four may not be the card a player goes out with. A player "
            "whose only card is a wild card draws 1 card instead, and the turn passes."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (its option noWildFinish) lets the player who drew keep the turn. "
            "With both this rule and end.no-draw-card-last, a Skip or Reverse may still be "
            "the last card, so together they are not end.number-card-last."
        ),
    ),
    RuleInfo(
        id="end.number-card-last",
        section="end",
        title="Finish on a number card",
        summary="House rule: a player may go out only with a number card.",
        text=(
            "Under this house rule the last card a player lays must be a number card; an action "
            "card or a wild card cannot finish a hand."
        ),
        sources=("000",),
    ),
    RuleInfo(
        id="end.shuffle-hands-last",
        section="end",
        title="Shuffle Hands as last card",
        summary=(
            "A Wild Shuffle Hands cannot win a round: as a final card it still deals everyone new "
            "hands."
        ),
        text=(
            "A Wild Shuffle Hands played as a player's final card still has its effect: the hands "
            "are gathered and dealt out again, and the player who laid it gets cards like "
            "everyone else, so they have not gone out."
        ),
        sources=("Mattel",),
    ),
    RuleInfo(
        id="end.play-on",
        section="end",
        title="Playing on for places",
        summary="Variant: after someone goes out, the rest play on for the next places.",
        text=(
            "Under this variant the round does not stop when the first player goes out: the "
            "others keep playing for second place, third place and so on, until only one player "
            "still holds cards."
        ),
        sources=("000",),
    ),
    RuleInfo(
        id="pile.reshuffle",
        section="end",
        title="Reshuffling the discard pile",
        summary="An empty draw pile is rebuilt by shuffling all the discards except the top card.",
        text=(
            "When the draw pile runs out, every card of the discard pile except the top one is "
            "shuffled and put face down as the new draw pile. The colour in force, even one "
            "named for a wild card, stays the same, and nobody loses a turn."
        ),
        sources=("000", "003", "Mattel"),
        interpretation=(
            '002 says only that "the cards of the face-up pile" are shuffled into a new draw '
            "pile, without keeping its top card back; the library leaves the top card where it "
            "is, as 000, 003 and Mattel do."
        ),
        official=True,
    ),
    RuleInfo(
        id="pile.exhausted",
        section="end",
        title="Running out of cards",
        summary=(
            "If nothing is left to draw or reshuffle, the round ends and the hands are scored."
        ),
        text=(
            "If a card has to be drawn but the draw pile is empty and the discard pile holds "
            "nothing to reshuffle, the round ends there and every hand is scored as it stands."
        ),
        sources=("000",),
        interpretation=(
            "When the winner takes the points, the lowest hand value decides: that player is the "
            "winner of the round and gets the points of all other hands; if two or more tie for "
            "the lowest "
            "value, nobody scores."
        ),
        official=True,
    ),
    RuleInfo(
        id="pile.nothing-to-draw",
        section="end",
        title="No draw from nothing",
        summary=("With nothing left to draw or reshuffle, a player who can play a card must play."),
        text=(
            "When the draw pile is empty and the discard pile holds nothing to reshuffle, a "
            "player who holds a card that can be played may not draw, and must play. Only a "
            "player who must draw and cannot ends the round (pile.exhausted)."
        ),
        sources=(),
        interpretation=(
            "The sources do not say whether a player who could play may still choose to draw "
            "from piles that hold nothing. The library reads a draw that cannot be carried out "
            "as no move while a card can be played, so that no player ends the round by "
            "choosing to draw nothing; the round ends by pile.exhausted only when a player "
            "must draw (no card can be played, or cards are owed) and cannot. It holds under "
            "every rule set."
        ),
        official=True,
    ),
    # --- Scoring ----------------------------------------------------------------------------
    RuleInfo(
        id="score.card-values",
        section="scoring",
        title="Card point values",
        summary=(
            "Number cards score their number; Skip, Reverse and "
            "Draw Two 20; Wild and Wild Draw Four 50."
        ),
        text=(
            "A number card is worth its number. Skip, Reverse and Draw Two are worth 20 points "
            "each, and Wild and Wild Draw Four 50 each. The Wild Shuffle Hands, Wild Swap Hands "
            "and Wild Customizable of the 2018 printing are worth 40."
        ),
        sources=("000", "002", "004", "Mattel"),
        official=True,
    ),
    RuleInfo(
        id="score.card-values-2022",
        section="scoring",
        title="2022 card values",
        summary="Variant (2022 printing): all wild cards score 50 points.",
        text=(
            "In the 2022 printing, each wild card counts 50, the Wild Shuffle Hands, "
            "Wild Swap Hands and Wild Customizable included. Other cards keep their usual "
            "values."
        ),
        sources=("Mattel",),
    ),
    RuleInfo(
        id="score.winner-takes",
        section="scoring",
        title="Winner takes the points",
        summary=(
            "The round's winner scores the value of all "
            "opponents' hands; rounds go on to the target."
        ),
        text=(
            "The winner of a round scores the combined value of the cards left in all the "
            "opponents' hands. Rounds are played until a player's total reaches the target "
            "score."
        ),
        sources=("000", "002", "003", "004"),
        official=True,
    ),
    RuleInfo(
        id="score.penalty-points",
        section="scoring",
        title="Penalty points",
        summary="Variant: players score their own hands; at the target, the lowest total wins.",
        text=(
            "Under this variant, after each round every player adds the value of their own "
            "remaining cards to their total. When anyone's total reaches the target score the "
            "game ends, and the player with the lowest total wins."
        ),
        sources=("000", "003", "Mattel"),
    ),
    RuleInfo(
        id="score.elimination",
        section="scoring",
        title="Elimination scoring",
        summary="Variant: reaching 500 points knocks a player out; the last player left in wins.",
        text=(
            "Each player adds the value of their own remaining cards after every round. A player "
            "whose total reaches 500 is out of the game. Once only two players remain, they play "
            "on until one of them reaches 500, and the other wins the game."
        ),
        sources=("004",),
    ),
    RuleInfo(
        id="score.single-round",
        section="scoring",
        title="Single-round game",
        summary="Variant: no score is kept; the first player to go out wins.",
        text=(
            "Under this variant nobody keeps score: the game is one round, and the first player "
            "to get rid of all their cards wins."
        ),
        sources=("000", "003"),
    ),
    RuleInfo(
        id="score.target",
        section="scoring",
        title="Target score",
        summary=(
            "Games are played to a target score, normally 500; with two decks 1000 is suggested."
        ),
        text=(
            "The game is played to a target score that the table may set. The default target is "
            "500 points; with two decks, 1000 is suggested."
        ),
        sources=("000", "003"),
        interpretation=(
            "The game ends as soon as a total reaches the target: 000 and 003 both say a "
            'player "når" (reaches) 500. Only 000\'s account of penalty points says '
            '"passerar" (passes); the library reads it the same way, so a total of exactly '
            "500 ends that game too."
        ),
        official=True,
    ),
    # --- House rules ------------------------------------------------------------------------
    RuleInfo(
        id="score.double",
        section="scoring",
        title="Double points",
        summary="The round's winner scores twice the value of the other hands.",
        text=(
            "The winner of a round counts the cards left in the other hands as usual and "
            "scores twice that sum. The target score stays where it was."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (its option doubleScore) checks the target before it doubles, so a "
            "doubled total past the target may not end its game at once; the library ends the "
            "game as soon as the doubled total reaches the target."
        ),
    ),
    RuleInfo(
        id="score.most-cards-out",
        section="scoring",
        title="Most cards leaves",
        summary=(
            "Variant: after each round the player holding the most cards is out; the last one"
            " left wins."
        ),
        text=(
            "No points are counted. At the end of each round the player still in the game who"
            " holds the most cards leaves the game; the others play on. The last player left "
            "wins the game."
        ),
        sources=("uno-online",),
        interpretation=(
            "A tie for the most cards goes against the higher hand value, then against the "
            "lower seat number; uno-online (its option elimination) takes the first in seat "
            "order at once. The totals count the rounds each player has come through, so the "
            "players still in share the highest total."
        ),
    ),
    RuleInfo(
        id="house.stack-draw-two",
        section="house",
        title="Stacking Draw Twos",
        summary=(
            "House rule: a Draw Two can be stacked on a Draw Two, passing the growing total on."
        ),
        text=(
            "A player hit by a Draw Two may lay a Draw Two of their own instead of drawing; the "
            "total grows by 2 and moves on to the next player. The first player who cannot or "
            "will not add to the stack draws the whole total. 002 treats this as the normal "
            "rule."
        ),
        sources=("000", "002", "003"),
        interpretation="The player who draws the stack also loses their turn.",
    ),
    RuleInfo(
        id="house.stack-draw-four-on-two",
        section="house",
        title="Wild Draw Four on Draw Two",
        summary=("Stacking option: a Wild Draw Four can be laid on a pending Draw Two, adding 4."),
        text=(
            "Together with Draw Two stacking, a Wild Draw Four may also be laid on a pending "
            "Draw Two; it adds 4 cards to the total and passes it on."
        ),
        sources=("000", "002"),
    ),
    RuleInfo(
        id="house.stack-draw-four",
        section="house",
        title="Stacking Wild Draw Fours",
        summary="House rule: a Wild Draw Four can be stacked on a Wild Draw Four: 8 cards, 12, ...",
        text=(
            "A player hit by a Wild Draw Four may lay another Wild Draw Four instead of drawing, "
            "so the next player faces 8 cards, then 12, and so on."
        ),
        sources=("000",),
    ),
    RuleInfo(
        id="house.stack-escalating",
        section="house",
        title="Escalating stacks",
        summary=(
            "Stacking variant: a draw card may be answered only by one of equal or higher value."
        ),
        text=(
            "In this form of stacking, in the style of UNO No Mercy, a pending draw card may be "
            "answered only with a draw card that makes the next player draw at least as many "
            "cards."
        ),
        sources=("house lists",),
    ),
    RuleInfo(
        id="house.stack-draw-two-on-four",
        section="house",
        title="Draw Two on Wild Draw Four",
        summary=("Stacking option: a Draw Two can be laid on a pending Wild Draw Four, adding 2."),
        text=(
            "A player hit by a Wild Draw Four may lay a Draw Two of any colour instead of "
            "drawing; the total grows by 2 and moves on to the next player, who may answer in"
            " turn or draw it all and miss the turn."
        ),
        sources=("uno-online", "house lists"),
        interpretation=(
            "The rule works alone or with the other stacking rules (uno-online's crossStack "
            "goes both ways: house.stack-draw-four-on-two is the other half). Laying the Draw"
            " Two gives up the challenge of the Wild Draw Four."
        ),
    ),
    RuleInfo(
        id="house.revenge",
        section="house",
        title="Revenge draws",
        summary="House rule: a draw card laid on a draw card counts twice its value.",
        text=(
            "A Draw Two or Wild Draw Four laid on a Draw Two or Wild Draw Four, whether in "
            "answer to it under a stacking rule or simply matching it, makes the next player "
            "draw twice its value: 4 for a Draw Two, 8 for a Wild Draw Four."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (its option revengeMode) leaves a Draw Two's revenge out when a "
            "stacking option is on; the library doubles it either way. A card that only "
            "answers a debt adds its doubled value to the total."
        ),
    ),
    RuleInfo(
        id="house.stack-skip",
        section="house",
        title="Stacking Skips",
        summary=(
            "House rule: a Skip may be answered with a Skip, passing the skip on to the next seat."
        ),
        text=(
            "A player about to be skipped may lay a Skip of their own; the skip then moves on to "
            "the next player. Whoever cannot or will not answer with a Skip takes the skip "
            "(a pass) and loses the turn."
        ),
        sources=("house lists",),
    ),
    RuleInfo(
        id="house.skip-deflect",
        section="house",
        title="Deflecting with a Skip",
        summary=(
            "House rule: a Skip answers a Draw Two or Wild Draw Four owed, passing it all on."
        ),
        text=(
            "A player hit by a Draw Two or Wild Draw Four may lay a Skip of any colour "
            "instead of drawing. The whole debt passes unchanged to the next player, who is "
            "not skipped: they may deflect again, answer as the rules allow, or draw it all."
        ),
        sources=("uno-online",),
        interpretation=(
            "The Skip's colour is then in force, and deflecting gives up the challenge of a "
            "Wild Draw Four. uno-online (skipDeflect) needs a stacking option for a Draw Two;"
            " the library's rule works alone."
        ),
    ),
    RuleInfo(
        id="house.reverse-deflect",
        section="house",
        title="Deflecting with a Reverse",
        summary=(
            "House rule: a Reverse answers a draw card owed; the debt goes back the other way."
        ),
        text=(
            "A player hit by a Draw Two or Wild Draw Four may lay a Reverse of any colour "
            "instead of drawing. The direction of play changes and the whole debt goes to the"
            " player now next, who is the one who laid the draw card."
        ),
        sources=("uno-online",),
        interpretation=(
            "With two players the debt goes to the other player. The Reverse's colour is then"
            " in force, and deflecting gives up the challenge of a Wild Draw Four. uno-online"
            " has one option for each draw card (reverseDeflectDrawTwo, "
            "reverseDeflectDrawFour) and needs a stacking option for a Draw Two; the "
            "library's one rule covers both and works alone."
        ),
    ),
    RuleInfo(
        id="house.jump-in",
        section="house",
        title="Jumping in",
        summary="House rule: anyone holding an exact copy of the top card may lay it out of turn.",
        text=(
            "A player who holds a card identical to the top card of the discard pile, with the "
            "same colour and the same number or symbol, may lay it even when it is not their "
            "turn. Play then carries on from that player. Wild cards cannot be used to jump in."
        ),
        sources=("000", "003", "house lists"),
    ),
    RuleInfo(
        id="house.jump-in-wild",
        section="house",
        title="Jumping in with wild cards",
        summary=(
            "Jump-in option: a Wild may jump in on a Wild, a Wild Draw Four on a Wild Draw Four."
        ),
        text=(
            "Together with jumping in, a wild card identical to the top card may be laid out "
            "of turn too: a Wild on a Wild, a Wild Draw Four on a Wild Draw Four. The player "
            "who jumps in names the colour, and play carries on from them."
        ),
        sources=("uno-online",),
        interpretation=(
            "A Wild Draw Four that jumps in is judged like any other: under the challenge "
            "rules, against the colour in force before it."
        ),
    ),
    RuleInfo(
        id="house.seven-zero",
        section="house",
        title="Sevens and zeros",
        summary=(
            "House rule: a 7 swaps hands with a chosen opponent; a 0 moves every hand one seat on."
        ),
        text=(
            "Whoever lays a 7 picks an opponent and the two trade hands. Whoever lays a 0 makes "
            "every hand move one seat in the direction of play, so each player receives the hand "
            "of the player before them. At most tables a 7 or 0 that is a player's final card has "
            "no effect."
        ),
        sources=("000", "003", "house lists"),
        interpretation=(
            "000 also says that each player takes over the next player's cards, which would "
            "move the hands the other way. The library moves them in the direction of play."
        ),
    ),
    RuleInfo(
        id="house.teams",
        section="house",
        title="Playing in teams",
        summary=(
            "House rule: opposite seats are partners; a partner going out wins the round for both."
        ),
        text=(
            "With an even number of players, four or more, each player's partner is the "
            "player sitting opposite. When one of them goes out, both score the cards left in"
            " the other players' hands, not their partner's, and partners share one total. "
            "The first team to reach the target wins the game."
        ),
        sources=("uno-online", "house lists"),
        interpretation=(
            "With an odd number of players, or two, everyone plays alone. uno-online (its "
            "option teamMode) makes teams of alternate seats, so with six or eight players "
            "its teams are of three or four, and the winner's points include the partners' "
            "cards; the library keeps teams of two."
        ),
    ),
    RuleInfo(
        id="house.seven-swap",
        section="house",
        title="Sevens swap hands",
        summary=(
            "House rule: a 7 swaps hands with an opponent of the layer's choice; 0 does nothing."
        ),
        text=(
            "Whoever lays a 7 picks an opponent and the two trade hands. A 0 is an ordinary "
            "number card. A 7 that is a player's final card has no effect."
        ),
        sources=("uno-online", "house lists"),
        interpretation=(
            "uno-online (sevenSwapHands) lets the layer choose any other player although its "
            "label says the next one; the library lets the layer choose too."
        ),
    ),
    RuleInfo(
        id="house.zero-pass",
        section="house",
        title="Zeros pass hands on",
        summary="House rule: a 0 moves every hand one seat on in the direction of play.",
        text=(
            "Whoever lays a 0 makes every hand move one seat in the direction of play; a 7 is"
            " an ordinary number card. A 0 that is a player's final card has no effect."
        ),
        sources=("uno-online", "house lists"),
        interpretation=(
            "uno-online (zeroRotateHands) moves the hands even after a last 0, once the round"
            " is scored; the library leaves a last 0 without effect, as under house.seven-"
            "zero."
        ),
    ),
    RuleInfo(
        id="house.seven-optional",
        section="house",
        title="Optional swap on 7",
        summary="Variant: after laying a 7 the player may choose not to swap hands.",
        text=(
            "With sevens and zeros in play, the swap after a 7 is up to the player who laid it; "
            "they may also decline to swap."
        ),
        sources=("003",),
    ),
    RuleInfo(
        id="house.multiple-identical",
        section="house",
        title="Laying identical cards together",
        summary=(
            "House rule: several identical cards, such as two green fives, may be laid at once."
        ),
        text=(
            "A player may lay several identical cards, such as two green fives, together in one "
            "turn. When several Skips are laid at once, each of them skips one more player."
        ),
        sources=("000", "004"),
    ),
    RuleInfo(
        id="house.misplay-penalty",
        section="house",
        title="Penalty for a misplaced card",
        summary="House rule: a card laid that does not fit goes back and costs a card.",
        text=(
            "A card laid that does not fit is not simply refused: it goes back into the player's "
            "hand, the player draws 1 card as a penalty, and the turn passes to the next player. "
            "A card laid out of turn, or in answer to cards owed, is refused as before."
        ),
        sources=("uno-online",),
        interpretation=(
            "A misplay is a mistake the rule judges, not a move a player chooses: the library "
            "lists it among no legal moves, but accepts and judges it when it is made."
        ),
    ),
    RuleInfo(
        id="house.multiple-same-number",
        section="house",
        title="More cards of the same number",
        summary="House rule: more cards of the same number, any colour, may follow in one turn.",
        text=(
            "A player who lays a number card that fits may go on, in the same turn, to lay "
            "further cards of the same number in any colours, one after another. The last card "
            "laid decides the colour for the next player."
        ),
        sources=("uno-online",),
        interpretation=(
            "Only the first card has to fit the discard pile; each further card only has to "
            "show the same number. The cards go down in the order the player lays them, so the "
            "player picks the colour by the card they lay last. A play of several cards is "
            "made on the player's own turn only: not after drawing, not in answer to cards "
            "owed, and not when jumping in."
        ),
    ),
    RuleInfo(
        id="house.bomb",
        section="house",
        title="Number bomb",
        summary=(
            "House rule: three or more cards of one number at once make every other player draw."
        ),
        text=(
            "A player who lays three or more cards of the same number in one turn sets off a "
            "bomb: every other player draws one card. The bomb needs a rule that lets several "
            "cards be laid at once, such as laying identical cards together or more cards of "
            "the same number."
        ),
        sources=("uno-online",),
        interpretation=(
            "The other players draw one after another in the direction of play, and nobody "
            "misses a turn because of it. If the bomb empties the player's hand, the others "
            "still draw first, so their new cards count when the round is scored."
        ),
    ),
    RuleInfo(
        id="house.force-play",
        section="house",
        title="Must play if able",
        summary="House rule: a player who can play must play; drawing by choice is not allowed.",
        text=(
            "If any card in the hand can be played, the player must play one; drawing is "
            "allowed only when nothing fits."
        ),
        sources=("000",),
    ),
    RuleInfo(
        id="house.hand-limit",
        section="house",
        title="Hand limit",
        summary=("House rule: a player holding N cards or more may not draw; they play or pass."),
        text=(
            "The table sets a limit N (house.hand-limit=N; 25 unless given). A player holding"
            " N cards or more may not draw in their turn: they lay a card that fits, or pass "
            "when none does. Cards owed from a draw card or a penalty are still drawn in "
            "full."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (handLimit) offers 15, 20 or 25 and ends a round as a draw when every"
            " player is stuck at the limit; the library lets play go on while a card is left "
            "to fit."
        ),
    ),
    RuleInfo(
        id="house.blind-draw",
        section="house",
        title="Blind draw",
        summary=("House rule: the drawn card goes to the hand unplayed and the turn passes."),
        text=(
            "A player who draws in their turn takes the card into the hand without laying it,"
            " even when it fits, and the turn passes to the next player."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (blindDraw) only hides which card was drawn and still lets it be "
            "played; the library reads the rule as its name says, so the drawn card cannot be"
            " played that turn."
        ),
    ),
    RuleInfo(
        id="house.play-drawn",
        section="house",
        title="Drawn card must be played",
        summary="House rule: a playable card that was just drawn has to be played straight away.",
        text=(
            "If the card a player draws can be played, they have to play it straight away "
            "instead of keeping it."
        ),
        sources=("000", "003", "UNO app"),
    ),
    RuleInfo(
        id="house.draw-until-playable",
        section="house",
        title="Draw until playable",
        summary=(
            "House rule: a player who cannot play draws card after card until one can be played."
        ),
        text=(
            "A player who cannot play draws one card after another until they get a card that "
            "can be played."
        ),
        sources=("house lists",),
    ),
    RuleInfo(
        id="house.kids",
        section="house",
        title="Rules for young children",
        summary="House rule: no Wild Draw Four or challenges, open hands, no score, UNO reminders.",
        text=(
            "For young children the Wild Draw Four cards are taken out, so there are no "
            "challenges, and everyone plays with their hand face up. No score is kept, and a "
            "player who forgets to call UNO gets a reminder instead of a penalty."
        ),
        sources=("000", "003"),
    ),
    RuleInfo(
        id="house.timed-turns",
        section="house",
        title="Timed turns",
        summary=(
            "House rule: turns are timed, and a player who runs out of time draws one penalty card."
        ),
        text=(
            "Each player has a set time to make their move. A player whose time runs out draws "
            "one card as a penalty."
        ),
        sources=("003",),
    ),
    RuleInfo(
        id="house.blitz",
        section="house",
        title="Blitz: a clock of turns",
        summary=(
            "House rule: the game ends after N turns; whoever holds the fewest cards then wins."
        ),
        text=(
            "The table sets a number N (house.blitz=N; 200 unless given). Every turn after which"
            " play passes on counts, round after round, from the first turn of the game. When "
            "the Nth turn ends and the round is still being played, the round stops there and "
            "so does the game: the player holding the fewest cards wins both and scores the "
            "other hands as a round's winner does. When several players hold the fewest "
            "cards, nobody wins."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (blitzTimeLimit) runs a clock of 120, 300 or 600 seconds; the library"
            " counts turns instead, so that the same moves always end the same game. A turn "
            "counts when play passes on (or comes back to the same player after a Skip or "
            "Reverse between two), not when a player goes out; calls, catches and challenges "
            "are part of a turn. A tie for"
            " the fewest cards is a tie here, where uno-online takes the first of them in "
            "seat order."
        ),
    ),
    RuleInfo(
        id="house.shuffle-seats",
        section="house",
        title="New seats every round",
        summary="House rule: before each new round the players draw new seats at random.",
        text=(
            "Before every round after the first, the players draw new places at the table at "
            "random. Each player keeps their own score, which moves with them to the new seat. "
            "The deal passes on as usual: the next dealer is whoever now sits one seat "
            "clockwise from where the last dealer sat."
        ),
        sources=("uno-online",),
        interpretation=(
            "uno-online (shuffleSeats) shuffles the players at the start of each round. The "
            "library draws the seats with the game's seed, so a game replays exactly, and "
            "numbers the players by their seats in the first round "
            "(GameState.seating). Partners under house.teams sit opposite each other all game,"
            " so the two rules cannot be combined."
        ),
    ),
    RuleInfo(
        id="house.custom-cards",
        section="house",
        title="Table rules for blank cards",
        summary="House rule: the blank cards carry the table's own rules and still act as Wilds.",
        text=(
            "Before play the table writes its own rules on the blank Wild Customizable cards. "
            "Each of them still works as a Wild when it is laid."
        ),
        sources=("003",),
    ),
    # --- UNO All Wild -----------------------------------------------------------------------
    RuleInfo(
        id="all-wild.deck",
        section="all-wild",
        title="UNO All Wild deck",
        summary="112 cards, all of them wild: eight kinds of wild card, 7 dealt to each player.",
        text=(
            "UNO All Wild is played with 112 cards and every one of them is wild. There are "
            "eight kinds: the plain Wild, Wild Reverse, Wild Skip, Wild Skip Two, Wild Draw "
            "Two, Wild Draw Four, Wild Targeted Draw Two and Wild Forced Swap. It is for 2 to "
            "10 players, and each is dealt 7 cards."
        ),
        sources=("edition guides",),
        interpretation=(
            "The descriptions agree on 112 cards and eight kinds but not on how many there "
            "are of each; the library deals 14 of every kind."
        ),
    ),
    RuleInfo(
        id="all-wild.no-colour",
        section="all-wild",
        title="No colours in All Wild",
        summary="All Wild: no colour is ever named, and any card may be laid on any card.",
        text=(
            "The cards of UNO All Wild have no colours and no numbers, so nothing has to match: "
            "any card may be laid on any card, and nobody names a colour. A player who cannot "
            "or will not play draws one card, as in the classic game."
        ),
        sources=("edition guides",),
    ),
    RuleInfo(
        id="all-wild.reverse",
        section="all-wild",
        title="Wild Reverse",
        summary="All Wild: the Wild Reverse turns the direction of play.",
        text=(
            "A Wild Reverse turns the direction of play. With two players it works like a "
            "skip: the player who laid it plays again."
        ),
        sources=("edition guides",),
        interpretation=(
            "The descriptions say nothing of two players; the library reads the card as the "
            "classic Reverse is read with two players."
        ),
    ),
    RuleInfo(
        id="all-wild.skip",
        section="all-wild",
        title="Wild Skip and Wild Skip Two",
        summary="All Wild: a Wild Skip skips the next player, a Wild Skip Two the next two.",
        text=(
            "After a Wild Skip the next player loses their turn. After a Wild Skip Two the next "
            "two players both lose their turn, so play goes on with the third."
        ),
        sources=("edition guides",),
        interpretation=(
            "With two players a Wild Skip Two skips the other player only, so the player who "
            "laid it plays again: the library never skips the one who laid the card."
        ),
    ),
    RuleInfo(
        id="all-wild.draw",
        section="all-wild",
        title="Wild Draw Two and Four",
        summary="All Wild: the next player draws 2 or 4 and loses the turn; nobody may challenge.",
        text=(
            "After a Wild Draw Two the next player draws 2 cards and loses their turn; after a "
            "Wild Draw Four they draw 4 and lose their turn. Both may be laid at any time, and "
            "there is nothing to challenge."
        ),
        sources=("edition guides",),
    ),
    RuleInfo(
        id="all-wild.targeted-draw-two",
        section="all-wild",
        title="Wild Targeted Draw Two",
        summary="All Wild: the player picks any other player, who draws 2 cards.",
        text=(
            "Whoever lays a Wild Targeted Draw Two picks any other player still in the round, "
            "and that player draws 2 cards at once. Nobody loses a turn by it: play goes on "
            "with the next player."
        ),
        sources=("edition guides",),
        interpretation=(
            "The library lets the chosen player be the next one, and the draw still applies "
            "when the card is the player's last, unless a rule in force voids a last card's "
            "effect."
        ),
    ),
    RuleInfo(
        id="all-wild.forced-swap",
        section="all-wild",
        title="Wild Forced Swap",
        summary="All Wild: the player must swap hands with another player of their choice.",
        text=(
            "Whoever lays a Wild Forced Swap must swap hands with another player of their "
            "choice. The player chosen does not lose their turn. Laid as the last card, it "
            "swaps nothing: the player has gone out."
        ),
        sources=("edition guides",),
    ),
    RuleInfo(
        id="all-wild.start",
        section="all-wild",
        title="All Wild start card",
        summary="All Wild: the start card does nothing; the player left of the dealer begins.",
        text=(
            "Whatever card is turned up to start the discard pile, its action is ignored: the "
            "player to the dealer's left plays first, and play goes clockwise."
        ),
        sources=("edition guides",),
    ),
    RuleInfo(
        id="all-wild.card-values",
        section="all-wild",
        title="All Wild card values",
        summary="All Wild: a plain Wild scores 20 points, every other card 50.",
        text=(
            "When the round is scored, each plain Wild left in the other players' hands is "
            "worth 20 points and every other card 50."
        ),
        sources=("edition guides",),
    ),
    # --- UNO Show 'em No Mercy ---------------------------------------------------------------
    RuleInfo(
        id="no-mercy.deck",
        section="no-mercy",
        title="No Mercy deck",
        summary="168 cards: classic colours, Draw Four, Skip Everyone, Discard All, four wilds.",
        text=(
            "UNO Show 'em No Mercy is played with 168 cards, 7 dealt to each of 2 to 10 "
            "players. In each of the four colours: two of every number 0 to 9, three Draw Twos, "
            "Skips, Reverses and Discard Alls, two Draw Fours and two Skip Everyones. Wild: "
            "eight Wild Reverse Draw Fours, four Wild Draw Sixes, four Wild Draw Tens and eight "
            "Wild Colour Roulettes. There is no plain Wild."
        ),
        sources=("edition guides",),
        interpretation=(
            "The guides agree on 168 cards but not on how many of each; the library takes the "
            "count above, which adds up to 168 with every kind the printed rules name."
        ),
    ),
    RuleInfo(
        id="no-mercy.skip",
        section="no-mercy",
        title="No Mercy Skip",
        summary="No Mercy: the next player loses the turn.",
        text="After a Skip the next player loses their turn, as in the classic game.",
        sources=("edition guides",),
    ),
    RuleInfo(
        id="no-mercy.reverse",
        section="no-mercy",
        title="No Mercy Reverse",
        summary="No Mercy: the direction of play turns; with two players the layer plays again.",
        text=(
            "A Reverse turns the direction of play. With two players it works like a Skip: the "
            "player who laid it plays again."
        ),
        sources=("edition guides",),
        interpretation=(
            "The guides say nothing of two players; the library reads the card as the classic "
            "Reverse is read with two players."
        ),
    ),
    RuleInfo(
        id="no-mercy.draw",
        section="no-mercy",
        title="No Mercy draw cards",
        summary="No Mercy: Draw Two, Draw Four, Wild Draw Six and Ten: draw, lose the turn.",
        text=(
            "After a Draw Two, a Draw Four, a Wild Draw Six or a Wild Draw Ten the next player "
            "draws 2, 4, 6 or 10 cards and loses their turn, unless they stack. The Draw Two "
            "and the Draw Four have a colour; after a wild one its player names the colour. "
            "Nobody may challenge any of them."
        ),
        sources=("edition guides",),
    ),
    RuleInfo(
        id="no-mercy.reverse-draw-four",
        section="no-mercy",
        title="Wild Reverse Draw Four",
        summary="No Mercy: the direction turns, then the next player draws 4 and loses the turn.",
        text=(
            "A Wild Reverse Draw Four turns the direction of play; then the next player in the "
            "new direction draws 4 cards and loses their turn, unless they stack. Its player "
            "names the colour."
        ),
        sources=("edition guides",),
        interpretation=(
            "Laid to answer a stack it turns the direction too, so the whole total goes to the "
            "next player in the new direction: with three or more players, back towards the "
            "player who laid the card before it."
        ),
    ),
    RuleInfo(
        id="no-mercy.skip-everyone",
        section="no-mercy",
        title="Skip Everyone",
        summary="No Mercy: every other player loses the turn, so the layer plays again.",
        text=(
            "After a Skip Everyone every other player loses their turn, so the player who laid "
            "it plays again at once."
        ),
        sources=("edition guides",),
    ),
    RuleInfo(
        id="no-mercy.discard-all",
        section="no-mercy",
        title="Discard All",
        summary="No Mercy: the player also discards every other card of the same colour.",
        text=(
            "Whoever lays a Discard All also discards every other card of its colour from "
            "their hand, under the Discard All, which stays on top. A player left with one "
            "card must have called UNO; a player left with none has gone out."
        ),
        sources=("edition guides",),
    ),
    RuleInfo(
        id="no-mercy.colour-roulette",
        section="no-mercy",
        title="Wild Colour Roulette",
        summary="No Mercy: the next player names a colour and draws until a card of it turns up.",
        text=(
            "Whoever lays a Wild Colour Roulette names no colour. The next player names one, "
            "then draws one card after another until a card of that colour turns up, keeps "
            "every card drawn and loses their turn. The colour they named is in force."
        ),
        sources=("edition guides",),
        interpretation=(
            "The guides do not say whether the drawing player loses the turn; the library "
            "reads it as every other card that makes a player draw. If the cards run out first, "
            "the drawing stops and the round ends as when the piles run out."
        ),
    ),
    RuleInfo(
        id="no-mercy.seven-zero",
        section="no-mercy",
        title="No Mercy sevens and zeros",
        summary="No Mercy: a 7 must swap hands with a chosen player; a 0 passes every hand on.",
        text=(
            "Whoever lays a 7 must swap hands with another player of their choice. Whoever "
            "lays a 0 makes every player pass their hand to the next player in the direction "
            "of play. Laid as the last card, neither does anything: the player has gone out."
        ),
        sources=("edition guides",),
    ),
    RuleInfo(
        id="no-mercy.stacking",
        section="no-mercy",
        title="Stacking by draw value",
        summary="No Mercy: a draw card may answer one on top that draws no more than it does.",
        text=(
            "A player who must draw may lay a draw card that draws as many cards or more than "
            "the one on top, whatever its colour. The totals add up and pass on, and the first "
            "player who does not stack draws them all and loses their turn."
        ),
        sources=("edition guides",),
        interpretation=(
            "A Wild Reverse Draw Four counts as 4. The Wild Colour Roulette is no draw card: it "
            "neither answers a stack nor can be answered."
        ),
    ),
    RuleInfo(
        id="no-mercy.draw-until-playable",
        section="no-mercy",
        title="Draw until you can play",
        summary="No Mercy: draw card after card until one fits, then lay it.",
        text=(
            "A player who does not play draws one card after another until one fits, and must "
            "lay that card."
        ),
        sources=("edition guides",),
        interpretation=(
            "Some guides read the printed rules as the classic single draw; the library takes "
            "the reading most of them give, drawing until a card fits."
        ),
    ),
    RuleInfo(
        id="no-mercy.mercy",
        section="no-mercy",
        title="The Mercy rule",
        summary="No Mercy: a player holding 25 cards or more is out; the last one left wins.",
        text=(
            "A player who holds 25 cards or more is out of the round, and their cards go to the "
            "bottom of the draw pile. If every other player is out, the last player left wins "
            "the round."
        ),
        sources=("edition guides",),
        interpretation=(
            "The guides differ on where the cards go and say nothing of a draw that goes past "
            "25. The library finishes the move (all the cards owed are drawn), then puts the "
            "player out, and their cards go to the bottom of the draw pile. A player put out "
            "during their own turn loses it. Under end.play-on a player who went out before "
            "stays the winner."
        ),
    ),
    RuleInfo(
        id="no-mercy.start",
        section="no-mercy",
        title="No Mercy start card",
        summary="No Mercy: only a number card starts; any other card is covered by the next one.",
        text=(
            "If the card turned up to start the discard pile is not a number card, its action "
            "is ignored and the next card is turned on top of it, until a number card lies on "
            "top. The player left of the dealer plays first, clockwise."
        ),
        sources=("edition guides",),
    ),
    RuleInfo(
        id="no-mercy.card-values",
        section="no-mercy",
        title="No Mercy card values",
        summary="No Mercy: numbers at face value, coloured action cards 20, wild cards 50.",
        text=(
            "When the round is scored, number cards left in the other players' hands count "
            "their face value, coloured action cards 20 points and wild cards 50."
        ),
        sources=("edition guides",),
        interpretation=(
            "The guides do not agree on the points of the new cards; the library scores them "
            "as the classic cards of their kind are scored."
        ),
    ),
    # --- UNO Flip ---------------------------------------------------------------------------
    RuleInfo(
        id="flip.deck",
        section="flip",
        title="UNO Flip deck",
        summary="112 two-sided cards: a light side and a dark side, 7 dealt to each player.",
        text=(
            "UNO Flip is played with 112 cards printed on both sides. The light side has red, "
            "yellow, green and blue cards: two of each number from 1 to 9 and two each of Draw "
            "One, Reverse, Skip and Flip per colour, and 4 Wild and 4 Wild Draw Two. The dark "
            "side has pink, teal, orange and purple cards with Draw Five, Reverse, Skip "
            "Everyone and Flip, and 4 Wild and 4 Wild Draw Colour. Each player is dealt 7 "
            "cards and holds them light side towards themselves, so the others see the dark "
            "sides; play starts on the light side."
        ),
        sources=("Mattel", "edition guides"),
        interpretation=(
            "Which light side is printed behind which dark side is Mattel's and not public. "
            "The library pairs them by a fixed rule: listing both sides in the same order "
            "(colour by colour, numbers, then actions, then the wild cards), the light card "
            "number i has the dark card number 37 x i (counting round the 112) behind it. A "
            "wild card names a colour of the side it shows."
        ),
    ),
    RuleInfo(
        id="flip.flip",
        section="flip",
        title="Flip card",
        summary="Flip: everything is turned over and play goes on with the other side.",
        text=(
            "A Flip card turns everything over: every player turns their hand round, and the "
            "discard pile and the draw pile are each turned over. Play goes on with the other "
            "side, in the same direction, with the next player."
        ),
        sources=("Mattel", "edition guides"),
        interpretation=(
            "Each pile is turned over as a whole, as one turns a stack of cards: the card that "
            "was at the bottom comes on top, its other side up, and its colour is in force. "
            "When that card is wild, the next player names its colour before playing, as "
            "for a Wild turned up to start the round, and its action is not carried out. A "
            "Flip laid as the player's last card turns nothing over: the player has gone out."
        ),
    ),
    RuleInfo(
        id="flip.draw-one",
        section="flip",
        title="Draw One",
        summary="Flip, light side: the next player draws 1 card and loses the turn.",
        text="After a Draw One the next player draws 1 card and loses their turn.",
        sources=("Mattel", "edition guides"),
    ),
    RuleInfo(
        id="flip.draw-five",
        section="flip",
        title="Draw Five",
        summary="Flip, dark side: the next player draws 5 cards and loses the turn.",
        text="After a Draw Five the next player draws 5 cards and loses their turn.",
        sources=("Mattel", "edition guides"),
    ),
    RuleInfo(
        id="flip.skip-everyone",
        section="flip",
        title="Skip Everyone on the dark side",
        summary="Flip, dark side: every other player loses a turn; the player plays again.",
        text=(
            "After a Skip Everyone every other player loses their turn, so the player who laid "
            "it plays again."
        ),
        sources=("Mattel", "edition guides"),
    ),
    RuleInfo(
        id="flip.wild-draw-two",
        section="flip",
        title="Wild Draw Two",
        summary="Flip, light side: name a colour; the next player draws 2 and loses the turn.",
        text=(
            "Whoever lays a Wild Draw Two names the colour that goes on, and the next player "
            "draws 2 cards and loses their turn."
        ),
        sources=("Mattel", "edition guides"),
    ),
    RuleInfo(
        id="flip.wild-draw-colour",
        section="flip",
        title="Wild Draw Colour",
        summary="Flip, dark side: name a colour; the next player draws until it comes.",
        text=(
            "Whoever lays a Wild Draw Colour names a colour, and the next player draws cards "
            "one at a time until a card of that colour comes, keeps them all and loses their "
            "turn. A wild card drawn does not count: it has no colour."
        ),
        sources=("Mattel", "edition guides"),
    ),
    RuleInfo(
        id="flip.wild-draw-restricted",
        section="flip",
        title="Wild Draw Two and Colour restriction",
        summary="Flip: a Wild Draw Two or Colour only without a card of the colour in force.",
        text=(
            "A Wild Draw Two or a Wild Draw Colour may be laid only by a player who holds no "
            "card of the colour in force; cards of the same number or symbol do not count. A "
            "plain Wild may be laid at any time."
        ),
        sources=("Mattel", "edition guides"),
    ),
    RuleInfo(
        id="flip.challenge",
        section="flip",
        title="Challenging a wild draw card",
        summary="Flip: the next player may challenge a Wild Draw Two or Colour before drawing.",
        text=(
            "The player a Wild Draw Two or a Wild Draw Colour was laid on may challenge it "
            "before drawing. If the card broke its restriction, its player draws instead: 2 "
            "cards for a Wild Draw Two, or until a card of the colour it named turns up for a "
            "Wild Draw Colour. If not, the challenger draws 2 cards and then what the card "
            "owed, and loses the turn."
        ),
        sources=("Mattel", "edition guides"),
        interpretation=(
            "A caught bluff costs its player what the card would have cost the next player, "
            "as a caught Wild Draw Four costs 4; the player it was laid on then draws nothing "
            "and plays."
        ),
    ),
    RuleInfo(
        id="flip.start",
        section="flip",
        title="UNO Flip start card",
        summary="Flip: the start card acts as in classic UNO; a Wild Draw Two or Flip is put back.",
        text=(
            "The start card is turned light side up. A Draw One makes the player left of the "
            "dealer draw 1 card and lose the turn, a Skip skips that player, after a Reverse "
            "the dealer plays first and play goes to the right, and after a Wild the first "
            "player names the colour. A Wild Draw Two is put back into the deck, the deck is "
            "shuffled and a new card is turned."
        ),
        sources=("Mattel",),
        interpretation=(
            "The sheet says nothing of a Flip as start card; the library puts it back like a "
            "Wild Draw Two, so every round starts on the light side."
        ),
    ),
    RuleInfo(
        id="flip.card-values",
        section="flip",
        title="UNO Flip card values",
        summary="Flip: the side in play scores: Draw One 10, Wild 40, Wild Draw Colour 60 ...",
        text=(
            "When the round is scored, the cards left in the other players' hands count by the "
            "side in play: numbers at face value, Draw One 10 points, Draw Five, Reverse, Skip "
            "and Flip 20, Skip Everyone 30, Wild 40, Wild Draw Two 50 and Wild Draw Colour 60."
        ),
        sources=("Mattel", "edition guides"),
    ),
)

CATALOGUE: Mapping[str, RuleInfo] = types.MappingProxyType({info.id: info for info in _RULES})
"""Rule ID -> :class:`RuleInfo`, every rule of the catalogue in the order of the reference."""

if len(CATALOGUE) != len(_RULES):  # pragma: no cover - guards against a duplicated ID
    raise RuntimeError("the rules catalogue has a duplicated ID")


def rule(rule_id: str) -> RuleInfo:
    """Look up one rule by its ID.

    Returns:
        the :class:`RuleInfo` of ``rule_id``.

    :raises RuleSetError: if ``rule_id`` is not in the catalogue; the message
        suggests up to three of the nearest known IDs, and ``rule_ids`` holds
        the unknown ID.

    >>> rule("action.skip").title
    'Skip card'
    >>> rule("wd4.no-matching-color")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    unorules.errors.RuleSetError: unknown rule ID ...; did you mean 'wd4.no-matching-colour'?
    """
    try:
        return CATALOGUE[rule_id]
    except KeyError:
        pass
    suggestions = nearest(rule_id)
    if not suggestions:
        raise RuleSetError(
            msg("unknown rule ID {rule}; `unorules rules` lists the known IDs", rule=repr(rule_id)),
            rule_ids=(rule_id,),
        )
    quoted = [repr(s) for s in suggestions]
    listed: str | Message = quoted[0]
    if len(quoted) > 1:
        listed = msg("{items} or {last}", items=", ".join(quoted[:-1]), last=quoted[-1])
    raise RuleSetError(
        msg("unknown rule ID {rule}; did you mean {near}?", rule=repr(rule_id), near=listed),
        rule_ids=(rule_id,),
    )


def rule_ids() -> tuple[str, ...]:
    """Return every rule ID, in catalogue order.

    >>> rule_ids()[:2]
    ('deck.classic-108', 'deck.modern-112')
    >>> len(rule_ids()) == len(CATALOGUE)
    True
    """
    return tuple(CATALOGUE)


def nearest(rule_id: str, n: int = 3) -> tuple[str, ...]:
    """Return up to ``n`` known IDs closest to ``rule_id``, best first.

    The comparison ignores case. The result is empty when nothing is close.

    :raises ValueError: if ``n`` is less than 1.

    >>> nearest("house.jumpin")[0]
    'house.jump-in'
    >>> nearest("Action.Skip", n=1)
    ('action.skip',)
    >>> nearest("xyzzy")
    ()
    """
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    return tuple(difflib.get_close_matches(rule_id.strip().lower(), CATALOGUE, n=n))
