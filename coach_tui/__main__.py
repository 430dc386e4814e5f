from coach_tui.cli import main

raise SystemExit(main())
