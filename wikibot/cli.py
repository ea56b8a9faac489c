"""The ``wikibot`` command line.

Every user-facing failure becomes one clear line on stderr and an exit status here, and only here:
0 done, 1 a check found something illegal, 2 unusable input, 3 a step could not be applied.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from parsers import ruleset as ruleset_parser

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNUSABLE = 2
EXIT_UNSUPPORTED = 3


class UsageError(Exception):
    """Input the bot cannot use; the message says what to do instead."""


def read_text(path: str, what: str) -> str:
    file = Path(path)
    if not file.is_file():
        raise UsageError(f"{what} file {path!r} does not exist: give the path of a saved copy of the page's wikitext.")
    try:
        return file.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"{what} file {path!r} is not UTF-8 text ({error.reason} at byte {error.start}): "
                         "save the page's wikitext as UTF-8.") from None


def load_ruleset(path: str) -> ruleset_parser.Ruleset:
    text = read_text(path, "Ruleset")
    model = ruleset_parser.parse(text)
    if not model.rules:
        raise UsageError(f"{path!r} has no rules: a Ruleset page has headings such as '== Ruleset and Gamestate =='. "
                         "Is this the right page, saved as wikitext (not rendered HTML)?")
    return model


# ------------------------------------------------------------------------- rules
def cmd_rules(args: argparse.Namespace) -> int:
    model = load_ruleset(args.ruleset_file)
    rows = [{
        "section": rule.section.title if rule.section else None,
        "title": rule.title,
        "level": rule.level,
        "number": rule.number,
        "kind": rule.kind,
        "status": rule.status,
        "parent": rule.parent_rule.title if rule.parent_rule else None,
    } for rule in model.rules]
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return EXIT_OK
    tracking = model.tracking_page()
    for row in rows:
        indent = "  " * (row["level"] - 2)
        status = f"  [{row['status']}]" if row["status"] else ""
        section = row["section"] or (row["kind"] or "").capitalize() or "-"
        print(f"{row['number']:<8} {section:<20} {indent}{row['title']}{status}")
    print(f"{len(rows)} rules in {len(model.sections)} sections"
          + (f"; gamestate tracking page: {tracking[0]}" if tracking else ""))
    return EXIT_OK


# ------------------------------------------------------------------------- the live wiki
def connect(args: argparse.Namespace):
    from wikibot import config
    from wikibot.site import Wiki

    settings = config.load(args.config_dir)
    return Wiki.connect(settings)


def cmd_demo(args: argparse.Namespace) -> int:
    from wikibot import demo

    return demo.run(keep=args.keep)


def cmd_run(args: argparse.Namespace) -> int:
    import logging

    from wikibot.daemon import Daemon

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stdout)
    daemon = Daemon(connect(args))
    if args.once:
        daemon.start()
        daemon.run_once()
    else:
        daemon.run_forever()
    return EXIT_OK


BOX = '<div style="border:1px solid #aaa;padding:4px">'
SETUP_PAGES = {
    "Template:Enact": BOX + "'''Enact''' [{{{url|}}} {{{title|}}}]</div>",
    "Template:Ascension": BOX + "'''Dynastic Reset'''{{#if:{{{at|}}}| at {{{at}}} UTC}}</div>",
    "Template:Synonyms": BOX + "'''Synonyms'''</div>",
}


def cmd_setup(args: argparse.Namespace) -> int:
    wiki = connect(args)
    import pywikibot

    settings = wiki.settings
    pages = dict(SETUP_PAGES)
    pages[settings.requests] = (
        "Admins: add one section per request; the bot answers in the section.\n\n"
        "<!-- == Enact: Name ==\n{{Enact|title=Proposal: Name|url=…}}\nthe Proposal's text\n~~~~ -->\n")
    pages[settings.run] = "false"
    pages[settings.log] = "What the bot saw and left for humans.\n"
    for title, text in pages.items():
        page = pywikibot.Page(wiki.site, title)
        if page.exists():
            print(f"kept      {title} (exists)")
            continue
        page.text = text
        page.save(summary="wikibot setup", bot=True, quiet=True)
        print(f"created   {title}")
    print(f"The bot writes nothing until an Admin sets {settings.run} to: true")
    return EXIT_OK


# ------------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wikibot",
        description="The clerk of BlogNomic: enacts Proposals, performs Dynastic Resets, guards the gamestate.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    rules = commands.add_parser("rules", help="list the rules of a Ruleset page (sections, levels, statuses)")
    rules.add_argument("--ruleset-file", required=True, metavar="F", help="the Ruleset page's wikitext")
    rules.add_argument("--json", action="store_true", help="print JSON instead of a table")
    rules.set_defaults(handler=cmd_rules)

    demo = commands.add_parser("demo", help="run the bot once on a throwaway local wiki with sample pages")
    demo.add_argument("--keep", action="store_true", help="keep the wiki running until Enter is pressed")
    demo.set_defaults(handler=cmd_demo)

    run = commands.add_parser("run", help="the daemon: poll the request page, run due resets, patrol")
    run.add_argument("--once", action="store_true", help="one cycle of every job, then exit")
    run.set_defaults(handler=cmd_run)

    setup = commands.add_parser("setup", help="create the request page, the run page and the templates")
    setup.set_defaults(handler=cmd_setup)

    for live in (run, setup):
        live.add_argument("--config-dir", metavar="DIR",
                          help="the directory holding user-config.py and wikibot.toml (default: $PYWIKIBOT_DIR)")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.handler(args)
    except (UsageError, ValueError, LookupError, OSError) as error:
        print(f"wikibot {args.command}: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
