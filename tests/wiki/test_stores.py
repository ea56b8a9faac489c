"""One operation, two page stores: every enactment fixture (and a reset and a term change) done offline on
files by the command line and on the real local wiki by the same operation, page for page the same.

Offline, ``wikibot enact --ruleset-file …`` (and ``reset``, ``synonyms``) writes the files in place
(:class:`wikibot.pages.FilePages`); on the wiki the same operation (:mod:`wikibot.operations`) saves the
pages (:class:`wikibot.pages.WikiPages`). Both start from the same text — the fixture as the wiki stores it —
and must end with the same pages, byte for byte but for the blank space MediaWiki strips from the end of
every page it saves, and with the same report, step by step.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wikibot import cli, operations
from wikibot.config import Settings
from wikibot.demo import sample
from wikibot.pages import WikiPages
from wikibot.site import Wiki

FIXTURES = Path(__file__).parent.parent / "fixtures"
ENACT = FIXTURES / "enact"

#: proposal file (tests/fixtures/proposals) → the enactment fixture it is enacted on (tests/fixtures/enact)
ENACTMENTS = {
    "dismantle": "dismantle",
    "eye_of_the_beast": "necromancers_2023",
    "shambling_warriors": "necromancers_2023",
    "first_rule_of_blognomic": "directives_2011",
    "herblogditus": "parallel_2022",
    "hugh_grant_sharp_practices": "newspapers_2012",
    "no_elephants_allowed": "programmers_2010",
    "reductio_propositum": "monks_2006",
}
#: the fixtures no proposal above is enacted on, each with one that applies (or is set aside) there
ENACTMENTS_ELSEWHERE = {"herblogditus": "newspapers_2012"}

GAMESTATE_PROPOSAL = """Add a new rule to the Ruleset, called “Hats”, with the following text:

Each Puzzler may wear a Hat.

In the rule “Coins”, replace “defaulting to 3” with “defaulting to 5”.

Kevan gains 2 Coins.
"""


def proposal(name: str) -> tuple[str, str]:
    raw = (FIXTURES / "proposals" / f"{name}.txt").read_text(encoding="utf-8")
    return raw.splitlines()[0].removeprefix("Title: "), raw.split("\n", 2)[2]


class Game:
    """The same pages as files and on the wiki, under the wiki's titles."""

    def __init__(self, local_wiki, tmp_path: Path, stem: str):
        self.local_wiki = local_wiki
        self.settings = Settings(config_dir=tmp_path, ruleset=f"{stem}/Ruleset",
                                 building_blocks=f"{stem}/Building Blocks", requests=f"{stem}/Requests",
                                 run=f"{stem}/Run", constraints=f"{stem}/Constraints", state_dir=tmp_path / "state")
        self.files = tmp_path / "files"
        self.files.mkdir()
        self.paths: dict[str, Path] = {}
        local_wiki.edit_as(local_wiki.admin, self.settings.run, "true")

    def page(self, title: str, text: str, *, option: str | None = None) -> None:
        """A page on the wiki, and the same text (as the wiki stores it) in a file."""
        self.local_wiki.edit_as(self.local_wiki.admin, title, text)
        stored = self.local_wiki.wiki.page_text(title)
        path = self.files / f"{len(self.paths)}.wiki"
        path.write_text(stored, encoding="utf-8")
        self.paths[title] = path

    def offline(self, capsys, command: str, *args: str) -> dict:
        """The command line on the files; its JSON report."""
        code = cli.main([command, *args, "--ruleset-file", str(self.paths[self.settings.ruleset]), "--json"])
        out = capsys.readouterr().out
        assert code in (cli.EXIT_OK, cli.EXIT_UNSUPPORTED), out
        return json.loads(out)

    def wiki(self) -> Wiki:
        return Wiki(self.local_wiki.site(), self.settings)

    def same_pages(self, offline_names: dict[str, Path]) -> None:
        """Every page: the wiki's text is the file's, byte for byte but for what MediaWiki strips at the end."""
        for title, path in offline_names.items():
            file_text = path.read_text(encoding="utf-8")
            assert self.local_wiki.wiki.page_text(title) == file_text.rstrip(), title


def steps(report: dict) -> list[tuple]:
    return [(s["n"], s["action"], s["status"], s["detail"]) for s in report["steps"]]


