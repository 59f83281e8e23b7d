"""An English type line said with the catalogue's Italian type words (oracle.type_words), in
the order Italian cards print them; nothing when a word has no Italian name."""

from django.test import SimpleTestCase

from oracle.type_words import compose_italian_type_line

SUBTYPES = {
    "Human": "Umano",
    "Wizard": "Mago",
    "Dragon": "Drago",
    "Aura": "Aura",
    "Forest": "Foresta",
    "Island": "Isola",
    "Bolas’s Meditation Realm": "Reame della Meditazione di Bolas",
    "Elf": "",  # known, but with no Italian name yet
}


class ComposeItalianTypeLineTests(SimpleTestCase):
    def assertComposed(self, english: str, italian: str):
        self.assertEqual(compose_italian_type_line(english, SUBTYPES), italian)

    def test_card_types_alone(self):
        self.assertComposed("Instant", "Istantaneo")
        self.assertComposed("Sorcery", "Stregoneria")

    def test_the_last_type_comes_first_and_supertypes_agree_with_it(self):
        self.assertComposed("Artifact Creature — Wizard", "Creatura Artefatto — Mago")
        self.assertComposed("Legendary Creature — Dragon", "Creatura Leggendaria — Drago")
        self.assertComposed("Legendary Artifact", "Artefatto Leggendario")
        self.assertComposed("Tribal Instant", "Istantaneo Tribale")
        self.assertComposed("Basic Land — Forest", "Terra Base — Foresta")

    def test_a_creature_names_its_kind_before_its_race(self):
        self.assertComposed("Creature — Human Wizard", "Creatura — Mago Umano")
        self.assertComposed(
            "Legendary Artifact Creature — Human Wizard",
            "Creatura Artefatto Leggendaria — Mago Umano",
        )

    def test_other_subtypes_keep_their_order(self):
        self.assertComposed("Land — Forest Island", "Terra — Foresta Isola")
        self.assertComposed("Enchantment — Aura", "Incantesimo — Aura")

    def test_a_subtype_of_several_words(self):
        self.assertComposed(
            "Plane — Bolas’s Meditation Realm", "Piano — Reame della Meditazione di Bolas"
        )

    def test_a_token_says_pedina_first(self):
        self.assertComposed(
            "Token Legendary Creature — Dragon", "Pedina Creatura Leggendaria — Drago"
        )

    def test_nothing_when_a_word_has_no_italian_name(self):
        self.assertComposed("Creature — Elf", "")
        self.assertComposed("Creature — Goblin", "")
        self.assertComposed("Summon Wolf", "")
        self.assertComposed("Card", "")
        self.assertComposed("", "")
