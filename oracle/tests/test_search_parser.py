"""The query language without a database: canonical text and aliases, and the keys about
printings and formats."""

from oracle.search import Problem, parse
from oracle.tests.helpers import EnglishTestCase
from rulings.search_terms import SEARCH_TERMS


class CanonicalTextTests(EnglishTestCase):
    def assertCanonical(self, text, canonical):
        with self.subTest(text=text):
            query = parse(text, SEARCH_TERMS)
            self.assertEqual(str(query), canonical)
            self.assertEqual(query.problems, [])
            self.assertEqual(
                str(parse(canonical, SEARCH_TERMS)), canonical, "canonical text reads back"
            )

    def test_keys_and_values_are_written_one_way(self):
        for text, canonical in [
            ("T:Creature  kw:Flying", "t:creature kw:flying"),
            ("type:Elf tipo:Guerriero", "t:elf t:guerriero"),
            ("oracle:draw testo:pesca text:scry", "o:draw o:pesca o:scry"),
            ("k:volare keyword:Morph KEYWORDS:haste", "kw:volare kw:morph kw:haste"),
            ("e:FUT set:tsp s:plc edizione:ons espansione:tsb", "s:fut s:tsp s:plc s:ons s:tsb"),
            ("cmc=3 vm:2 manavalue>=1", "mv=3 mv=2 mv>=1"),
            ("power>1 forza<2 toughness<=3 costituzione>=4", "pow>1 pow<2 tou<=3 tou>=4"),
            ("loyalty:3 fedeltà!=4 loy<>5", "loy=3 loy!=4 loy!=5"),
            ('nome:elves name:"first strike"', 'elves "first strike"'),
            ("anno:2007 data<2007-05-04 year>=2006", "year=2007 date<2007-05-04 year>=2006"),
            ("lingua:it ha:rulings has:errata", "lang:it has:rulings has:errata"),
            ("ordine:vm direzione:decrescente", "order:mv dir:desc"),
            ("sort:uscita dir:cresc", "order:released dir:asc"),
            ("ordina:rarità", "order:rarity"),
        ]:
            self.assertCanonical(text, canonical)

    def test_numbers_compare_with_numbers_and_with_each_other(self):
        for text, canonical in [
            ("pow>tou", "pow>tou"),
            ("power>=toughness", "pow>=tou"),
            ("mv<forza", "mv<pow"),
            ("pow=3.0", "pow=3"),
            ("mv>=.5", "mv>=0.5"),
            ("pow>-1", "pow>-1"),
            ("mv:+2", "mv=2"),
            ("pow=*", "pow=*"),
            ("tou:*", "tou=*"),
            ("forza!=*", "pow!=*"),
            ("loy<>*", "loy!=*"),
        ]:
            self.assertCanonical(text, canonical)

    def test_typographic_quotes_from_phone_keyboards_are_read_as_quotes(self):
        for text, canonical in [
            ("o:\u201cdraw a card\u201d", 'o:"draw a card"'),
            ("\u201etarox alaspada\u201c", '"tarox alaspada"'),
            ("!\u201cTarox Bladewing\u201d", '!"tarox bladewing"'),
            ("t:\u201clegendary creature\u201d k:volare", 't:"legendary creature" kw:volare'),
        ]:
            self.assertCanonical(text, canonical)

    def test_colours_by_letter_and_by_name_in_both_languages(self):
        for text, canonical in [
            ("c:ur", "c:ur"),
            ("c:RU", "c:ur"),
            ("c>=rg", "c>=rg"),
            ("colore:rosso", "c:r"),
            ("c:blu color:blue", "c:u c:u"),
            ("c:bianco c:nero c:verde c:bianca c:verdi", "c:w c:b c:g c:w c:g"),
            ("c:m c:c c:incolore colour:multicolore", "c:m c:c c:c c:m"),
            ("id:esper identità<=izzet ci=wubrg", "id:wub id<=ur id=wubrg"),
            ("c!=g c<wu c>b", "c!=g c<wu c>b"),
        ]:
            self.assertCanonical(text, canonical)

    def test_flags_rarities_and_sets(self):
        for text, canonical in [
            (
                "is:DFC is:mdfc is:transform is:split is:flip",
                "is:dfc is:mdfc is:transform is:split is:flip",
            ),
            (
                "is:meld is:adventure is:permanent is:spell",
                "is:meld is:adventure is:permanent is:spell",
            ),
            (
                "is:futureshifted is:timeshifted is:reprint",
                "is:futureshifted is:timeshifted is:reprint",
            ),
            (
                "is:permanente is:magia is:ristampa is:cronotraslata",
                "is:permanent is:spell is:reprint is:timeshifted",
            ),
            ("is:saga is:leveler is:token is:pedina", "is:saga is:leveler is:token is:token"),
            (
                'r:common rarity:noncomune r:"non comune" r:rara r:mitica',
                "r:common r:uncommon r:uncommon r:rare r:mythic",
            ),
            ("r>=rare r<uncommon r!=special", "r>=rare r<uncommon r!=special"),
            ("lang:italiano lang:en", "lang:it lang:en"),
            ("date>=FUT", "date>=fut"),
        ]:
            self.assertCanonical(text, canonical)

    def test_names_phrases_and_exact_names(self):
        for text, canonical in [
            ("Tarox", "tarox"),
            ('"Llanowar Mentor"', '"llanowar mentor"'),
            ('"draw  a\tcard"', '"draw a card"'),
            ('!"Boom // Bust"', '!"boom // bust"'),
            ("!Tarox", "!tarox"),
            ("rapidità", "rapidità"),
            ('"or"', '"or"'),
            ('"-x"', '"-x"'),
            ('"t:elf"', '"t:elf"'),
            ('o:"~ deals"', 'o:"~ deals"'),
            ('o:"say \\"hi\\""', 'o:"say \\"hi\\""'),
            ("don't", "don't"),
        ]:
            self.assertCanonical(text, canonical)

    def test_and_or_not_and_parentheses(self):
        for text, canonical in [
            ("a b OR c", "a b or c"),
            ("a and b", "a b"),
            ("(a or b) c", "(a or b) c"),
            ("a or (b c)", "a or b c"),
            ("((a))", "a"),
            ("(a or b) or c", "a or b or c"),
            ("-t:creature", "-t:creature"),
            ("--t:creature", "t:creature"),
            ("-(a or b)", "-(a or b)"),
            ("-(a b)", "-(a b)"),
            ("-(-a)", "a"),
            ("t!=land", "-t:land"),
            ("-t!=land", "t:land"),
            ("order:name t:elf dir:desc", "t:elf order:name dir:desc"),
        ]:
            self.assertCanonical(text, canonical)

    def test_o_and_e_alone_are_names_not_operators(self):
        # "o" is Italian for "or", "e" for "and", but "o:" and "e:" are keys: alone they are words.
        self.assertCanonical("fuoco o ghiaccio", "fuoco o ghiaccio")
        self.assertCanonical("tarox e alaspada", "tarox e alaspada")

    def test_empty_text(self):
        for text in ["", "   ", "\n\t"]:
            query = parse(text)
            self.assertTrue(query.is_empty)
            self.assertTrue(query.is_usable)
            self.assertEqual(str(query), "")
            self.assertEqual(query.problems, [])
            self.assertEqual(query.ordering, [])

    def test_order_without_conditions_is_usable(self):
        query = parse("order:mv")
        self.assertFalse(query.is_empty)
        self.assertTrue(query.is_usable)
        self.assertEqual(len(query.ordering), 4)  # mana value, shown name, Oracle name, id


