"""An Italian entry whose type line holds the text (MTGJSON's Commander 2011 Ice) is not read
as a type line and a text: real data (``data/CMD-fire-ice.json``)."""

from pathlib import Path

from oracle.models import Card, PrintingFace
from oracle.tests.helpers import TemporaryFilesMixin, run_import
from web.testing import EmptyDatabaseTestCase

CMD_FIRE_ICE = Path(__file__).parent / "data" / "CMD-fire-ice.json"


class ShiftedItalianEntryTests(TemporaryFilesMixin, EmptyDatabaseTestCase):
    def test_the_shifted_half_has_no_italian_type_or_text_and_the_other_keeps_its_own(self):
        run_import(str(CMD_FIRE_ICE))
        card = Card.objects.get(name="Fire // Ice")
        faces = {face.name: face for face in card.faces.all()}
        self.assertEqual(
            (faces["Fire"].type_line_it, faces["Ice"].type_line_it), ("Istantaneo", "")
        )
        self.assertEqual(faces["Ice"].printed_text_it, "")
        self.assertIn("Il Fuoco infligge 2 danni", faces["Fire"].printed_text_it)
        printed = PrintingFace.objects.filter(face__card=card).order_by("position")
        self.assertEqual([(face.type_line_it, face.text_it) for face in printed][1:], [("", "")])
        # the Italian name of Fire, learned from its text; Ice's text never names it
        self.assertEqual((faces["Fire"].name_it, faces["Ice"].name_it), ("Fuoco", ""))

    def test_the_card_page_shows_no_text_as_a_type_line(self):
        run_import(str(CMD_FIRE_ICE))
        response = self.client.get("/it/cards/fire-ice/")
        self.assertContains(response, "Il Fuoco infligge 2 danni")
        self.assertNotContains(response, "TAPpa un permanente bersaglio.")
        self.assertNotContains(response, "Franz Vohwinkel")  # the English as printed, shifted too
