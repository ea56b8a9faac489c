"""A review of a hand enactment (actions.review), as a ratio to the enactment it compares with.

    .venv/bin/python bench/review.py

Prints `name: value` lines. The review enacts the proposal once, and once more for each applied step
left out (to find what that step wrote), then compares the pages word by word; so
review_per_enactment (review time / (applied steps + 1) enactments) stays near 1, whatever the page's
size. The hand edit is the bot's own result with one number changed.
"""

from __future__ import annotations

from common import median_seconds  # noqa: E402  (puts the project on sys.path)

from enact import enacted_once  # noqa: E402

from actions.enact import enact  # noqa: E402
from actions.review import review_enactment  # noqa: E402


def main() -> None:
    path, text, proposal, result, applied = enacted_once()
    hand = result.pages["Ruleset"].replace("Settlers", "Setlers", 1)

    review = review_enactment(proposal, {"Ruleset": text}, {"Ruleset": hand})
    enacted = median_seconds(lambda: enact(proposal, text))
    measured = median_seconds(lambda: review_enactment(proposal, {"Ruleset": text}, {"Ruleset": hand}), repeat=3)
    print(f"review_fixture: {path.name} ({len(text)} bytes)")
    print(f"review_steps_applied: {applied}")
    print(f"review_exit_code: {review.exit_code}")
    print(f"review_ms: {measured * 1000:.2f}")
    print(f"review_ratio_to_enact: {measured / enacted:.2f}")
    print(f"review_per_enactment: {measured / enacted / (applied + 1):.2f}")


if __name__ == "__main__":
    main()
