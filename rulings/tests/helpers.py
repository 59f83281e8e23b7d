"""What several rulings tests share: the seed documents' folder, rule numbers with letters."""

from pathlib import Path

from django.conf import settings

SEEDS = Path(settings.BASE_DIR) / "fixtures" / "documents" / "it"


def letters(prefix: str, letters: str) -> list[str]:
    """``letters("502.70", "abc")``: 502.70a, 502.70b, 502.70c."""
    return [prefix + letter for letter in letters]
