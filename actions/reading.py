"""The bot's reading of a proposal, step by step, for its author or an Admin to see before enactment.

For every step: what kind of instruction it is, the rule it targets, the exact text it would add
and the text it would change or remove; or why it is set aside (a condition, a remark, something
off the wiki) or cannot be read.  With a Ruleset, each step is also tried on it (a dry run of the
real enactment: nothing is written) and the answer says whether the rule exists and where the text
was found, in the enactment's own words.  Authors can then write proposals the bot enacts exactly.

Pure: a Proposal (and optionally the Ruleset's text) in, a plain dict and a text out.
"""

from __future__ import annotations

from typing import Any

from actions.report import IGNORED, UNSUPPORTED
from parsers import steps as st

#: How each kind of step is named for a reader.
KIND_NAMES = {
    st.AddRule: "add a rule", st.RepealRule: "repeal a rule", st.RepealAll: "repeal every rule of a kind",
    st.RenameRule: "rename a rule",
    st.ReplaceRuleText: "replace a rule's text", st.ReplaceText: "replace text", st.RemoveText: "remove text",
    st.InsertText: "insert text", st.AppendText: "add text", st.AddListItem: "add a list item", st.MoveRule: "move a rule", st.SetStatus: "set a status",
    st.SetValue: "set a value", st.ChangeValue: "change a value", st.TransferValue: "transfer a value",
    st.AddColumn: "add a column", st.AddPlayer: "add a player", st.RemovePlayer: "remove a player",
    st.AddRow: "add a row", st.RemoveRow: "remove a row", st.SetAttribute: "set an attribute",
    st.ChangeAttribute: "change an attribute", st.DeriveValues: "take values from another table",
    st.SwapValues: "swap two values", st.MoveName: "move a name", st.AddToCell: "add a name to a cell",
    st.RemoveFromCell: "remove a name from a cell",
    st.SetSingleValue: "set a single value", st.ChangeSingleValue: "change a single value",
    st.Ignored: "set aside", st.Unsupported: "not read",
}


def _rule_name(ref: Any) -> str | None:
    if ref is None:
        return None
    if isinstance(ref, st.RuleRef):
        return "(the rule named in the step before)" if ref.previous else ref.name
    return str(ref)


def _target_text(target: Any) -> str | None:
    if not isinstance(target, st.Target):
        return None
    if target.text is not None:
        return target.text
    if target.number is not None:
        return "the final paragraph" if target.number == -1 else f"paragraph {target.number}"
    return None


def describe_step(step: st.Step) -> dict:
    """One step as plain data: kind, rule, the text it adds and the text it changes or removes."""
    row: dict[str, Any] = {"n": step.index, "kind": KIND_NAMES.get(type(step), type(step).__name__),
                           "text": step.text}
    rule = getattr(step, "rule", None) or getattr(step, "parent", None)
    if isinstance(step, st.AddRule):
        row["new_rule"] = step.name
        if step.section:
            row["section"] = step.section
    if isinstance(step, st.AddListItem) and step.of:
        row["list"] = step.of
    if rule is not None or isinstance(step, (st.ReplaceText, st.RemoveText, st.InsertText, st.AppendText, st.AddListItem)):
        target = getattr(step, "target", None)
        row["rule"] = (_rule_name(rule) if rule is not None else
                       "(the glossary rule that defines it)" if isinstance(target, st.Target) and target.kind == st.KEYWORD else
                       "(every rule and rule title)" if isinstance(target, st.Target) and target.occurrence == "all" else
                       "(the rule that holds the list)" if isinstance(step, st.AddListItem) else
                       "(the one place in the Ruleset that holds it)")
    adds = getattr(step, "body", None) or getattr(step, "new", None) or getattr(step, "items", None)
    if adds is not None:
        row["adds"] = adds
    changes = _target_text(getattr(step, "target", None)) or _target_text(getattr(step, "anchor", None))
    if changes is not None:
        row["changes" if not isinstance(step, st.InsertText) else "next_to"] = changes
    target = getattr(step, "target", None)
    if isinstance(target, st.Target) and target.occurrence is not None:
        row["occurrence"] = "every occurrence" if target.occurrence == "all" else f"occurrence {target.occurrence}"
    if isinstance(step, st.RepealAll):
        row["repeals"] = f"every {step.kind} rule" + (
            " except " + ", ".join(f"“{_rule_name(r)}”" for r in step.keep) if step.keep else "")
    if isinstance(step, st.MoveRule):
        where = ([f"under “{_rule_name(step.parent)}”"] if step.parent else []) + \
                ([f"after “{_rule_name(step.after)}”"] if step.after else []) + \
                ([f"in the section “{step.section}”"] if step.section else [])
        row["moves_to"] = ", ".join(where)
    for key in ("new_name", "status", "table", "name", "thing", "attribute", "variable", "value", "delta", "amount",
                "column", "default"):
        value = getattr(step, key, None)
        if value is not None:
            row[key] = value
    if getattr(step, "values", None):
        row["values"] = dict(step.values)
    if isinstance(step, st.SetAttribute) and step.attribute is None:
        row["attribute"] = ("(its colour: the page's colour column)" if step.colour else
                            "(not named: the one column of the page the rules let hold the value)")
    derived = getattr(step, "derived", None)
    if derived is not None:
        row["derived"] = f"each row's is the {derived.value} of the row its {derived.link} names"
    player = getattr(step, "player", None)
    if player is not None:
        row["player"] = "every player" if isinstance(player, st.EachPlayer) else player
    if isinstance(step, st.Ignored):
        row["set_aside"] = step.category
        row["why"] = step.reason
    elif isinstance(step, st.Unsupported):
        row["why"] = step.reason
    return row


