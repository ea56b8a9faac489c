"""``wikibot demo``: the bot's main job, once, on a throwaway local wiki.

Starts a local MediaWiki (see :mod:`wikibot.testwiki`), loads a sample Ruleset and gamestate page,
posts a sample request as an Admin, runs one cycle of the daemon, and prints what happened with the
diff and the local address to look at. It installs nothing: if PHP or MediaWiki is missing it says
which command installs them.
"""

from __future__ import annotations

import logging
import shutil
import sys
import tempfile
from importlib import resources
from pathlib import Path

from actions.report import unified_diff
from wikibot import config, testwiki

SAMPLE_PAGES = {"Ruleset": "Ruleset.wiki", "Puzzle Board": "Puzzle Board.wiki"}


def sample(name: str) -> str:
    return resources.files("wikibot").joinpath("samples", name).read_text(encoding="utf-8")


def run(keep: bool = False, out=sys.stdout, port: int | None = None) -> int:
    problem = testwiki.php_missing()
    if problem:
        print(f"wikibot demo: {problem}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=out)
    home = Path(tempfile.mkdtemp(prefix="wikibot-demo-"))
    wiki = testwiki.LocalWiki("BlogNomic Demo Wiki")
    try:
        wiki.start(home / "wiki", port=port)
        return _demo(wiki, home, keep, out)
    finally:
        wiki.stop()
        shutil.rmtree(home, ignore_errors=True)   # the throwaway wiki leaves nothing behind
        print(f"\nThe throwaway wiki is stopped and {home} removed.", file=out)


def _demo(wiki: testwiki.LocalWiki, home: Path, keep: bool, out) -> int:
    say = lambda text="": print(text, file=out)  # noqa: E731
    bot = wiki.create_user("WikiBot", groups=("bot",))
    wiki.create_bot_password(bot, "wikibot")
    admin = wiki.create_user("AdminAlice", groups=("sysop",))
    pywikibot_dir = home / "pywikibot"
    wiki.write_pywikibot_config(pywikibot_dir, "demo", users=["WikiBot", "AdminAlice"], user="WikiBot",
                                alias_user="AdminAlice")
    settings = config.load(pywikibot_dir)  # points pywikibot at the demo wiki before it is imported
    say(f"A throwaway wiki is running at {wiki.url}/ (files in {home}, removed at the end).")

    for title, file in SAMPLE_PAGES.items():
        wiki.edit_as(admin, title, sample(file), "Sample page for the demo")
    wiki.edit_as(admin, "User:WikiBot/Run", "true", "Let the bot write")
    request = sample("request.wiki")
    wiki.edit_as(admin, "User:WikiBot/Requests", "Admins: add a section per request.\n\n" + request,
                 "Please enact “Hats for Everyone”")
    say("AdminAlice posted a request on User:WikiBot/Requests:\n")
    say("    " + request.strip().replace("\n", "\n    "))
    say()

    from wikibot.daemon import Daemon
    from wikibot.site import Wiki

    before = wiki.page_text("Ruleset")
    bot_wiki = Wiki.connect(settings)
    Daemon(bot_wiki).run_once()

    say("\nThe bot's answer on the request page:\n")
    answer = wiki.page_text("User:WikiBot/Requests").split("<!-- wikibot:reply -->", 1)
    say("    " + (answer[1].strip().replace("\n", "\n    ") if len(answer) > 1 else "(no answer: see the log above)"))
    after = wiki.page_text("Ruleset")
    say("\nWhat changed on the Ruleset:\n")
    say(unified_diff(before, after, "Ruleset") if after != before else "(nothing)")
    if keep:
        # Links only while the wiki is up to show them.
        say(f"\nLook at it: {wiki.url}/index.php?title=Ruleset&diff=cur&oldid=prev")
        say(f"            {wiki.url}/index.php?title=User:WikiBot/Requests")
        say("\nThe wiki stays up until you press Enter.")
        try:
            input()
        except EOFError:
            pass
    else:
        say("\n(`wikibot demo --keep` keeps the wiki up to look at it in a browser.)")
    return 0 if after != before else 3
