"""``python -m agari`` runs the command line."""

from agari.cli import main

raise SystemExit(main())
