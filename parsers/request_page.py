"""The on-wiki request page: one section per request, and the bot's replies.

An Admin asks for work by adding a section::

    == Enact: Hats for Everyone ==
    {{Enact|title=Proposal: Hats for Everyone [Core]|url=https://blognomic.com/…}}
    Add a new rule to the Ruleset, called “Hats”, with the following text:
    …
    ~~~~

or ``{{Ascension|at=2026-12-01 18:00|…}}`` followed by the Address text, or
``{{Synonyms|Player=Necromancer}}``. Anyone, not only an Admin, may ask for ``{{Read|title=Proposal: …}}``
followed by a draft proposal: the bot answers with its reading and changes nothing else. Anyone may
also post ``{{Review|title=Proposal: Hats|rev=N}}`` with a proposal's text, for a review of a hand
enactment (:mod:`wikibot.reviews`), or ``{{History|rule=X}}`` for the history of a rule
(:mod:`wikibot.history`). The bot answers inside the section, after a marker line; a
request whose section holds the done marker is never done again. Who asked is *not* read from here
(signatures can be copied): the wiki layer takes it from the page history.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone

import mwparserfromhell

from parsers import ruleset as sections_parser
from parsers.errors import WikibotError

KINDS = ("enact", "ascension", "synonyms", "read", "review", "history")
REPLY_MARK = "<!-- wikibot:reply -->"
DONE_MARK = "<!-- wikibot:done -->"
_SIGNATURE = re.compile(r"\s*(?:--\s*)?(?:\[\[User:[^\n]*|~~~~~?)\s*$", re.I)


class RequestGone(WikibotError, LookupError):
    """The request is no longer on the page as it was asked: its reply has nowhere to go."""


@dataclass
class Request:
    """One request section as it stands on the page."""

    heading: str                 # the section title, e.g. "Enact: Hats for Everyone"
    kind: str | None             # "enact", "ascension", "synonyms", "read"; None when no template was found
    params: dict[str, str]       # the template's named parameters
    text: str                    # the request's own text (template and signature removed)
    raw: str                     # the section's text before any reply: what an Admin wrote
    done: bool                   # the bot has answered it for good
    replied: bool                # the bot has written something in it
    problems: list[str] = field(default_factory=list)

    @property
    def ident(self) -> str:
        """Who the request is in the page history: its heading (headings on the page must be unique)."""
        return heading_ident(self.heading)

    @property
    def key(self) -> str:
        """The request as asked: its heading and its text (a reply goes only where both still match)."""
        return self.ident + "\n" + " ".join(self.raw.split())

    def due(self, now: datetime) -> bool:
        """A request with ``at=`` waits until then (UTC); one whose time is unreadable is due at once, so
        that it is answered with what to write instead."""
        try:
            at = self.at
        except WikibotError:
            return True
        return at is None or at <= now

    @property
    def at(self) -> datetime | None:
        value = self.params.get("at", "").strip()
        if not value:
            return None
        return parse_time(value)


def heading_ident(heading: str) -> str:
    return " ".join(heading.split())


def parse_time(value: str) -> datetime:
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d"):
        try:
            return datetime.strptime(value.removesuffix("Z").removesuffix(" UTC").strip(), fmt).replace(
                tzinfo=timezone.utc)
        except ValueError:
            continue
    raise WikibotError(f"“{value}” is not a time the bot reads: write it as YYYY-MM-DD HH:MM or "
                     "YYYY-MM-DD HH:MM:SS (UTC).")


def parse(text: str) -> list[Request]:
    """Every request section on the page, in page order."""
    page = sections_parser.parse(text)
    return [_request(block.heading.raw_title.strip(), _section_body(page, block))
            for block in page.blocks if block.level == 2]


def sections(text: str) -> list[tuple[str, str]]:
    """(heading ident, what was asked) of every request section, in page order; cheaper than :func:`parse`
    (no templates read), for going through a page's history."""
    page = sections_parser.parse(text)
    return [(heading_ident(block.heading.raw_title), _section_body(page, block).partition(REPLY_MARK)[0])
            for block in page.blocks if block.level == 2]


