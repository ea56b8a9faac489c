"""Reading the files in tests/fixtures (tests never read ../shared: a user's clone has no such folder)."""

from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"

ERAS = ["2004", "2016", "2020", "2022", "2023"]


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


#: Rules of the kinds the definition grammar reads beyond the five eras' (in the project's own words),
#: added to the 2023 Ruleset for tests/fixtures/gamestate_relics.wiki.
RELIC_RULES = """== Relics ==
Relics are tracked in the “Relics” table of the gamestate page. Each Relic has a Kind, which is one of Cup, Blade or Coin; a Worth, which is an integer between 1 and 5, defaulting to 1; and a Keeper, which is the name of a Puzzler.

== Plots ==
Each Plot may be owned by a single Puzzler. An unowned Plot is noted with a dash.

== Crew ==
The Crew is a publicly tracked list of the names of Puzzlers. Each Puzzler may appear at most once in the Crew.

== Lanterns ==
Each Lantern has a Glow, which must never be a prime number.

"""


def relics_ruleset() -> str:
    """The 2023 Ruleset with :data:`RELIC_RULES` before its Game Board."""
    return fixture_text("ruleset_2023.wiki").replace("== The Game Board ==", RELIC_RULES + "== The Game Board ==", 1)
