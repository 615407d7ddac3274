"""The Python back end: what every Python target shares (naming, ordering, the method
registry, layouts, the package's ``__init__``), and one folder per target with its emitters."""
