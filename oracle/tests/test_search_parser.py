"""The query language without a database: canonical text, aliases, problems and suggestions."""

from django.test import SimpleTestCase
from django.utils import translation

from oracle.search import Problem, parse
from oracle.search.parser import MAX_LENGTH, MAX_TERMS


class EnglishTestCase(SimpleTestCase):
    """Messages are compared in English, whatever language an earlier test's request to an
    /it/ page left active in this thread."""

    def setUp(self):
        super().setUp()
        self.enterContext(translation.override("en"))


class CanonicalTextTests(EnglishTestCase):
    def assertCanonical(self, text, canonical):
        with self.subTest(text=text):
            query = parse(text)
            self.assertEqual(str(query), canonical)
            self.assertEqual(query.problems, [])
            self.assertEqual(str(parse(canonical)), canonical, "canonical text reads back")

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


class ProblemTests(EnglishTestCase):
    def assertProblem(self, text, part, message, suggestion="", canonical="", usable=None):
        with self.subTest(text=text):
            query = parse(text)
            self.assertIn(Problem(part, message, suggestion), query.problems)
            self.assertEqual(str(query), canonical)
            if usable is not None:
                self.assertEqual(query.is_usable, usable)

    def test_a_value_that_is_not_a_number(self):
        self.assertProblem("pow>=x", "pow>=x", "“x” is not a number", usable=False)
        self.assertProblem(
            "mv>=1.2.3 t:elf",
            "mv>=1.2.3",
            "“1.2.3” is not a number",
            canonical="t:elf",
            usable=True,
        )

    def test_a_star_is_compared_only_for_equality_and_never_for_mana_value(self):
        self.assertProblem(
            "pow>* t:elf", "pow>*", "“*” can only be compared with “=” and “!=”", "pow=*", "t:elf"
        )
        self.assertProblem("mv=*", "mv=*", "“*” is not a number", usable=False)

    def test_an_unknown_colour_with_a_suggestion(self):
        self.assertProblem("c:purple", "c:purple", "“purple” is not a colour", usable=False)
        self.assertProblem(
            "c:rosoo t:elf", "c:rosoo", "“rosoo” is not a colour", "c:rosso", "t:elf"
        )
        self.assertProblem(
            "c>m", "c>m", "“m” (multicoloured) works only with “:”, “=” and “!=”", "c:m"
        )

    def test_an_unknown_key_suggests_the_closest_alias(self):
        self.assertProblem(
            "tpye:elf", "tpye:elf", "unknown search key “tpye”", "type:elf", usable=False
        )
        self.assertProblem(
            "oracel:draw k:volare",
            "oracel:draw",
            "unknown search key “oracel”",
            "oracle:draw",
            "kw:volare",
        )
        self.assertProblem("zzz:bar", "zzz:bar", "unknown search key “zzz”", "")

    def test_unknown_values_of_fixed_lists(self):
        self.assertProblem("is:fip", "is:fip", "unknown value “fip” for “is:”", "is:flip")
        self.assertProblem(
            "has:rulign", "has:rulign", "unknown value “rulign” for “has:”", "has:rulings"
        )
        self.assertProblem("lang:fr", "lang:fr", "unknown value “fr” for “lang:”; it takes it, en")
        self.assertProblem(
            "order:nmae", "order:nmae", "unknown value “nmae” for “order:”", "order:name"
        )
        self.assertProblem("dir:up", "dir:up", "unknown value “up” for “dir:”; it takes asc, desc")
        self.assertProblem(
            "has:foo t:elf",
            "has:foo",
            "unknown value “foo” for “has:”; it takes errata, rulings",
            canonical="t:elf",
        )
        self.assertProblem(
            "order:foo",
            "order:foo",
            "unknown value “foo” for “order:”; it takes name, mv, set, released, rarity, power, "
            "toughness, color, artist, edhrec",
            usable=False,
        )
        self.assertIn("futureshifted", parse("is:foo").problems[0].message)
        self.assertProblem("r:rarest", "r:rarest", "“rarest” is not a rarity", "r:rare")
        self.assertProblem(
            "r>special", "r>special", "“special” cannot be compared with “>”", "r:special"
        )
        self.assertProblem("s:!!", "s:!!", "“!!” is not a set code")
        self.assertProblem("year>=20x7", "year>=20x7", "“20x7” is not a year")
        self.assertProblem(
            "date<2007-02-30",
            "date<2007-02-30",
            "“2007-02-30” is not a date like 2007-05-04 or a set code",
        )

    def test_text_keys_take_a_colon(self):
        self.assertProblem("t>elf", "t>elf", "“t” takes “:”, not “>”", "t:elf")
        self.assertProblem("order<mv", "order<mv", "“order” takes “:”, not “<”", "order:mv")

    def test_a_key_without_a_value(self):
        self.assertProblem("t: elf", "t:", "“t:” needs a value", canonical="elf")
        self.assertProblem('o:"" elf', 'o:""', "“o:” needs a value", canonical="elf")

    def test_unclosed_quotes_and_parentheses_are_closed_at_the_end(self):
        self.assertProblem(
            'o:"draw a',
            'o:"draw a',
            "a quote is not closed: read as if it closed at the end",
            'o:"draw a"',
            'o:"draw a"',
            usable=True,
        )
        self.assertProblem(
            '"tarox',
            '"tarox',
            "a quote is not closed: read as if it closed at the end",
            '"tarox"',
            "tarox",
        )
        for text in ('"', 't:elf "', 'o:"  '):
            with self.subTest(text=text):
                # Closing an empty quote gives nothing to search for: no suggestion to offer.
                problem = parse(text).problems[0]
                self.assertEqual(
                    problem.message, "a quote is not closed: read as if it closed at the end"
                )
                self.assertEqual(problem.suggestion, "")
        self.assertProblem(
            "(t:elf or t:goblin",
            "(",
            "a parenthesis is not closed: read as if it closed at the end",
            canonical="t:elf or t:goblin",
        )
        self.assertProblem(
            "t:elf)", ")", "this “)” closes no parenthesis: ignored", canonical="t:elf"
        )
        self.assertProblem(
            "() t:elf", "()", "there is nothing inside these parentheses", canonical="t:elf"
        )

    def test_stray_operators(self):
        self.assertProblem("or t:elf", "or", "“or” needs something on each side", canonical="t:elf")
        self.assertProblem("t:elf or", "or", "“or” needs something on each side", canonical="t:elf")
        self.assertProblem("- t:elf", "-", "nothing follows “-”", canonical="t:elf")
        self.assertProblem("t:elf -", "-", "nothing follows “-”", canonical="t:elf")
        self.assertProblem(
            "-order:mv t:elf",
            "order:mv",
            "the order of the results cannot be negated",
            canonical="t:elf",
        )
        self.assertProblem("!", "!", "there is nothing to search for here", usable=False)

    def test_nothing_usable(self):
        for text in ["and", "or", "-", "()", "c:purple pow>=x", ")"]:
            with self.subTest(text=text):
                query = parse(text)
                self.assertFalse(query.is_usable)
                self.assertFalse(query.is_empty)
                self.assertTrue(query.problems)
                self.assertEqual(str(query), "")

    def test_a_query_over_the_cost_limit_is_refused_whole(self):
        for text, message in (
            (
                "elf " * 130,
                f"the query is too long: a search may have at most {MAX_LENGTH} characters, "
                "this one has 519",
            ),
            (
                " ".join(f"-o:word{n}" for n in range(48)) + " order:mv",
                f"too many terms: a search may have at most {MAX_TERMS}, this one has 48",
            ),
            (
                "(elf or -goblin) " * 11,
                f"too many terms: a search may have at most {MAX_TERMS}, this one has 22",
            ),
        ):
            with self.subTest(text=text[:30]):
                query = parse(text)
                self.assertFalse(query.is_usable)
                self.assertEqual(str(query), "")
                self.assertEqual([problem.message for problem in query.problems], [message])
                self.assertEqual(query.refusal, query.problems[0])
                self.assertTrue(query.refusal.part.endswith("…"))
        within = " ".join(f"-o:word{n}" for n in range(MAX_TERMS - 1)) + " order:mv"
        self.assertTrue(parse(within).is_usable)
        self.assertIsNone(parse(within).refusal)

    def test_deep_queries_are_cut_with_a_problem(self):
        query = parse("(" * 240 + "elf" + ")" * 240)
        self.assertEqual(str(query), "elf")
        self.assertEqual(
            query.problems[0].message, "parentheses nested more than 20 deep were ignored"
        )
        self.assertEqual(str(parse("-" * 400 + "elf")), "elf")

    def test_many_problems_are_listed_once_and_counted_after_twenty(self):
        query = parse("c:qq " * 30 + "t:elf")
        self.assertEqual(str(query), "t:elf")
        self.assertEqual(len(query.problems), 1)
        query = parse(" ".join(f"c:q{n}" for n in range(30)) + " t:elf")
        self.assertEqual(len(query.problems), 21)
        self.assertEqual(query.problems[-1], Problem("…", "10 more parts could not be used"))
        self.assertEqual(parse("c:q1 " * 20 + "c:q2 c:q3").problems[-1].part, "c:q3")

    def test_characters_no_database_stores_are_dropped(self):
        self.assertEqual(str(parse("el\x00f \ud800x")), "elf x")

    def test_problems_are_in_the_active_language(self):
        with translation.override("it"):
            query = parse("pow>=x")
        self.assertEqual(query.problems[0].part, "pow>=x")
        with translation.override("en"):
            self.assertEqual(parse("pow>=x").problems[0].message, "“x” is not a number")