def duplicates(requests: list[Request]) -> set[str]:
    """The headings that more than one section on the page uses."""
    seen: set[str] = set()
    return {r.ident for r in requests if r.ident in seen or seen.add(r.ident)}


def cut_off(requests: list[Request], due: list[Request]) -> dict[str, str]:
    """{request: heading of the section right below it} where that section holds no request template and no
    reply: maybe the rest of the request, cut off by a level-2 heading line in the Proposal's text."""
    waiting = {r.ident for r in due}
    return {r.ident: after.ident for r, after in zip(requests, requests[1:])
            if r.ident in waiting and after.kind is None and not after.replied}


def _section_body(page: sections_parser.Ruleset, block: sections_parser.Block) -> str:
    """A request section's text below its heading, deeper headings included."""
    return block.body + "".join(child.text() for child in page.subtree(block)[1:])


def _request(heading: str, body: str) -> Request:
    raw, mark, _reply = body.partition(REPLY_MARK)
    done = DONE_MARK in body
    code = mwparserfromhell.parse(raw, skip_style_tags=True)
    kind, params, problems = None, {}, []
    for template in code.filter_templates(recursive=False):
        name = str(template.name).strip().casefold()
        if name in KINDS:
            if kind is not None:
                problems.append("the section holds more than one request template: put each request in "
                                "its own section")
                continue
            kind = name
            params = {str(p.name).strip(): str(p.value).strip() for p in template.params}
            code.remove(template)
    if kind is None:
        guess = heading.split(":")[0].strip().casefold()
        if guess in KINDS:
            kind = guess
        else:
            problems.append("no {{Enact}}, {{Ascension}}, {{Synonyms}}, {{Read}}, {{Review}} or {{History}} template in "
                            "the section")
    lines = str(code).strip("\n").split("\n")
    while lines and (not lines[-1].strip() or _SIGNATURE.fullmatch(lines[-1])):
        lines.pop()
    if lines:
        lines[-1] = re.sub(r"\s*(?:--\s*)?\[\[User:.*$|\s*~~~~~?\s*$", "", lines[-1])
    text = "\n".join(lines).strip("\n")
    if params.get("at"):
        try:
            parse_time(params["at"])
        except WikibotError as error:
            problems.append(str(error))
    return Request(heading, kind, params, text, raw, done, bool(mark), problems)


def tag(revid: int) -> str:
    """What every edit the bot makes for a request carries at the end of its summary: the revision of the
    request page that added the request. The request's durable identity: a reply deleted, the page
    reverted to before the answer, or the bot's state lost, the bot's own edits still say it was done."""
    return f"(request [[Special:Diff/{revid}|r{revid}]])"


_TAG = re.compile(r"\(request \[\[Special:Diff/(\d+)\|r\1\]\]\)")
_SECTION_PREFIX = re.compile(r"^\s*/\*.*?\*/\s*")


#: MediaWiki cuts edit summaries at 500 characters: the tag must survive that.
SUMMARY_MOST = 490


def with_tag(summary: str, request_tag: str) -> str:
    """``summary`` ending with ``request_tag``, shortened so that the whole fits in an edit summary."""
    if not request_tag:
        return summary
    room = SUMMARY_MOST - len(request_tag) - 1
    text = summary if len(summary) <= room else summary[:room - 1] + "…"
    return f"{text} {request_tag}"


def accepted_tag(revid: int, requester: str) -> str:
    """What the bot's acknowledgement of a scheduled request carries in its summary: the request and who
    added it, as checked when it was accepted. Not a :func:`tag`: an acknowledgement is not an answer."""
    return f"(accepted: request [[Special:Diff/{revid}|r{revid}]] of [[User:{requester}|{requester}]])"


_ACCEPTED = re.compile(r"\(accepted: request \[\[Special:Diff/(\d+)\|r\1\]\] of \[\[User:([^|\]]+)\|\2\]\]\)")
_SECTION_LINK = re.compile(r"^\s*/\*\s*(.*?)\s*\*/")


