"""Playing whole rounds and games: bots (:mod:`~unorules.play.bots`) and
simulation (:mod:`~unorules.play.simulate`)."""
