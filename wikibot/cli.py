"""The ``wikibot`` command line.

Every user-facing failure becomes one clear line on stderr and an exit status here, and only here:
0 done, 1 a check found something illegal, 2 unusable input (a :class:`~parsers.errors.WikibotError`),
3 a step could not be applied. Anything else that escapes is a bug of the bot: it is shown as one, with
its traceback and where to report it, and exit status 70 — never as the user's mistake.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from pathlib import Path

from actions.report import APPLIED
from parsers import ruleset as ruleset_parser
from parsers.errors import WikibotError
from wikibot.pages import read_text, ruleset_problem

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNUSABLE = 2
EXIT_UNSUPPORTED = 3
#: a bug of the bot (sysexits' EX_SOFTWARE): the traceback is printed, with where to report it
EXIT_BUG = 70

#: where a bug is reported (README, "When wikibot fails")
REPORT_BUGS = "the issue tracker of the repository wikibot came from"


def load_ruleset(path: str) -> ruleset_parser.Ruleset:
    model = ruleset_parser.parse(read_text(path, "Ruleset"))
    ruleset_problem("Ruleset", model, repr(path))
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


# ------------------------------------------------------------------------- table
def cmd_table(args: argparse.Namespace) -> int:
    from parsers.gamestate import parse_gamestate

    page = parse_gamestate(read_text(args.gamestate_file, "Gamestate"))
    if args.json:
        print(json.dumps(page.to_dict(), ensure_ascii=False, indent=2))
    else:
        print("\n".join(page.describe()))
    return EXIT_OK


# ------------------------------------------------------------------------- enact, reset, synonyms
def store_for(args: argparse.Namespace):
    """Where the operation's pages are: the files given (``--ruleset-file`` and the others), else the wiki."""
    from wikibot.pages import FilePages, WikiPages

    if getattr(args, "ruleset_file", None):
        return FilePages(args.ruleset_file, gamestate=getattr(args, "gamestate_file", None),
                         building_blocks=getattr(args, "building_blocks_file", None),
                         overrides=getattr(args, "overrides_file", None))
    return WikiPages(connect(args))


def operate(args: argparse.Namespace, run) -> int:
    """enact, reset and synonyms, offline or live: the one operation (:mod:`wikibot.operations`) on the store
    the arguments name, its report, and what it wrote (nothing with ``--dry-run``, or when a step could not be
    applied with certainty unless ``--partial``)."""
    from wikibot import operations

    try:
        outcome = run(store_for(args), operations)
    except operations.OperationRefused as refused:
        if refused.report is not None:
            print(json.dumps(refused.report.to_dict(), ensure_ascii=False, indent=2) if args.json
                  else refused.report.render(with_diffs=True))
        partial = " (use --partial to write the rest)" if hasattr(args, "partial") and refused.report is not None \
            and not refused.report.complete else ""
        print(f"wikibot {args.command}: {str(refused).rstrip('.')}{partial}.", file=sys.stderr)
        return EXIT_UNSUPPORTED
    report = outcome.report
    print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2) if args.json
          else report.render(with_diffs=args.dry_run))
    if not args.json:
        for saved in outcome.saved:
            print(f"saved {saved.title}: {saved.where}")
    left = report.left_for_an_admin
    if left and not report.with_status(APPLIED):
        # "If the proposal X failed, this proposal has no effect": nothing done, and the rest is an Admin's to
        # decide — not done, as the wiki's answer says, never a success
        print(f"wikibot {args.command}: nothing was written: every step that would change a page is left for an "
              "Admin to decide: " + "; ".join(f"step {s.n} ({s.action})" for s in left) + ".", file=sys.stderr)
        return EXIT_UNSUPPORTED
    return EXIT_OK if report.complete else EXIT_UNSUPPORTED


def cmd_enact(args: argparse.Namespace) -> int:
    text = read_text(args.text_file, "Proposal")
    return operate(args, lambda store, ops: ops.enact(store, args.title, text, dry_run=args.dry_run,
                                                      allow_partial=args.partial))


def cmd_read(args: argparse.Namespace) -> int:
    """The bot's reading of a proposal, step by step, or of an Ascension Address; writes nothing."""
    if args.address_file:
        return read_address(args)
    from actions.reading import read_proposal, render
    from parsers.proposal import parse_proposal

    text = read_text(args.text_file, "Proposal")
    ruleset_text = str(load_ruleset(args.ruleset_file)) if args.ruleset_file else None
    reading = read_proposal(parse_proposal(args.title, text), ruleset_text)
    print(json.dumps(reading, ensure_ascii=False, indent=2) if args.json else render(reading))
    return EXIT_OK if reading["summary"]["not_read"] == 0 else EXIT_UNSUPPORTED


