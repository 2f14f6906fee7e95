// Short how-to-play texts and option labels per game, in nb, nl and en. The texts are
// summaries of the rules in docs/rules/*.md, which follow the rule sheets.

export const HOWTO = {
  "liars-dice": {
    en: "Everyone rolls their dice in secret. In turn, bid on ALL dice on the table (\"at least three fives\"): each bid must be higher — more dice, or as many of a higher face. Or call liar: the dice are shown; if the bid holds the caller loses a die, otherwise the bidder does. Who loses a die opens the next round. The last player with dice wins.",
    nb: "Alle kaster terningene sine i skjul. Etter tur byr dere på ALLE terningene på bordet («minst tre femmere»): hvert bud må være høyere — flere terninger, eller like mange med flere øyne. Eller rop løgn: alle løfter begrene; holder budet, er det den som ropte, som legger bort en terning, ellers den som bød. Den som mistet en terning, åpner neste runde. Den siste med terninger vinner.",
    nl: "Iedereen gooit zijn dobbelstenen in het geheim. Om de beurt bied je op ALLE dobbelstenen op tafel (“minstens drie vijven”): elk bod moet hoger zijn — meer stenen, of evenveel met meer ogen. Of roep “Je liegt!”: de bekers gaan open; klopt het bod, dan verliest de roeper een steen, anders de bieder. Wie een steen verliest, begint de volgende ronde. Wie als laatste nog stenen heeft, wint.",
  },
  "liars-dice-poker": {
    en: "Two players, one cup with five dice. The Løgnterninger sheet only names this poker version for two; these are the rules this game follows, as it is widely played. The starter rolls under the cup, looks, and passes the cup with a claim, a poker hand: nothing, a pair, two pairs, three of a kind, a low straight (2–6), a high straight (3–ace), a full house, four of a kind, five of a kind; the ace (1) is highest. Given the cup, call Liar!: the cup is lifted, and if the dice hold the claim (that hand or better) the caller loses a life, otherwise the claimant does. Or accept: look under the cup, re-roll as many dice as you like once (the other sees how many) and pass the cup back with a higher claim. Against five aces only Liar! is left. Who lost a life starts the next round; with no lives left you have lost.",
    nb: "To spillere, ett beger med fem terninger. Regelarket for Løgnterninger nevner bare at det finnes en pokerutgave for to; dette er reglene spillet her følger, slik det vanligvis spilles. Den som starter, kaster under begeret, ser på terningene og sender begeret videre med et bud, en pokerhånd: ingenting, et par, to par, tre like, liten straight (2–6), stor straight (3–ess), hus, fire like, fem like; esset (1) er høyest. Får du begeret, kan du rope «Løgner!»: begeret løftes, og holder terningene budet (den hånden eller bedre), mister du et liv, ellers mister den som bød. Eller du godtar: du ser under begeret, kaster på nytt så mange terninger du vil, én gang (den andre ser hvor mange), og sender begeret tilbake med et høyere bud. Mot fem ess kan du bare rope «Løgner!». Den som mistet et liv, starter neste runde; har du ingen liv igjen, har du tapt.",
    nl: "Twee spelers, één beker met vijf dobbelstenen. Het regelblad van Løgnterninger noemt alleen dat er een pokerversie voor twee bestaat; dit zijn de regels die dit spel volgt, zoals het meestal gespeeld wordt. Wie begint, gooit onder de beker, kijkt en geeft de beker door met een bod, een pokerhand: niets, een paar, twee paar, drie gelijke, een kleine straat (2–6), een grote straat (3–aas), full house, vier gelijke, vijf gelijke; de aas (1) is het hoogst. Krijg je de beker, dan kun je “Je liegt!” roepen: de beker gaat open, en hebben de stenen het bod (die hand of beter), dan verlies jij een leven, anders de bieder. Of je gelooft het: je kijkt onder de beker, gooit één keer zoveel stenen opnieuw als je wilt (de ander ziet hoeveel) en geeft de beker terug met een hoger bod. Tegen vijf azen kun je alleen “Je liegt!” roepen. Wie een leven verloor, begint de volgende ronde; zonder levens heb je verloren.",
  },
  cheat: {
    en: "All 52 cards are dealt. In turn, put one or more cards face down and claim they are all of the required rank: aces first, then 2, 3 … K and aces again. You may lie. After each play anyone may call \"Liar!\": the cards are turned; if they are all of the claimed rank the caller takes the whole pile, otherwise the player does. The first to get rid of all cards and survive the call wins.",
    nb: "Alle 52 kortene deles ut. Etter tur legger du ett eller flere kort med bildet ned og sier at de alle har valøren som står for tur: ess først, så 2, 3 … K og ess igjen. Du kan lyve. Etter hvert utspill kan hvem som helst rope «Løgner!»: kortene snus; har alle den valøren, tar utfordreren hele bunken, ellers tar spilleren den. Den første som blir kvitt alle kortene og overlever et rop, vinner.",
    nl: "Alle 52 kaarten worden gedeeld. Om de beurt leg je een of meer kaarten gedekt neer en zeg je dat ze allemaal de gevraagde rang hebben: eerst azen, dan 2, 3 … H en weer azen. Liegen mag. Na elke zet mag iedereen “Je liegt!” roepen: de kaarten gaan open; hebben ze allemaal die rang, dan pakt de roeper de hele speelstapel, anders de speler. Wie als eerste alle kaarten kwijt is en de roep overleeft, wint.",
  },
  liegen: {
    en: "All cards are dealt. In turn, play one card face down and announce a card: at the start of a trick any card, after that one with the same rank or the same suit as the last announcement. You may lie. Anyone may accuse: the card is turned; a lie makes the player take the pile, a true card makes the accuser take it. Whoever takes the pile starts a new trick. Play your last card to win the round.",
    nb: "Alle kortene deles ut. Etter tur legger du ett kort med bildet ned og sier hvilket kort det er: i starten av et stikk hvilket som helst, deretter ett med samme valør eller samme farge som forrige. Du kan lyve. Hvem som helst kan rope «Løgner!»: kortet snus; var det løgn, tar spilleren bunken; var det sant, tar anklageren den. Den som tar bunken, starter et nytt stikk. Legg ditt siste kort for å vinne runden.",
    nl: "Alle kaarten worden gedeeld. Om de beurt leg je één kaart gedekt neer en noem je een kaart: bij het begin van een slag elke kaart, daarna een met dezelfde rang of dezelfde kleur als de vorige. Liegen mag. Iedereen mag “Je liegt!” roepen: de kaart gaat open; was het gelogen, dan pakt de speler de speelstapel, anders de roeper. Wie de speelstapel pakt, begint een nieuwe slag. Speel je laatste kaart om de ronde te winnen.",
  },
  "love-letter": {
    en: "16 cards: 1 king, 1 queen, 1 jack, 2 tens, 2 nines, 2 eights, 2 sevens, 3 sixes and 2 fives. You hold one card; on your turn you draw one and play one of the two: 6/5 guess another's card (7 or higher) to knock them out, 7 look at a hand, 8 compare hands (the lower is knocked out), 9 protection until your next turn, 10 make someone (or yourself) discard and draw, J swap hands, Q no effect, but you must play it when you also hold the J or a 10; K: you are knocked out if you play or discard it. The last one in, or the highest card when the pile runs out, wins the round (equal cards: the higher sum of the cards played and discarded).",
    nb: "16 kort: 1 konge, 1 dame, 1 knekt, 2 tiere, 2 niere, 2 åttere, 2 sjuere, 3 seksere og 2 femmere. Du har ett kort; på din tur trekker du ett og spiller ut ett av de to: 6/5 gjett kortet til en annen (7 eller høyere) for å slå den spilleren ut, 7 se på håndkortet til en annen, 8 sammenlign håndkort (lavest er slått ut), 9 beskyttelse til din neste tur, 10 en spiller (eller du selv) legger ned kortet og trekker nytt, Kn bytt kort med en annen, D ingen virkning, men du må spille dama når du også har knekten eller en tier; K: du er slått ut hvis du spiller eller legger den ned. Den siste som ikke er slått ut, eller den med høyest kort når bunken er tom, vinner omgangen (like høye kort: størst sum av kortene spilt og lagt ned).",
    nl: "16 kaarten: 1 heer, 1 vrouw, 1 boer, 2 tienen, 2 negens, 2 achten, 2 zevens, 3 zessen en 2 vijven. Je hebt één kaart; in je beurt trek je er een en speel je een van de twee: 6/5 raad de kaart van een ander (7 of hoger): goed geraden, dan ligt die eruit; 7 bekijk de kaart van een ander, 8 vergelijk je kaart (de laagste ligt eruit), 9 beschermd tot je volgende beurt, 10 een speler (of jijzelf) legt af en trekt opnieuw, B ruil je kaart met een ander, V geen effect, maar je moet haar spelen als je ook de B of een 10 hebt; H: speel je hem of leg je hem af, dan lig je eruit. Wie als laatste overblijft, of de hoogste kaart als de stapel op is, wint de ronde (even hoge kaarten: de hoogste som van de gespeelde en afgelegde kaarten).",
  },
};

