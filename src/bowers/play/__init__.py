"""Playing a whole game in the terminal against bots: ``bowers play``.

``render`` draws the table from one seat's observation with rich, ``parse``
reads what the person types, ``session`` runs the game loop on a
``bowers.table.Table`` and ``cli`` holds the ``play`` and ``history`` commands.
"""