def read_address(args: argparse.Namespace) -> int:
    """The plan the bot reads from an Ascension Address: each part with its sentence, what is left
    for an Admin outside the reset, what it could not read, and the story it set aside. With a
    Ruleset, the reset is also tried on it (nothing is written)."""
    from actions.reset import dynastic_reset
    from parsers.ascension import describe, parse_address, render

    address = read_text(args.address_file, "Ascension Address")
    model = load_ruleset(args.ruleset_file) if args.ruleset_file else None
    plan = parse_address(address, ruleset=model)
    reading = describe(plan)
    trial = None
    if model is not None:
        result = dynastic_reset(str(model), plan)
        trial = result.report
        reading["tried on the Ruleset"] = {"ok": result.ok, "summary": trial.summary,
                                           "steps": [step.to_dict() for step in trial.steps]}
    if args.json:
        print(json.dumps(reading, ensure_ascii=False, indent=2))
    else:
        print(render(reading))
        if trial is not None:
            print("tried on the Ruleset (nothing written):")
            print(trial.render(with_diffs=False))
    failed = reading["summary"]["not_read"] or (trial is not None and not trial.complete)
    return EXIT_UNSUPPORTED if failed else EXIT_OK


def cmd_reset(args: argparse.Namespace) -> int:
    address = read_text(args.address_file, "Ascension Address")
    return operate(args, lambda store, ops: ops.reset(store, address, {}, dry_run=args.dry_run))


def cmd_review(args: argparse.Namespace) -> int:
    """A hand enactment (or, with --address-file, a hand Dynastic Reset) compared with the bot's own."""
    from wikibot import operations

    old_model = load_ruleset(args.ruleset_old)
    new = read_text(args.ruleset_new, "Ruleset (after the edit)")
    if bool(args.gamestate_old) != bool(args.gamestate_new):
        raise WikibotError("give both --gamestate-old and --gamestate-new (the same file twice if the edit left the "
                           "gamestate page alone), or neither.")
    if bool(args.building_blocks_old) != bool(args.building_blocks_new):
        raise WikibotError("give both --building-blocks-old and --building-blocks-new, or neither.")
    gamestate = {}
    if args.gamestate_old:
        gamestate = {"gamestate_old": read_text(args.gamestate_old, "Gamestate (before the edit)"),
                     "gamestate_new": read_text(args.gamestate_new, "Gamestate (after the edit)")}
    if args.address_file:
        if args.text_file:
            raise WikibotError("give --text-file (a Proposal) or --address-file (an Ascension Address), not both.")
        from parsers.ascension import parse_address

        blocks = {}
        if args.building_blocks_old:
            blocks = {"building_blocks_old": read_text(args.building_blocks_old, "Building Blocks (before the edit)"),
                      "building_blocks_new": read_text(args.building_blocks_new, "Building Blocks (after the edit)")}
        plan = parse_address(read_text(args.address_file, "Ascension Address"), ruleset=old_model)
        review = operations.review_reset(plan, old_model, new, **gamestate, **blocks)
    else:
        if not args.text_file or not args.title:
            raise WikibotError("give the Proposal with --title T --text-file P (or an Address with --address-file).")
        from parsers.proposal import parse_proposal

        proposal = parse_proposal(args.title, read_text(args.text_file, "Proposal"))
        review = operations.review_enactment(proposal, old_model, new, **gamestate)
    print(json.dumps(review.to_dict(), ensure_ascii=False, indent=2) if args.json else review.render())
    return review.exit_code


def parse_sets(values: list[str]) -> dict[str, str]:
    changes = {}
    for value in values:
        key, sep, new = value.partition("=")
        if not sep or not key.strip() or not new.strip():
            raise WikibotError(f"--set takes KEY=NEW, e.g. --set Player=Necromancer; not {value!r}.")
        changes[key.strip()] = new.strip()
    return changes


def cmd_synonyms(args: argparse.Namespace) -> int:
    changes = parse_sets(args.set)
    return operate(args, lambda store, ops: ops.synonyms(store, changes, dry_run=args.dry_run))


