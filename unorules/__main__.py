"""``python -m unorules`` runs the command line."""

try:
    from unorules.cli import main

    status = main()
except KeyboardInterrupt:
    # Ctrl-C while the command line is still loading: no traceback.
    status = 130
raise SystemExit(status)