class PrintingAndFormatKeyTests(EnglishTestCase):
    """Formats, artists, flavour texts, watermarks, blocks, set types, frames, borders and
    not:, with their English and Italian spellings, each printed back one way."""

    def assertCanonical(self, text, canonical):
        CanonicalTextTests.assertCanonical(self, text, canonical)

    def test_formats_by_key_name_and_alias_in_both_languages(self):
        for text, canonical in [
            ("f:modern format:Modern legal:MODERN formato:modern", "f:modern " * 3 + "f:modern"),
            ("legale:vintage f:edh f:pdh", "f:vintage f:commander f:paupercommander"),
            ('f:"pauper commander" f:duel-commander', "f:paupercommander f:duel"),
            ("f:storico f:alchimia f:penny_dreadful", "f:historic f:alchemy f:penny"),
            (
                "banned:legacy ban:modern bandita:pioneer bannato:pauper",
                ("banned:legacy banned:modern banned:pioneer banned:pauper"),
            ),
            (
                "restricted:vintage limitata:vintage ristretto:pdh",
                ("restricted:vintage restricted:vintage restricted:paupercommander"),
            ),
            ("-f:standard f!=modern", "-f:standard -f:modern"),
        ]:
            self.assertCanonical(text, canonical)

    def test_artists_flavour_texts_watermarks_and_blocks(self):
        for text, canonical in [
            (
                'a:Avon artist:"John Avon" artista:guay illustratore:"kev walker"',
                ('a:avon a:"john avon" a:guay a:"kev walker"'),
            ),
            (
                'ft:goblin flavor:"The Future" flavour:x testodicolore:speranza',
                ('ft:goblin ft:"the future" ft:x ft:speranza'),
            ),
            ("wm:Orzhov watermark:set filigrana:izzet", "wm:orzhov wm:set wm:izzet"),
            (
                'b:TSP block:"Time Spiral" blocco:"Spirale Temporale"',
                ('b:tsp b:"time spiral" b:"spirale temporale"'),
            ),
        ]:
            self.assertCanonical(text, canonical)

    def test_set_types_frames_and_borders(self):
        for text, canonical in [
            ("st:core settype:Expansion tipoespansione:base", "st:core st:expansion st:core"),
            (
                'st:"draft innovation" st:draftinnovation st:from-the-vault',
                ("st:draft_innovation st:draft_innovation st:from_the_vault"),
            ),
            (
                "frame:1993 frame:97 cornice:2003 frame:2015 frame:Future",
                ("frame:1993 frame:1997 frame:2003 frame:2015 frame:future"),
            ),
            ("cornice:futura", "frame:future"),
            (
                "border:black bordo:bianco border:borderless",
                ("border:black border:white border:borderless"),
            ),
            (
                'bordo:"senza bordo" border:argento bordo:oro',
                ("border:borderless border:silver border:gold"),
            ),
        ]:
            self.assertCanonical(text, canonical)

    def test_new_kinds_of_card_and_not(self):
        for text, canonical in [
            (
                "is:reserved is:riservata is:promo is:digitale is:funny",
                ("is:reserved is:reserved is:promo is:digital is:funny"),
            ),
            ("not:reprint non:ristampa not:SPLIT", "-is:reprint -is:reprint -is:split"),
            ("-not:promo not!=digital", "is:promo is:digital"),
            ("not:reserved or t:elf", "-is:reserved or t:elf"),
            ("order:artist", "order:artist"),
            ("ordine:artista dir:desc", "order:artist dir:desc"),
            ("sort:illustratore", "order:artist"),
        ]:
            self.assertCanonical(text, canonical)

    def test_every_is_value_has_its_not(self):
        from oracle.search.conditions import FLAGS

        for value in FLAGS["is"][0]:
            with self.subTest(value=value):
                self.assertEqual(str(parse(f"not:{value}")), f"-is:{value}")
                self.assertEqual(parse(f"not:{value}").problems, [])

    def test_unknown_values_name_the_closest(self):
        for text, part, message, suggestion in [
            ("f:modrn", "f:modrn", "unknown value “modrn” for “f:”", "f:modern"),
            (
                "banned:legasy",
                "banned:legasy",
                "unknown value “legasy” for “banned:”",
                ("banned:legacy"),
            ),
            (
                "limitata:vintag",
                "limitata:vintag",
                "unknown value “vintag” for “restricted:”",
                ("restricted:vintage"),
            ),
            ("frame:2004", "frame:2004", "unknown value “2004” for “frame:”", "frame:2003"),
            (
                "border:golden",
                "border:golden",
                "unknown value “golden” for “border:”",
                ("border:gold"),
            ),
            ("st:expanion", "st:expanion", "unknown value “expanion” for “st:”", ("st:expansion")),
            ("wm:orzov", "wm:orzov", "no watermark is called “orzov”", "wm:orzhov"),
            ("not:reprnt", "not:reprnt", "unknown value “reprnt” for “not:”", "not:reprint"),
        ]:
            with self.subTest(text=text):
                query = parse(text)
                self.assertEqual(query.problems, [Problem(part, message, suggestion)])
                self.assertFalse(query.is_usable)
        self.assertIn("black, white", parse("border:zzz").problems[0].message)
        self.assertEqual(str(parse("wm:newwatermark")), "wm:newwatermark")
