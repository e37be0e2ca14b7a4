"""unorules: the card game UNO as an immutable, typed state machine.

The official rules and the Swedish and Norwegian house variants as
composable policies; ``legal_moves`` / ``apply`` for programs, ``explain`` for
verdicts that cite the rule.

>>> import unorules as ur
>>> state = ur.new_round(ur.presets.official(), players=4, seed=7)
>>> move = ur.legal_moves(state)[0]
>>> ur.apply(state, move).turns
1
"""

from unorules.cards import COLORS, Card, Color, Face, classic_108, format_cards, parse_cards
from unorules.dealing import new_game, new_round, next_round, situation
from unorules.engine import Ruling, apply, apply_with_events, check, legal_moves, turn_moves
from unorules.errors import (
    IllegalMove,
    NotationError,
    PolicyError,
    RecordError,
    RuleSetError,
    SituationError,
    StateError,
    UnoError,
)
from unorules.events import Event
from unorules.explanations.verdicts import Verdict, describe_state, explain
from unorules.moves import (
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
    Timeout,
)
from unorules.notation import format_move, parse_move, parse_moves
from unorules.reasons import Reason
from unorules.records import (
    Record,
    RecordedRound,
    Recorder,
    read_record,
    record_of,
    replay,
    write_record,
)
from unorules.rules import presets
from unorules.rules.catalogue import CATALOGUE, RuleInfo, rule
from unorules.rules.house import HouseRule
from unorules.rules.ruleset import SLOTS, RuleSet
from unorules.state import GameState, Pending, PendingKind, Phase, PlayerView, Wd4Record
from unorules.state_validation import validate_state

__version__ = "0.1.0"

__all__ = [
    "CATALOGUE",
    "COLORS",
    "SLOTS",
    "CallUno",
    "Card",
    "CatchUno",
    "Challenge",
    "ChooseColor",
    "Color",
    "Draw",
    "Event",
    "Face",
    "GameState",
    "HouseRule",
    "IllegalMove",
    "Move",
    "NotationError",
    "Pass",
    "Pending",
    "PendingKind",
    "Phase",
    "Play",
    "PlayerView",
    "PolicyError",
    "Reason",
    "Record",
    "RecordError",
    "RecordedRound",
    "Recorder",
    "RuleInfo",
    "RuleSet",
    "RuleSetError",
    "Ruling",
    "SituationError",
    "StateError",
    "Timeout",
    "UnoError",
    "Verdict",
    "Wd4Record",
    "__version__",
    "apply",
    "apply_with_events",
    "check",
    "classic_108",
    "describe_state",
    "explain",
    "format_cards",
    "format_move",
    "legal_moves",
    "new_game",
    "new_round",
    "next_round",
    "parse_cards",
    "parse_move",
    "parse_moves",
    "presets",
    "read_record",
    "record_of",
    "replay",
    "rule",
    "situation",
    "turn_moves",
    "validate_state",
    "write_record",
]