# ------------------------------------------------------------------------- guard
def constraints_for(args: argparse.Namespace):
    """The Ruleset and the constraints that judge a gamestate edit (with the overrides file's, if given)."""
    from wikibot import operations

    store = store_for(args)
    game = store.game()
    return operations.rules(game.model, store.overrides(game))


def cmd_constraints(args: argparse.Namespace) -> int:
    from actions import constraints as cons

    model, found = constraints_for(args)
    columns = None
    if getattr(args, "gamestate_file", None):
        from actions.legality import Legality, page_constraints
        from parsers.gamestate import GamestateError, parse_gamestate

        try:
            page = parse_gamestate(read_text(args.gamestate_file, "Gamestate"))
        except GamestateError as exc:
            raise WikibotError(f"the gamestate page cannot be read: {exc}; close the table and try again") from None
        columns = page_constraints(Legality(model, found), page)
    if args.json:
        data = cons.constraints_to_json(found)
        print(json.dumps(data if columns is None else {"constraints": data, "columns": [c.to_dict() for c in columns]},
                         ensure_ascii=False, indent=2))
    else:
        print("\n".join(cons.describe_constraints(found)))
        if columns is not None:
            print("\nOn the gamestate page:")
            print("\n".join("  " + c.line() for c in columns))
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    from wikibot import operations

    result = operations.check(store_for(args), read_text(args.old_file, "Old gamestate"),
                              read_text(args.new_file, "New gamestate"))
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    elif result.verdict == "cannot judge":
        print(f"cannot judge: {result.summary.removeprefix('Cannot judge: ')}")
    else:
        print("legal" if result.legal else f"illegal: {result.summary}")
        for v in result.violations:
            print(f"  {v.table} / {v.row} / {v.column}: {v.old!r} → {v.new!r}: {v.constraint} ({v.source})")
    if result.verdict == "cannot judge":
        print("wikibot: the bot cannot judge this edit (see above); a human must judge it", file=sys.stderr)
        return EXIT_UNUSABLE
    return EXIT_OK if result.legal else EXIT_ILLEGAL


# ------------------------------------------------------------------------- history and audit
def history_store(args: argparse.Namespace):
    """The history store: built in memory from ``--export-file``, else the bot's own, brought up to date."""
    from wikibot import history

    if args.export_file:
        return history.from_export(args.export_file)
    wiki = connect(args)
    store = history.for_wiki(wiki)
    store.update(wiki)
    return store


def diff_link(revid: int) -> str:
    return f"Special:Diff/{revid}"


def cmd_history(args: argparse.Namespace) -> int:
    """A rule as it stands, paragraph by paragraph with the revision that wrote each, and its timeline."""
    from actions.history import rule_answer, rule_lines

    store = history_store(args)
    now, events, origins = store.rule(args.rule)
    answer = rule_answer(args.rule, now, events, origins)
    if args.json:
        print(json.dumps(answer, ensure_ascii=False, indent=2))
    else:
        print("\n".join(rule_lines(answer, now, origins, link=diff_link)))
    return EXIT_OK


def cmd_audit(args: argparse.Namespace) -> int:
    """Every revision of the rules pages with its cause, those that need a look first; exit 1 when one does."""
    from actions.history import audit_answer, audit_headline, audit_line, audit_order

    store = history_store(args)
    found = store.audit(args.since)
    if args.json:
        print(json.dumps(audit_answer(found), ensure_ascii=False, indent=2))
    else:
        print(f"Audit of the Ruleset{' since ' + args.since if args.since else ''}: {audit_headline(found)}")
        for origin in audit_order(found):
            print(("! " if origin.concern else "  ") + audit_line(origin, link=diff_link))
    return EXIT_ILLEGAL if any(o.concern for o in found) else EXIT_OK


# ------------------------------------------------------------------------- the live wiki
class _TracebacksToDebug:
    """A logging filter that turns pywikibot's printed tracebacks into debug records.

    Pywikibot prints a whole traceback for every failed HTTP try before it retries; an Admin
    watching ``wikibot run`` needs its one-line "An error occurred for uri …" and wikibot's own
    message, not thirty lines of stack. The traceback is kept at debug level (pywikibot's log file
    still has it when logging to a file is switched on)."""

    def filter(self, record) -> bool:
        import logging

        if str(record.msg).startswith("Traceback (most recent call last)"):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return True


def connect(args: argparse.Namespace):
    import logging

    from wikibot import config
    from wikibot.site import Wiki

    settings = config.load(args.config_dir)
    pywiki = logging.getLogger("pywiki")
    if not any(isinstance(f, _TracebacksToDebug) for f in pywiki.filters):
        pywiki.addFilter(_TracebacksToDebug())
    return Wiki.connect(settings)


