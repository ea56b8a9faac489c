import sys

from wikibot.cli import main

sys.exit(main())
