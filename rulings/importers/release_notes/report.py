"""What an import of a document did, printed by the command and asserted by the tests."""

from dataclasses import dataclass, field


@dataclass
class ImportReport:
    document: str = ""
    created: bool = False  # a new SourceDocument
    unchanged: bool = False  # same file as last time: nothing written
    sections: int = 0
    cards_matched: dict[str, str] = field(default_factory=dict)  # name as written -> Oracle name
    names_not_found: list[str] = field(default_factory=list)  # never silently dropped
    rulings_on_cards: int = 0
    rulings_on_keywords: int = 0
    rulings_on_types: int = 0
    rulings_in_document_only: int = 0  # no subject: kept in the document, on its page
    rulings_removed: int = 0  # imported rulings of this document no longer in it
    rules_stored: int = 0
    rules_renumbered: list[str] = field(default_factory=list)  # "501.9a -> 501.8a (Scry)"
    rules_conflicts: list[str] = field(default_factory=list)  # quoted by another document first
    # "Scry (Profetizzare): Italian name", or "...: unchanged (why the document's was not taken)"
    keywords_updated: list[str] = field(default_factory=list)
    types_updated: list[str] = field(default_factory=list)
    errata_created: list[str] = field(default_factory=list)
    errata_corrected: list[str] = field(default_factory=list)  # this import's, written anew
    errata_removed: list[str] = field(default_factory=list)  # this import's, no longer found
    errata_left_out: list[str] = field(default_factory=list)  # no rewrite fits the printed line
    cards_created: list[str] = field(default_factory=list)  # known from this document only
    # "title: 'Edited' (the import's: 'As in the file')": document fields edited by hand, kept
    kept_by_hand: list[str] = field(default_factory=list)
    errata_kept_deleted: list[str] = field(default_factory=list)  # deleted by hand: not again
    damaged_lines: list[str] = field(default_factory=list)  # "line 12: Ciclo (, Scarta ..."

    @property
    def rulings_attached(self) -> int:
        return self.rulings_on_cards + self.rulings_on_keywords + self.rulings_on_types

    def lines(self) -> list[str]:
        if self.unchanged:
            if not self.errata_changes:
                return [f"{self.document}: nothing changed."]
            return [
                f"{self.document}: the same file; its errata brought up to date.",
                *self._listed(self._errata_lists()),
            ]
        lines = [
            f"{self.document}: {self.sections} sections.",
            (
                f"Card names matched: {len(self.cards_matched)} "
                f"({len(set(self.cards_matched.values()))} cards)."
            ),
            (
                f"Rulings attached: {self.rulings_attached} (cards {self.rulings_on_cards}, "
                f"keywords {self.rulings_on_keywords}, card types {self.rulings_on_types}); "
                f"kept in the document only: {self.rulings_in_document_only}; "
                f"removed: {self.rulings_removed}."
            ),
            f"Rules stored: {self.rules_stored}.",
        ]
        return lines + self._listed(
            [
                ("Kept as edited by hand", self.kept_by_hand),
                ("Rules stored under another number", self.rules_renumbered),
                ("Rules already quoted by another document (kept)", self.rules_conflicts),
                ("Keywords updated or kept as they were", self.keywords_updated),
                ("Card types updated or kept as they were", self.types_updated),
                *self._errata_lists(),
                ("Cards created from this document only", self.cards_created),
                ("Damaged text kept as written", self.damaged_lines),
                ("Names not found in the card data", self.names_not_found),
            ]
        )

    @property
    def changed(self) -> bool:
        """Whether the import wrote anything: the same file writes nothing but its errata
        (``record_renamed_keyword_errata``), which raise the data version themselves too."""
        return not self.unchanged or self.errata_changes

    @property
    def errata_changes(self) -> bool:
        return bool(self.errata_created or self.errata_corrected or self.errata_removed)

    def _errata_lists(self) -> list[tuple[str, list[str]]]:
        return [
            ("Errata recorded", self.errata_created),
            ("Errata written anew (as of their date)", self.errata_corrected),
            ("Errata removed (the old wording no longer found)", self.errata_removed),
            ("Errata left out (no rewrite fits the printed line)", self.errata_left_out),
            ("Errata deleted by hand, not recorded again", self.errata_kept_deleted),
        ]

    @staticmethod
    def _listed(groups) -> list[str]:
        lines = []
        for label, items in groups:
            if items:
                lines.append(f"{label} ({len(items)}):")
                lines.extend(f"  - {item}" for item in items)
        return lines
