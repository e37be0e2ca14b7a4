"""Policies: one small frozen object per rule (or reading of a rule), by concern.

A :class:`~unorules.rules.ruleset.RuleSet` holds one policy per *slot* (a
concern such as drawing, stacking or the UNO call). Each policy carries the
IDs of the rules it implements (``rule_ids``), so the engine can cite who
decided, and answers the engine's questions with typed records: a card's
consequences (:class:`ActionEffect`), what a drawn card allows
(:class:`DrawnCard`), a challenge's outcome (:class:`ChallengeOutcome`), a
penalty (:class:`Penalty`), a refusal (:class:`Refusal`), whether a card
fits (:class:`Fits`, :class:`Refusal` or :class:`Misplay`), the last card
(:class:`LastCard`), the start card (:class:`StartOutcome`). The engine
keeps the order of play and never switches on rule names or flags.

Every slot has a protocol; a class written outside the package that
satisfies it can be put into the slot with ``RuleSet.replace`` (or composed
by ID as a :class:`~unorules.rules.house.HouseRule`).

* :mod:`~unorules.rules.policies.base` - :class:`Policy`, :class:`Refusal`, :class:`Penalty`,
  :class:`Fits`, :class:`Misplay`
* :mod:`~unorules.rules.policies.deck` - decks, the deal, the first dealer, the start card
* :mod:`~unorules.rules.policies.play` - matching, wild cards, the Wild Draw Four
  restriction, several cards at once, jumping in
* :mod:`~unorules.rules.policies.drawing` - drawing instead of playing
* :mod:`~unorules.rules.policies.actions` - what cards do, 7-0, stacking, the blank card
* :mod:`~unorules.rules.policies.uno` - the UNO call
* :mod:`~unorules.rules.policies.challenge` - challenges
* :mod:`~unorules.rules.policies.ending` - the last card, the piles, information, time limits
* :mod:`~unorules.rules.policies.scoring` - card values and scoring
"""

from unorules.rules.policies.actions import (
    ActionEffect,
    ActionPolicy,
    CustomCardPolicy,
    CustomCardRule,
    CustomEffect,
    NoSevenZero,
    OfficialActions,
    OwnEffect,
    PlainCustomizable,
    SevenZero,
    SevenZeroPolicy,
    Stacking,
    StackingPolicy,
    every_other_player_draws_one,
)
from unorules.rules.policies.base import (
    Fit,
    Fits,
    Misplay,
    Penalty,
    Policy,
    Refusal,
    matches,
)
from unorules.rules.policies.challenge import (
    ChallengeOutcome,
    ChallengePolicy,
    ChallengeWd4,
    NoChallenge,
)
from unorules.rules.policies.deck import (
    ClassicDeck,
    DealerChoicePolicy,
    DealerDraw,
    DealerDraws,
    DealPolicy,
    DeckPolicy,
    GivenDealer,
    JuniorDeck,
    ModernDeck,
    StandardDeal,
    StartCard,
    StartCardPolicy,
    StartOutcome,
    TwoDecks,
    WithoutWildDrawFour,
)
from unorules.rules.policies.drawing import (
    AfterDraw,
    AllowedWhenPlayable,
    DrawChoicePolicy,
    Drawing,
    DrawnCard,
    DrawPolicy,
    ForcePlay,
)
from unorules.rules.policies.ending import (
    GoingOut,
    GoingOutPolicy,
    HandLimitPolicy,
    HandSizesPublic,
    InfoPolicy,
    LastCard,
    NoHandLimit,
    NoTimeLimit,
    PilePolicy,
    ReshuffleDiscards,
    TimedTurns,
    TimingPolicy,
)
from unorules.rules.policies.play import (
    JumpIn,
    JumpInPolicy,
    MatchPolicy,
    NoJumpIn,
    OfficialMatch,
    Wd4NoMatchingColour,
    Wd4NoPlayableCard,
    Wd4Policy,
    Wd4Unrestricted,
    WildAnyTime,
    WildPolicy,
    WildRestricted,
    official_fit,
    one_card_a_play,
    wild_draw_four,
)
from unorules.rules.policies.scoring import (
    CardValues,
    CardValuesPolicy,
    Elimination,
    MostCardsOut,
    PenaltyPoints,
    ScoringPolicy,
    SingleRound,
    WinnerTakes,
    clock_outcome,
    game_outcome,
)
from unorules.rules.policies.uno import (
    UnoCall,
    UnoCallPolicy,
    UnoPenalty,
    UnoPenaltyPolicy,
    UnoWindow,
    UnoWindowPolicy,
)

__all__ = [
    "ActionEffect",
    "ActionPolicy",
    "AfterDraw",
    "AllowedWhenPlayable",
    "CardValues",
    "CardValuesPolicy",
    "ChallengeOutcome",
    "ChallengePolicy",
    "ChallengeWd4",
    "ClassicDeck",
    "CustomCardPolicy",
    "CustomCardRule",
    "CustomEffect",
    "DealPolicy",
    "DealerChoicePolicy",
    "DealerDraw",
    "DealerDraws",
    "DeckPolicy",
    "DrawChoicePolicy",
    "DrawPolicy",
    "Drawing",
    "DrawnCard",
    "Elimination",
    "Fit",
    "Fits",
    "ForcePlay",
    "GivenDealer",
    "GoingOut",
    "GoingOutPolicy",
    "HandLimitPolicy",
    "HandSizesPublic",
    "InfoPolicy",
    "JumpIn",
    "JumpInPolicy",
    "JuniorDeck",
    "LastCard",
    "MatchPolicy",
    "Misplay",
    "ModernDeck",
    "MostCardsOut",
    "NoChallenge",
    "NoHandLimit",
    "NoJumpIn",
    "NoSevenZero",
    "NoTimeLimit",
    "OfficialActions",
    "OfficialMatch",
    "OwnEffect",
    "Penalty",
    "PenaltyPoints",
    "PilePolicy",
    "PlainCustomizable",
    "Policy",
    "Refusal",
    "ReshuffleDiscards",
    "ScoringPolicy",
    "SevenZero",
    "SevenZeroPolicy",
    "SingleRound",
    "Stacking",
    "StackingPolicy",
    "StandardDeal",
    "StartCard",
    "StartCardPolicy",
    "StartOutcome",
    "TimedTurns",
    "TimingPolicy",
    "TwoDecks",
    "UnoCall",
    "UnoCallPolicy",
    "UnoPenalty",
    "UnoPenaltyPolicy",
    "UnoWindow",
    "UnoWindowPolicy",
    "Wd4NoMatchingColour",
    "Wd4NoPlayableCard",
    "Wd4Policy",
    "Wd4Unrestricted",
    "WildAnyTime",
    "WildPolicy",
    "WildRestricted",
    "WinnerTakes",
    "WithoutWildDrawFour",
    "clock_outcome",
    "every_other_player_draws_one",
    "game_outcome",
    "matches",
    "official_fit",
    "one_card_a_play",
    "wild_draw_four",
]
