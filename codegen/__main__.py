import sys

from .build.fastpath import try_noop

# A ``generate`` with nothing to do finishes before click and the compiler are imported.
if not try_noop(sys.argv[1:]):
    from .cli import main

    main()
