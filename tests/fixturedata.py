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


#: Rules for coloured Plots and a fleet of Ships captained by Puzzlers (the project's own words), added to the
#: Relics rules: steps that name no column ("Paint Plots 2 to 4 Green") and values taken from another table.
FLEET_RULES = """== Paint ==
Each Plot has a Colour, which is one of Red, Green or Blue, defaulting to Red.

== Fleet ==
Each Ship has a Captain, which is the name of a Puzzler.

"""


def fleet_ruleset(plots_extra: str = "", ships_extra: str = "") -> str:
    """The Relics rules with :data:`FLEET_RULES` (and more sentences for Plots or Ships)."""
    rules = FLEET_RULES.replace("defaulting to Red.", "defaulting to Red." + plots_extra, 1).replace(
        "name of a Puzzler.", "name of a Puzzler." + ships_extra, 1)
    return relics_ruleset().replace("== Lanterns ==", rules + "== Lanterns ==", 1)


def fleet_page() -> str:
    """tests/fixtures/gamestate_relics.wiki with five coloured Plots (some unowned) and a Ships table."""
    plots = "".join(f"|-\n| {n} || {o} || {c}\n" for n, o, c in (
        (1, "Lulu", "Red"), (2, "-", "Red"), (3, "Kevan", "Blue"), (4, "-", "Red"), (5, "-", "Red")))
    return fixture_text("gamestate_relics.wiki").replace(
        "! Plot !! Owner\n|-\n| North Field || Lulu\n|-\n| Salt Flat || -\n", "! Plot !! Owner !! Colour\n" + plots, 1) + (
        '\n== Ships ==\n{| class="wikitable"\n! Ship !! Captain\n|-\n| Gull || Kevan\n|-\n| Tern || Lulu\n|}\n')