def accepted(summary: str) -> tuple[str, int, str] | None:
    """(heading ident, request revision, requester) of an acknowledgement's summary; None for any other."""
    found, section = _ACCEPTED.search(summary), _SECTION_LINK.match(summary)
    if not found or not section:
        return None
    return heading_ident(section.group(1)), int(found.group(1)), found.group(2)


def tagged(summary: str) -> list[int]:
    """The requests an edit summary says the edit was made for."""
    return [int(n) for n in _TAG.findall(summary)]


def plain_summary(summary: str) -> str:
    """An edit summary as words for an answer: without its section link (``/* Rule */``, which only the wiki's
    history renders) and without a request's tag."""
    return _TAG.sub("", _SECTION_PREFIX.sub("", summary)).strip()


#: How the summary of the bot's enactment names the Proposal, and its address when the request gave one.
ENACTED = "Enacted"
_ENACTED = re.compile(r"^Enacted \u201c(?P<name>.*)\u201d(?: \u2014 (?P<url>\S+))?\s*$")


def enacted_summary(summary: str, url: str = "") -> str:
    """The enactment's summary (``Enacted “Name”``) with the Proposal's address after it, when it has one: the
    bot's own edits then say which Proposal they enacted, for as long as the wiki keeps its history."""
    url = " ".join(url.split())
    return f"{summary} \u2014 {url}" if url and " " not in url else summary


def enactment_named(summary: str) -> tuple[str, str] | None:
    """(name, address) of the Proposal an enactment's summary names; None for any other summary."""
    found = _ENACTED.match(plain_summary(summary))
    return (found.group("name"), found.group("url") or "") if found else None


def _folded_name(name: str) -> str:
    name = name.replace("\u201c", '"').replace("\u201d", '"').replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(name.casefold().split())


def _folded_url(url: str) -> str:
    url = url.strip().casefold().split("#", 1)[0]
    url = re.sub(r"^https?://(?:www\.)?", "", url)
    return url.rstrip("/")


def same_proposal(name: str, url: str, other_name: str, other_url: str) -> bool:
    """One Proposal, by its address or its name: the same address is the same Proposal; two different
    addresses are two Proposals even under one name; without both addresses, the same name (without
    "Proposal:" and tags, in any case, quotes and spacing) is the same Proposal."""
    if url and other_url:
        return _folded_url(url) == _folded_url(other_url)
    return _folded_name(name) == _folded_name(other_name)


def signature(username: str, when: datetime) -> str:
    """A signature as MediaWiki writes ``~~~~``: written out, so that the saved text reads back the same."""
    return f"[[User:{username}|{username}]] {when:%H:%M}, {when.day} {when:%B %Y} (UTC)"


def reply_lines(done: bool, headline: str, details: list[str], signed: str = "~~~~") -> str:
    """The bot's answer as it is appended to a request section."""
    out = ["", REPLY_MARK, f": {headline} {signed}"]
    out += [f":* {line}" for line in details]
    if done:
        out.append(DONE_MARK)
    return "\n".join(out) + "\n"


def add_reply(text: str, request: Request, reply: str) -> str:
    """The page text with ``reply`` appended to the end of the request's section.

    The section is found again by its heading and content, so that edits elsewhere on the page
    (other requests added meanwhile) are kept; a section already answered is passed over, so that two
    identical sections get one reply each. Raises :class:`RequestGone` if it is gone or changed.
    """
    page = sections_parser.parse(text)
    for block in page.blocks:
        if block.level != 2 or block.heading.raw_title.strip() != request.heading:
            continue
        found = _request(request.heading, _section_body(page, block))
        if found.key != request.key or found.done:
            continue
        last = page.subtree(block)[-1]
        follows = last is not page.blocks[-1] or page.trailer
        last.body = last.body.rstrip("\n") + "\n" + reply.strip("\n") + "\n" + ("\n" if follows else "")
        return str(page)
    raise RequestGone(f"The request “{request.heading}” is no longer on the page as it was asked.")
