"""Playing whole rounds and games: bots (:mod:`~unorules.play.bots`),
simulation (:mod:`~unorules.play.simulate`) and a PettingZoo environment for
reinforcement learning (:mod:`~unorules.play.env`, the ``rl`` extra; not
imported here)."""