def read_proposal(proposal: st.Proposal, ruleset_text=None, *, gamestate_text: str | None = None,
                  gamestate_title: str | None = None, overrides: list | None = None) -> dict:
    """The reading of a whole proposal; with ``ruleset_text`` (or the Ruleset already parsed), each step tried
    on that Ruleset, and with ``gamestate_text`` (the tracking page the Ruleset names, ``gamestate_title``)
    each gamestate step tried on that page, judged with the Admins' ``overrides`` as an enactment would be."""
    rows = [describe_step(step) for step in proposal.steps]
    if ruleset_text is not None:
        from actions.enact import enact  # a dry run of the real thing: nothing is written

        report = enact(proposal, ruleset_text, gamestate_text, gamestate_title=gamestate_title,
                       overrides=overrides).report
        by_n: dict[int, Any] = {}
        for result in report.steps:
            by_n.setdefault(result.n, result)
        for row in rows:
            result = by_n.get(row["n"])
            if result is not None:
                row["on_ruleset"] = {"status": result.status, "detail": result.detail}
    unread = [r for r in rows if r["kind"] == KIND_NAMES[st.Unsupported]
              or r.get("on_ruleset", {}).get("status") == UNSUPPORTED]
    aside = [r for r in rows if r["kind"] == KIND_NAMES[st.Ignored]
             or r.get("on_ruleset", {}).get("status") == IGNORED]
    summary = {"steps": len(rows), "read": len(rows) - len(unread) - len(aside), "set_aside": len(aside),
               "not_read": len(unread)}
    return {"name": proposal.name, "tags": list(proposal.tags), "steps": rows, "summary": summary}


def render(reading: dict) -> str:
    """The reading as plain text, one step a paragraph."""
    lines = [f"Reading of “{reading['name']}”" + (f" [{'] ['.join(reading['tags'])}]" if reading["tags"] else "")]
    for row in reading["steps"]:
        quoted = " ".join(row["text"].split())
        lines.append(f"{row['n']:>2}. {row['kind']}: {quoted if len(quoted) <= 100 else quoted[:99] + '…'}")
        for key, label in (("new_rule", "new rule"), ("section", "in section"), ("rule", "rule"),
                           ("changes", "changes"), ("occurrence", "where"), ("next_to", "next to"),
                           ("moves_to", "moves to"), ("repeals", "repeals"), ("new_name", "new name"),
                           ("player", "player"), ("thing", "thing"), ("attribute", "column"),
                           ("variable", "value"), ("value", "set to"), ("derived", "values"), ("delta", "by"),
                           ("set_aside", "set aside as"), ("why", "why")):
            if key in row:
                lines.append(f"      {label}: {row[key]}")
        if "adds" in row:
            lines.append("      text it adds:")
            lines.extend(f"        | {line}" for line in str(row["adds"]).split("\n"))
        if "on_ruleset" in row:
            lines.append(f"      on this Ruleset: {row['on_ruleset']['status']} — {row['on_ruleset']['detail']}")
    s = reading["summary"]
    lines.append(f"{_steps(s['steps'])}: {s['read']} read, {s['set_aside']} set aside, {s['not_read']} not read")
    return "\n".join(lines)


def _steps(n: int) -> str:
    return f"{n} step{'s' * (n != 1)}"


def headline(reading: dict) -> str:
    """One line: how much of the proposal the bot can enact as written."""
    s = reading["summary"]
    if s["steps"] == 0:
        return f"Reading of “{reading['name']}”: no step found; the bot would change nothing."
    verdict = ("the bot can enact every step as written" if s["read"] == s["steps"] else
               "the bot would enact the steps it reads and name the rest for an Admin" if s["not_read"] == 0 else
               "the bot would not enact this as written: an Admin must do the steps it cannot read, or the author "
               "can reword them")
    return (f"Reading of “{reading['name']}”: {_steps(s['steps'])}, {s['read']} read, {s['set_aside']} set aside, "
            f"{s['not_read']} not read — {verdict}.")


def step_lines(reading: dict, width: int = 160) -> list[str]:
    """One plain line per step: its kind, where it acts, what it adds, and why it is set aside or unread."""
    def short(text: object) -> str:
        t = " ".join(str(text).split())
        return t if len(t) <= width else t[:width - 1] + "…"

    lines = []
    for row in reading["steps"]:
        parts = [f"{row['n']}. {row['kind']}"]
        for key, label in (("new_rule", "new rule"), ("section", "in section"), ("rule", "rule"),
                           ("changes", "changes"), ("occurrence", "where"), ("next_to", "next to"),
                           ("moves_to", "moves to"), ("repeals", "repeals"), ("new_name", "new name"),
                           ("player", "player"), ("variable", "value"), ("value", "set to"), ("delta", "by")):
            if key in row:
                parts.append(f"{label}: “{short(row[key])}”")
        if "adds" in row:
            parts.append(f"adds: “{short(row['adds'])}”")
        if "on_ruleset" in row:
            parts.append(f"on the Ruleset now: {row['on_ruleset']['status']} ({short(row['on_ruleset']['detail'])})")
        if "why" in row:
            parts.append(f"why: {short(row['why'])}")
        lines.append(" — ".join(parts))
    return lines