def cmd_demo(args: argparse.Namespace) -> int:
    from wikibot import demo

    return demo.run(keep=args.keep, port=args.port)


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


def cmd_setup(args: argparse.Namespace) -> int:
    from wikibot.setup import setup

    wiki = connect(args)
    protect = True if args.protect else False if args.no_protect else None
    ask = (lambda question: input(question).strip().casefold() in ("y", "yes")) if sys.stdin.isatty() else None
    setup(wiki, protect_pages=protect, ask=ask)
    print(f"The bot writes nothing until an Admin sets {wiki.settings.run} to: true")
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

    table = commands.add_parser("table", help="list the tables and single values of a gamestate page")
    table.add_argument("--gamestate-file", required=True, metavar="F", help="the gamestate page's wikitext")
    table.add_argument("--json", action="store_true", help="print JSON")
    table.set_defaults(handler=cmd_table)

    enact = commands.add_parser("enact", help="enact a passed Proposal, step by step")
    enact.add_argument("--title", required=True, help="the Proposal's title, e.g. 'Proposal: Hats [Core]'")
    enact.add_argument("--text-file", required=True, metavar="P", help="the Proposal's text")
    enact.add_argument("--gamestate-file", metavar="G", help="the gamestate tracking page's wikitext")
    enact.add_argument("--partial", action="store_true", help="write the steps that applied even if some did not")
    enact.set_defaults(handler=cmd_enact)

    read = commands.add_parser("read", help="the bot's reading of a proposal or an Ascension Address (writes nothing)")
    read.add_argument("--title", default="Proposal: Draft", help="the Proposal's title (its tags matter)")
    source = read.add_mutually_exclusive_group(required=True)
    source.add_argument("--text-file", metavar="P", help="the Proposal's text")
    source.add_argument("--address-file", metavar="A", help="an Ascension Address's text: the reset plan read from it")
    read.add_argument("--ruleset-file", metavar="R", help="try each step (or the reset) on this Ruleset's wikitext")
    read.add_argument("--json", action="store_true", help="print JSON")
    read.set_defaults(handler=cmd_read)

    reset = commands.add_parser("reset", help="perform the Dynastic Reset an Ascension Address asks for")
    reset.add_argument("--address-file", required=True, metavar="AA", help="the Ascension Address's text")
    reset.add_argument("--building-blocks-file", metavar="B", help="the Building Blocks page's wikitext")
    reset.add_argument("--gamestate-file", metavar="G", help="the gamestate tracking page's wikitext")
    reset.set_defaults(handler=cmd_reset)

    synonyms = commands.add_parser("synonyms", help="replace terms throughout the Ruleset")
    synonyms.add_argument("--set", action="append", required=True, metavar="KEY=NEW",
                          help="e.g. Player=Necromancer (KEY: the term in the Synonyms parentheses, "
                               "or the current term in eras without that rule)")
    synonyms.add_argument("--building-blocks-file", metavar="B", help="the Building Blocks page's wikitext: its "
                          "terms are replaced too")
    synonyms.add_argument("--gamestate-file", metavar="G", help="the gamestate page's wikitext: its players table's "
                          "heading follows the player term")
    synonyms.set_defaults(handler=cmd_synonyms)

    for action in (enact, reset, synonyms):
        action.add_argument("--ruleset-file", metavar="R",
                            help="the Ruleset page's wikitext (without it: the configured wiki)")
        action.add_argument("--dry-run", action="store_true", help="print the diff; write nothing")
        action.add_argument("--json", action="store_true", help="print the report as JSON")
        action.add_argument("--config-dir", metavar="DIR", help="for the live form: where user-config.py is")

    review = commands.add_parser("review", help="compare a hand enactment (or reset) with the bot's own "
                                 "(exit 0 as written, 1 differences, 3 steps not checked)")
    review.add_argument("--title", help="the Proposal's title, e.g. 'Proposal: Hats [Core]'")
    review.add_argument("--text-file", metavar="P", help="the Proposal's text")
    review.add_argument("--address-file", metavar="AA", help="instead of a Proposal: the Ascension Address")
    review.add_argument("--ruleset-old", required=True, metavar="A", help="the Ruleset before the edit")
    review.add_argument("--ruleset-new", required=True, metavar="B", help="the Ruleset after the edit")
    review.add_argument("--gamestate-old", metavar="G1", help="the gamestate page before the edit")
    review.add_argument("--gamestate-new", metavar="G2", help="the gamestate page after the edit")
    review.add_argument("--building-blocks-old", metavar="B1", help="a reset: the Building Blocks page before")
    review.add_argument("--building-blocks-new", metavar="B2", help="a reset: the Building Blocks page after")
    review.add_argument("--json", action="store_true", help="print JSON")
    review.set_defaults(handler=cmd_review)

    constraints = commands.add_parser("constraints", help="the legal gamestate values the rules define")
    check = commands.add_parser("check", help="is one edit of the gamestate page legal? (exit 1 if not)")
    check.add_argument("--old-file", required=True, metavar="A", help="the page before the edit")
    check.add_argument("--new-file", required=True, metavar="B", help="the page after the edit")
    constraints.add_argument("--gamestate-file", metavar="G",
                             help="also list each table column and single value of this page with its constraint")
    for guard in (constraints, check):
        guard.add_argument("--ruleset-file", required=True, metavar="R", help="the Ruleset page's wikitext")
        guard.add_argument("--overrides-file", metavar="O", help="the on-wiki constraints page's text")
        guard.add_argument("--json", action="store_true", help="print JSON")
    constraints.set_defaults(handler=cmd_constraints)
    check.set_defaults(handler=cmd_check)

    history = commands.add_parser("history", help="a rule as it stands, each paragraph with the revision, author, "
                                  "date and cause that wrote it, and the rule's timeline (git blame for the Ruleset)")
    history.add_argument("--rule", required=True, metavar="X", help="the rule's name, as the Ruleset writes it")
    audit = commands.add_parser("audit", help="every revision of the Ruleset with its cause, the unexplained and "
                                "the enactments with differences first (exit 1 when there are such)")
    audit.add_argument("--since", metavar="REV|DATE", help="only the revisions after revision REV, or from DATE "
                       "(YYYY-MM-DD [HH:MM], UTC) on")
    for told in (history, audit):
        told.add_argument("--export-file", metavar="F", help="offline: a MediaWiki XML export (Special:Export) holding "
                          "the histories of “Ruleset” and “User:<bot>/Requests” (without it: the configured wiki)")
        told.add_argument("--json", action="store_true", help="print JSON")
        told.add_argument("--config-dir", metavar="DIR", help="for the live form: where user-config.py is")
    history.set_defaults(handler=cmd_history)
    audit.set_defaults(handler=cmd_audit)

    demo = commands.add_parser("demo", help="run the bot once on a throwaway local wiki with sample pages")
    demo.add_argument("--keep", action="store_true", help="keep the wiki running until Enter is pressed")
    demo.add_argument("--port", type=int, metavar="N", help="serve the wiki on this port of 127.0.0.1 "
                      "(default: a free one)")
    demo.set_defaults(handler=cmd_demo)

    run = commands.add_parser("run", help="the daemon: poll the request page, run due resets, patrol")
    run.add_argument("--once", action="store_true", help="one cycle of every job, then exit")
    run.set_defaults(handler=cmd_run)

    setup = commands.add_parser("setup", help="create the request page, the run page and the templates, and "
                                "offer to protect the pages that steer the bot")
    protecting = setup.add_mutually_exclusive_group()
    protecting.add_argument("--protect", action="store_true",
                            help="protect the pages that steer the bot (edit=sysop) without asking")
    protecting.add_argument("--no-protect", action="store_true", help="do not protect them, and do not ask")
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
    except WikibotError as error:
        # what the user can put right: one line, what happened and what to do
        print(f"wikibot {args.command}: {' '.join(str(error).split())}", file=sys.stderr)
        return EXIT_UNUSABLE
    except KeyboardInterrupt:
        print(f"wikibot {args.command}: interrupted", file=sys.stderr)
        return 130
    except Exception:  # noqa: BLE001 - anything else is a bug of the bot, and is shown as one
        return bug(args.command)


def bug(command: str) -> int:
    """A failure no :class:`WikibotError` names is the bot's own fault: say so, with the traceback and where
    to report it; never as a mistake of the user's."""
    print(traceback.format_exc(), file=sys.stderr, end="")
    print(f"wikibot {command}: this is a bug in wikibot, not a mistake in what you gave it. Please report it to "
          f"{REPORT_BUGS}, with the command you ran and the traceback above (and the input files, if you may "
          "share them).", file=sys.stderr)
    return EXIT_BUG
