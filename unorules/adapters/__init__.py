"""Games of other UNO engines turned into game records (:mod:`unorules.records`),
so that ``unorules check`` can judge them: :mod:`~unorules.adapters.rlcard` for
RLCard's UNO.

An adapter converts another engine's game given as plain data and needs
nothing of that engine for it; only playing that engine's games to record
them needs the engine installed. Importing :mod:`unorules` imports no
adapter."""
