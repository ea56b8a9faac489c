"""The history store's cost: building it is linear in the revisions, each downloaded once; an answer takes ms.

    .venv/bin/python bench/history.py

Offline: a history of N revisions of the largest fixture Ruleset (80 KB) — the bot's enactments (a sentence
added to a rule, a rule added), typo fixes, players' unexplained changes and Admins' reverts of them — is
kept and classified (:meth:`wikibot.history.HistoryStore.add` and ``classify``) for N = 250 and 1000:
``history_build_growth`` is the time per revision at 1000 over the time per revision at 250 (linear: about
1). Then ``history --rule`` is answered from the store of 1000 revisions (``history_answer_ms``, the median
over several rules) and the audit of every revision (``history_audit_ms``).

Live: on a throwaway local wiki, N edits of a Ruleset are made and the store brought up to date twice:
``history_live_downloaded_per_revision`` (1: each revision downloaded once) and
``history_live_requests_when_nothing_changed`` (1: one query says no page changed).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from common import largest, median_seconds

from actions.history import rule_answer  # noqa: E402
from parsers import ruleset as rsmod  # noqa: E402
from wikibot.history import HistoryStore, Pages  # noqa: E402

SIZES = (250, 1000)
BOT = "WikiBot"


def history(n: int, seed: int = 7) -> list[tuple]:
    """(title, revid, parent, user, timestamp, summary, text) of ``n`` revisions of the 80 KB Ruleset."""
    rng = random.Random(seed)
    text = largest("ruleset_*.wiki").read_text(encoding="utf-8")
    rows = []
    parent = 0
    texts: list[str] = []
    for k in range(n):
        revid = 1000 + k
        stamp = f"2026-{1 + k // 2000:02d}-{1 + (k // 80) % 28:02d}T{(k // 4) % 20:02d}:{(k % 4) * 15:02d}:00Z"
        user, summary = BOT, ""
        roll = rng.random()
        if k == 0:
            user, summary = "AdminAlice", "New dynasty"
        elif roll < 0.70:
            rules = rsmod.parse(text).rules
            rule = rules[rng.randrange(len(rules))]
            sentence = f"A Lamplighter may trim Wick {k} of {rule.name} once a day."
            text = text.replace(rule.text(), rule.text().rstrip("\n") + f"\n\n{sentence}\n\n", 1)
            summary = f"/* {rule.name} */ Enacted “Wick {k}” (request [[Special:Diff/{revid - 1}|r{revid - 1}]])"
        elif roll < 0.85 and "Lamplighter may trim" in text:
            text = text.replace("Lamplighter may trim", "Lamplighter may trmi", 1)
            user, summary = "AdminAlice", "spelling"
        elif roll < 0.95:
            text = text.replace(" once a day.", " twice a day.", 1)
            user, summary = "PlainBob", "more wicks"
        elif len(texts) > 2:
            text = texts[-2]
            user, summary = "AdminAlice", "Revert"
        rows.append(("Ruleset", revid, parent, user, stamp, summary, text))
        texts.append(text)
        parent = revid
    return rows


def build(rows: list[tuple], path: Path) -> HistoryStore:
    store = HistoryStore(path, Pages(requests=f"User:{BOT}/Requests"), BOT)
    store.add(rows)
    store.classify()
    return store


def offline() -> None:
    per_revision = {}
    with tempfile.TemporaryDirectory() as folder:
        stores = {}
        for n in SIZES:
            rows = history(n)
            path = Path(folder) / f"history-{n}.sqlite"
            start = time.perf_counter()
            stores[n] = build(rows, path)
            seconds = time.perf_counter() - start
            per_revision[n] = seconds / n
            again = stores[n].add(rows)
            print(f"history_build_{n}_s: {seconds:.1f}")
            print(f"history_build_{n}_added_again: {again}")
        print(f"history_build_ms_per_revision: {per_revision[SIZES[-1]] * 1000:.1f}")
        print(f"history_build_growth: {per_revision[SIZES[-1]] / per_revision[SIZES[0]]:.2f}")
        store = stores[SIZES[-1]]
        print(f"history_store_kb_per_revision: {Path(store.path).stat().st_size / 1024 / SIZES[-1]:.1f}")
        latest = store.revision_text(store.latest_classified("Ruleset"))
        print(f"history_ruleset_kb: {len(latest.encode()) / 1024:.0f}")
        page = rsmod.parse(latest)
        names = [r.title for r in page.rules if page.count_name(r.title) == 1][::7][:12]

        def answer(name: str) -> None:
            now, events, origins = store.rule(name)
            rule_answer(name, now, events, origins)

        times = [median_seconds(lambda: answer(name), repeat=5) for name in names]
        print(f"history_answer_ms: {statistics.median(times) * 1000:.1f}")
        print(f"history_answer_slowest_ms: {max(times) * 1000:.1f}")
        print(f"history_audit_ms: {median_seconds(store.audit, repeat=5) * 1000:.1f}")


def live(edits: int = 60) -> None:
    import logging

    from wikibot import config, testwiki
    from wikibot.site import Wiki

    logging.getLogger("pywiki").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory() as folder:
        wiki = testwiki.LocalWiki("History Bench")
        wiki.start(Path(folder) / "wiki")
        try:
            bot = wiki.create_user(BOT, groups=("bot",))
            wiki.create_bot_password(bot, "wikibot")
            wiki.create_user("AdminAlice", groups=("sysop",))
            cfg = wiki.write_pywikibot_config(Path(folder) / "pywikibot", "historybench", users=[BOT, "AdminAlice"],
                                              user=BOT, alias_user="AdminAlice")
            settings = config.load(cfg.directory)
            settings.state_dir = Path(folder) / "state"
            import pywikibot

            site = pywikibot.Site()
            site.login()
            bot_wiki = Wiki(site, settings)
            text = "= Dynastic Rules =\n\n== Wicks ==\nA Wick burns.\n"
            for k in range(edits):
                text += f"\nWick {k} burns for {k} hours.\n"
                wiki.edit_as("AdminAlice", settings.ruleset, text, f"Enacting Proposal: Wick {k}")
            store = HistoryStore.open(settings.state_dir, Pages(settings.ruleset, settings.building_blocks,
                                                                bot_wiki.settings.requests), BOT)
            store.update(bot_wiki)
            print(f"history_live_revisions: {edits}")
            print(f"history_live_downloaded_per_revision: {store.downloaded / edits:.2f}")
            print(f"history_live_requests_per_revision: {store.requests_sent / edits:.2f}")
            sent, got = store.requests_sent, store.downloaded
            store.update(bot_wiki)
            print(f"history_live_requests_when_nothing_changed: {store.requests_sent - sent}")
            print(f"history_live_downloaded_again: {store.downloaded - got}")
        finally:
            wiki.stop()


if __name__ == "__main__":
    offline()
    live()
