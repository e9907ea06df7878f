"""``python -m bowers``: the ``bowers`` command, for environments where the console script is not on the path."""

from bowers.cli import main

if __name__ == "__main__":
    main()
