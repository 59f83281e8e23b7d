"""The card query language: text -> tokens -> condition tree -> database filter.

    from oracle.search import parse

    query = parse("t:creatura k:volare s:fut")   # never raises, for any str
    str(query)            # canonical text: parse("T:Creature  kw:Flying") -> "t:creature kw:flying"
    query.problems        # [Problem(part, message, suggestion)], message in the active language
    query.is_empty        # True for blank text: nothing to search for
    query.is_usable       # False when text was given but no part of it could be used (a 400)
    query.filter(rows)    # a CardSearch queryset, narrowed: conditions only, no duplicate rows,
                          # safe to combine with other .filter() calls
    query.ordering        # order_by() expressions from order:/dir: ([] = the caller's default)
    query.apply(cards)    # filter + ordering (by name when the query sets none)
    query.to_q()          # the conditions as one Q on CardSearch (one search row per card)

``Problem(part="pow>=x", message="“x” is not a number", suggestion="")``; ``part`` is the text
as typed, ``suggestion`` a corrected part when there is one ("tpye:elf" -> "type:elf"). The
parts that can be used still run: ``parse("c:purple t:elf")`` searches for elves and names the
colour. An unclosed quote or parenthesis is read as if closed at the end, with a problem.

The language (Scryfall's where the same operator exists; English and Italian aliases; letters,
accents and case ignored: "aether" finds "Æther", "e" finds "è"):

- ``word``, ``"a phrase"``: in a card name, English Oracle or Italian printed; ``!"exact name"``
  (the whole name or one face's, in either language).
- ``t:``/``type:``/``tipo:`` type line, English or Italian (``t:creature``, ``t:creatura``,
  ``t:leggendario`` also finds English "Legendary").
- ``o:``/``oracle:``/``text:``/``testo:`` Oracle text or Italian printed text; ``~`` stands for
  the face's own name (``o:"~ deals"``).
- ``kw:``/``k:``/``keyword:`` a keyword, English or Italian (``kw:flying``, ``k:volare``,
  ``k:"first strike"``).
- ``s:``/``e:``/``set:`` set code (any printing); ``r:``/``rarity:`` common, uncommon, rare,
  mythic, special, bonus (comune, "non comune", rara, mitica), also ``r>=rare``.
- ``c``/``color``/``colore`` and ``id``/``identity``/``identità`` with ``: = != < <= > >=``:
  letters (``c:ur``), names (``c:rosso``, ``c:blue``, guilds and shards: ``id<=esper``),
  ``c`` colourless, ``m`` multicoloured. ``c:`` means "at least these" (``c>=``); ``id:``
  means "at most these" (``id<=``, fits a Commander deck), as on Scryfall.
- ``mv``/``cmc``/``vm``, ``pow``/``power``/``forza``, ``tou``/``toughness``/``costituzione``,
  ``loy``/``loyalty``/``fedeltà`` with ``: = != < <= > >=`` against a number or another of
  them (``pow>tou``); "*" and "1+*" are not numbers and match no comparison.
- ``m:``/``mana:``/``costo:`` a face's mana cost holds at least these symbols (``m:{2}{W}{W}``,
  ``m:2WW``, hybrid ``{G/W}``, Phyrexian ``{G/P}``, ``{X}``); ``m=`` exactly this cost.
- The faces of transforming, modal double-faced and meld cards have their own colour, cost,
  mana value, power, toughness and loyalty: each condition holds for some face.
- ``is:`` dfc, mdfc, transform, split, flip, meld, adventure, token, permanent, spell,
  futureshifted, timeshifted, reprint, vanilla, historic, commander (and every layout: saga,
  leveler, ...); Italian permanente, magia, pedina, ristampa, cronotraslata, bifronte, storico,
  comandante; reserved (riservata), promo, digital (digitale), funny. ``not:x`` is ``-is:x``
  and prints back so. Tokens are searched only when a term names them (``is:token``,
  ``t:token``, ``t:pedina``), art-series objects never (``Query.scope``).
- ``has:errata``; ``lang:it`` (has Italian printed text), ``lang:en``.
- ``oracleid:`` the card with this Oracle id (as Scryfall writes it).
- ``f:``/``format:``/``legal:``/``formato:`` legal (or restricted) in a format, ``banned:``
  (``bandita:``), ``restricted:`` (``limitata:``): keys, names and aliases of
  ``oracle.formats`` (``f:edh``, ``f:storico``).
- ``a:``/``artist:``/``artista:``, ``ft:``/``flavor:``/``testodicolore:`` (English or Italian
  flavour text), ``wm:``/``watermark:``/``filigrana:``, ``b:``/``block:``/``blocco:`` (a block's
  name in either language, or a set code), ``st:``/``settype:``, ``frame:``/``cornice:`` (1993,
  1997, 2003, 2015, future), ``border:``/``bordo:`` (black, white, borderless, silver, gold):
  some printing has it.
- ``year>=2007``, ``date<2007-05-04``, ``date>=fut`` (that set's release): any printing.
- A layer above adds keys and flag values to a query: ``parse(text, added)``
  (``added_terms``; ``web`` passes the rules app's ``rule:`` and ``has:rulings``).
- Terms side by side must all match; ``or``; ``-`` negates a term or ``-(a group)``;
  parentheses. ``order:`` name, mv, set, released, rarity, power, toughness, color, artist
  (nome, vm, espansione, uscita, rarità, forza, costituzione, colore, artista) and ``dir:``
  asc, desc.
"""

from oracle.search.parser import Query, parse
from oracle.search.problems import Problem

__all__ = ["Problem", "Query", "parse"]
