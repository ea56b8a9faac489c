"""wikibot: the clerk of BlogNomic."""

__version__ = "0.1.0"