export const OPTION_LABELS = {
  en: {
    dice: "Dice per player", lives: "Lives per player", wild_ones: "Ones are wild", spot_on: "Allow \"spot on\"",
    first_challenger_in_play_order: "Simultaneous calls: first in play order counts",
    max_cards: "Most cards in one play", first_dealer: "First dealer (seat)", jokers: "Two jokers",
    follow: "Announcement must follow", accuse: "Who may accuse", target_wins: "Rounds to win the match",
    rank_or_suit: "rank or suit", rank_step: "rank one up or down", suit: "suit", anyone: "anyone",
    next: "the next player only",
  },
  nb: {
    dice: "Terninger per spiller", lives: "Liv per spiller", wild_ones: "Enere er jokere", spot_on: "Tillat «helt riktig»",
    first_challenger_in_play_order: "Samtidige rop: den første i spilleretningen gjelder",
    max_cards: "Flest kort i ett utspill", first_dealer: "Første giver (plass)", jokers: "To jokere",
    follow: "Meldingen må følge", accuse: "Hvem kan anklage", target_wins: "Antall seire for å vinne kampen",
    rank_or_suit: "valør eller farge", rank_step: "valør én opp eller ned", suit: "farge", anyone: "alle",
    next: "bare neste spiller",
  },
  nl: {
    dice: "Dobbelstenen per speler", lives: "Levens per speler", wild_ones: "Enen zijn jokers", spot_on: "“Precies goed” toestaan",
    first_challenger_in_play_order: "Gelijktijdige roep: de eerste in speelrichting telt",
    max_cards: "Maximaal aantal kaarten per zet", first_dealer: "Eerste deler (plaats)", jokers: "Twee jokers",
    follow: "Wat je noemt, moet volgen op", accuse: "Wie mag beschuldigen", target_wins: "Rondes om de partij te winnen",
    rank_or_suit: "rang of kleur", rank_step: "rang één hoger of lager", suit: "kleur", anyone: "iedereen",
    next: "alleen de volgende speler",
  },
};
