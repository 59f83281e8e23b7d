"""Italian game terms and the English glossary entry of the Comprehensive Rules each one names.

Keyword and card type names have their Italian names in ``oracle`` (learned from the cards'
Italian printed text and the documents); the other words of the game ("faccia in giù", "pila",
"campo di battaglia") are in this table, for the rules search. Each Italian term is written as
the bundled Italian documents (fixtures/documents/it/) or the Italian printed text of the bundled
cards write it, and each English term is a glossary entry of the current rules: the tests check
both (web/tests/test_rule_search_italian.py).
"""

GAME_TERMS = (
    ("faccia in giù", "Face Down"),
    ("faccia in su", "Face Up"),
    ("campo di battaglia", "Battlefield"),
    ("cimitero", "Graveyard"),
    ("grimorio", "Library"),
    ("pila", "Stack"),
    ("esilio", "Exile"),
    ("mano", "Hand"),
    ("magia", "Spell"),
    ("permanente", "Permanent"),
    ("pedina", "Token"),
    ("bersaglio", "Target"),
    ("abilità innescata", "Triggered Ability"),
    ("abilità attivata", "Activated Ability"),
    ("abilità statica", "Static Ability"),
    ("abilità di mana", "Mana Ability"),
    ("abilità evasiva", "Evasion Ability"),
    ("costo di mana", "Mana Cost"),
    ("valore di mana", "Mana Value"),
    ("riserva di mana", "Mana Pool"),
    ("proprietario", "Owner"),
    ("avversario", "Opponent"),
    ("lanciare", "Cast"),
    ("sacrificare", "Sacrifice"),
    ("scartare", "Discard"),
    ("tappare", "Tap"),
    ("stappare", "Untap"),
    ("rigenerare", "Regenerate"),
    ("neutralizzare", "Counter"),
    ("segnalino", "Counter"),
    ("copia", "Copy"),
    ("danno da combattimento", "Combat Damage"),
    ("creatura attaccante", "Attacking Creature"),
    ("creatura bloccante", "Blocking Creature"),
    ("fase di combattimento", "Combat Phase"),
    ("sottotipo", "Subtype"),
    ("tipo di carta", "Card Type"),
)
