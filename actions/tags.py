"""The Tags rule: which tag a Proposal needs to change which section, and its exemptions."""

from __future__ import annotations

import re
from dataclasses import dataclass

from parsers import names
from parsers import ruleset as rsmod
from parsers.ruleset import APPENDIX, CORE, SPECIAL_CASE, AmbiguousRule, Ruleset

@dataclass(frozen=True)
class TagPolicy:
    """What the Ruleset's "Tags" rule requires: the tag needed per section kind, and exemptions."""

    required: dict[str, str]
    exemptions: bool
    source: str

    def tag_for(self, kind: str | None) -> str | None:
        return self.required.get(kind or "")


TAG_NAMES = {CORE: "Core", SPECIAL_CASE: "Special Case", APPENDIX: "Appendix"}
_SEED_000_POLICY = dict(required=dict(TAG_NAMES), exemptions=True)


def tag_policy(rs: Ruleset) -> TagPolicy | None:
    """Read the "Tags" rule of this Ruleset; None when the era has none (or it is Inactive).

    A "Tags" rule whose text is absent from the page (the 2023 fixture) is read as seed 000's.
    """
    try:
        rule = rs.get("Tags")
    except AmbiguousRule:
        rule = None
    if rule is None:
        return None
    if rule.is_special_case and rule.status == rsmod.INACTIVE:
        return None
    body = rsmod.plain(rule.body)
    source = f"the rule “{rule.title}”"
    if not body.strip():
        return TagPolicy(source=source + " (its text is absent here; read as in 2022)", **_SEED_000_POLICY)
    straight = names.straighten_quotes(body)
    required = {}
    for kind, tag in TAG_NAMES.items():
        if re.search(r"\[" + re.escape(tag) + r"\]\W*\s*tag\s+in\s+order\s+to\s+make\s+changes", straight, re.I):
            required[kind] = tag
    exemptions = bool(re.search(r"occurs\s+once|unambiguous\s+statement\s+of\s+which\s+section", straight, re.I))
    return TagPolicy(required=required, exemptions=exemptions, source=source)