@pytest.mark.parametrize("name,fixture", sorted(ENACTMENTS.items()) + sorted(ENACTMENTS_ELSEWHERE.items()))
def test_every_enactment_fixture_writes_the_same_pages_offline_and_on_the_wiki(local_wiki, tmp_path, wiki_title,
                                                                               capsys, name, fixture):
    game = Game(local_wiki, tmp_path, wiki_title("Stores"))
    game.page(game.settings.ruleset, (ENACT / f"{fixture}.wiki").read_text(encoding="utf-8"))
    title, text = proposal(name)
    text_file = tmp_path / "proposal.txt"
    text_file.write_text(text, encoding="utf-8")
    offline = game.offline(capsys, "enact", "--title", title, "--text-file", str(text_file), "--partial")
    live = operations.enact(WikiPages(game.wiki()), title, text, allow_partial=True)
    assert steps(live.report.to_dict()) == steps(offline)
    assert live.report.summary == offline["summary"]
    game.same_pages({game.settings.ruleset: game.paths[game.settings.ruleset]})


def test_an_enactment_of_the_ruleset_and_the_gamestate_page_is_the_same_offline_and_on_the_wiki(
        local_wiki, tmp_path, wiki_title, capsys):
    game = Game(local_wiki, tmp_path, wiki_title("Stores"))
    board = wiki_title("Board")
    game.page(game.settings.ruleset, sample("Ruleset.wiki").replace("[[Puzzle Board]]", f"[[{board}]]"))
    game.page(board, sample("Puzzle Board.wiki"))
    text_file = tmp_path / "proposal.txt"
    text_file.write_text(GAMESTATE_PROPOSAL, encoding="utf-8")
    offline = game.offline(capsys, "enact", "--title", "Proposal: Hats", "--text-file", str(text_file),
                           "--gamestate-file", str(game.paths[board]))
    live = operations.enact(WikiPages(game.wiki()), "Proposal: Hats", GAMESTATE_PROPOSAL)
    assert set(offline["changed"]) == {"Ruleset", board} and {s.title for s in live.saved} == {game.settings.ruleset, board}
    assert steps(live.report.to_dict()) == steps(offline) and [s[2] for s in steps(offline)] == ["applied"] * 3
    game.same_pages(game.paths)


def test_a_reset_with_building_blocks_and_a_new_tracking_page_is_the_same_offline_and_on_the_wiki(
        local_wiki, tmp_path, wiki_title, capsys):
    from fixturedata import fixture_text

    game = Game(local_wiki, tmp_path, wiki_title("Stores"))
    board, graveyard = wiki_title("Board"), wiki_title("Graveyard")
    game.page(game.settings.ruleset, fixture_text("ruleset_2023.wiki").replace("[[Puzzle Board]]", f"[[{board}]]"))
    game.page(game.settings.building_blocks, fixture_text("building_blocks_2023.wiki"))
    game.page(board, sample("Puzzle Board.wiki"))
    address = ("Repeal all dynastic rules except for the rule named “Coins”. Set the synonym for Emperor to “Grim "
               "Reaper” and the synonym for Player to “Necromancer”. Change the gamestate tracking page to "
               f"“{graveyard}”. Include the Building Blocks “Low-Player Support” and “The Traitor”.\n")
    address_file = tmp_path / "address.txt"
    address_file.write_text(address, encoding="utf-8")
    offline = game.offline(capsys, "reset", "--address-file", str(address_file), "--building-blocks-file",
                           str(game.paths[game.settings.building_blocks]), "--gamestate-file", str(game.paths[board]))
    live = operations.reset(WikiPages(game.wiki()), address, {})
    assert steps(live.report.to_dict()) == steps(offline)
    assert offline["summary"] == live.report.summary and live.report.complete
    created = game.files / f"{graveyard}.wiki"    # offline the new tracking page is a new file beside the Ruleset
    assert created.exists()
    game.same_pages({**game.paths, graveyard: created})


def test_a_term_change_on_three_pages_is_the_same_offline_and_on_the_wiki(local_wiki, tmp_path, wiki_title, capsys):
    from fixturedata import fixture_text

    game = Game(local_wiki, tmp_path, wiki_title("Stores"))
    board = wiki_title("Board")
    game.page(game.settings.ruleset, fixture_text("ruleset_2023.wiki").replace("[[Puzzle Board]]", f"[[{board}]]"))
    game.page(game.settings.building_blocks, fixture_text("building_blocks_2023.wiki"))
    game.page(board, sample("Puzzle Board.wiki"))
    offline = game.offline(capsys, "synonyms", "--set", "Player=Necromancer", "--building-blocks-file",
                           str(game.paths[game.settings.building_blocks]), "--gamestate-file", str(game.paths[board]))
    live = operations.synonyms(WikiPages(game.wiki()), {"Player": "Necromancer"})
    assert steps(live.report.to_dict()) == steps(offline) and live.report.complete
    assert len(live.saved) == 3
    game.same_pages(game.paths)
