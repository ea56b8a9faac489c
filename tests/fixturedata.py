"""Reading the files in tests/fixtures (tests never read ../shared: a user's clone has no such folder)."""

from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"

ERAS = ["2004", "2016", "2020", "2022", "2023"]


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")
