"""Italian names of sets, for sets whose MTGJSON data has no Italian translation.

MTGJSON 5.2 carries Italian set names for only a handful of sets. These are the names printed
on the Italian products; the seed documents use the first three ("Visione Futura", "Spirale
Temporale", "Caos Dimensionale"). An editor can correct any set's Italian name in the admin;
an import only fills a name that is empty.
"""

ITALIAN_SET_NAMES = {
    "FUT": "Visione Futura",
    "TSP": "Spirale Temporale",
    "TSB": "Spirale Temporale: carte cronotraslate",
    "PLC": "Caos Dimensionale",
    "ONS": "Assalto",
    "LGN": "Legioni",
    "SCG": "Flagello",
    "MRD": "Mirrodin",
    "DST": "Darksteel",
    "5DN": "Quinta Alba",
    "10E": "Decima Edizione",
    "9ED": "Nona Edizione",
    "8ED": "Ottava Edizione",
    "7ED": "Settima Edizione",
    "6ED": "Sesta Edizione",
    "5ED": "Quinta Edizione",
    "4ED": "Quarta Edizione",
    # Named in the Future Sight release notes ("Vedi le FAQ di Discordia", "Patto delle Gilde")
    # or the Onslaught FAQ ("Mago Intrigante di Congiunzione", a Planeshift card).
    "DIS": "Discordia",
    "GPT": "Patto delle Gilde",
    "PLS": "Congiunzione",
    "CSP": "Ondata Glaciale",
    "VIS": "Visioni",
}
