"""`python3 -m judgetower ...` runs the command line (same as the `judgetower` script)."""

import sys

from judgetower.cli import main

sys.exit(main())
