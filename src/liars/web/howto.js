// Short how-to-play texts and option labels per game, in nb, nl and en. The texts are
// summaries of the rules files (docs: /work/shared/rules/*.md, which follow the seeds).

export const HOWTO = {
  "liars-dice": {
    en: "Everyone rolls their dice in secret. In turn, bid on ALL dice on the table (\"at least three fives\"): each bid must be higher — more dice, or as many of a higher face. Or call liar: the dice are shown; if the bid holds the caller loses a die, otherwise the bidder does. Who loses a die opens the next round. The last player with dice wins.",
    nb: "Alle kaster terningene sine i skjul. Etter tur byr dere på ALLE terningene på bordet («minst tre femmere»): hvert bud må være høyere — flere terninger, eller like mange med flere øyne. Eller rop løgn: terningene vises; holder budet, mister den som ropte en terning, ellers mister byderen en. Den som mistet en terning åpner neste runde. Den siste med terninger vinner.",
    nl: "Iedereen gooit zijn dobbelstenen in het geheim. Om de beurt bied je op ALLE dobbelstenen op tafel (\"minstens drie vijven\"): elk bod moet hoger zijn — meer stenen, of evenveel met meer ogen. Of roep 'je liegt': de stenen gaan open; klopt het bod, dan verliest de roeper een steen, anders de bieder. Wie een steen verliest begint de volgende ronde. Wie als laatste stenen heeft wint.",
  },
  cheat: {
    en: "All 52 cards are dealt. In turn, put one or more cards face down and claim they are all of the required rank: aces first, then 2, 3 … K and aces again. You may lie. After each play anyone may call \"Liar!\": the cards are turned; if they are all of the claimed rank the caller takes the whole pile, otherwise the player does. The first to get rid of all cards and survive the call wins.",
    nb: "Alle 52 kortene deles ut. Etter tur legger du ett eller flere kort med bildet ned og sier at de alle har valøren som står for tur: ess først, så 2, 3 … K og ess igjen. Du kan lyve. Etter hvert utspill kan hvem som helst rope «Løgner!»: kortene snus; har alle den valøren, tar den som ropte hele bunken, ellers tar spilleren den. Den første som blir kvitt alle kortene og overlever et rop, vinner.",
    nl: "Alle 52 kaarten worden gedeeld. Om de beurt leg je een of meer kaarten gedekt neer en zeg je dat ze allemaal de gevraagde waarde hebben: eerst azen, dan 2, 3 … H en weer azen. Liegen mag. Na elke zet mag iedereen \"Je liegt!\" roepen: de kaarten gaan open; hebben ze allemaal die waarde, dan pakt de roeper de hele stapel, anders de speler. Wie als eerste alle kaarten kwijt is en de roep overleeft, wint.",
  },
  liegen: {
    en: "All cards are dealt. In turn, play one card face down and announce a card: at the start of a trick any card, after that one with the same rank or the same suit as the last announcement. You may lie. Anyone may accuse: the card is turned; a lie makes the player take the pile, a true card makes the accuser take it. Whoever takes the pile starts a new trick. Play your last card to win the round.",
    nb: "Alle kortene deles ut. Etter tur legger du ett kort med bildet ned og sier hvilket kort det er: i starten av et stikk hvilket som helst, deretter ett med samme valør eller samme farge som forrige. Du kan lyve. Hvem som helst kan anklage: kortet snus; var det løgn tar spilleren bunken, var det sant tar anklageren den. Den som tar bunken starter et nytt stikk. Legg ditt siste kort for å vinne runden.",
    nl: "Alle kaarten worden gedeeld. Om de beurt leg je één kaart gedekt neer en noem je een kaart: bij het begin van een slag elke kaart, daarna een met dezelfde waarde of dezelfde kleur als de vorige. Liegen mag. Iedereen mag \"Je liegt!\" roepen: de kaart gaat open; was het gelogen, dan pakt de speler de stapel, anders de roeper. Wie de stapel pakt begint een nieuwe slag. Speel je laatste kaart om de ronde te winnen.",
  },
  "love-letter": {
    en: "16 cards: K, Q, J, two 10s, 9s, 8s, 7s, three 6s and two 5s. You hold one card; on your turn you draw one and play one of the two: 6/5 guess another's card (7 or higher) to knock them out, 7 look at a hand, 8 compare hands (lower is out), 9 protection, 10 make someone discard, J swap hands, Q must be played with a J or 10, K puts you out. The last one in, or the highest card when the pile runs out, wins the round.",
    nb: "16 kort: K, D, Kn, to 10-ere, 9-ere, 8-ere, 7-ere, tre 6-ere og to 5-ere. Du har ett kort; på din tur trekker du ett og spiller ett av de to: 6/5 gjett en annens kort (7 eller høyere) for å slå dem ut, 7 se en hånd, 8 sammenlign hender (lavest er ute), 9 beskyttelse, 10 få noen til å kaste, Kn bytt hender, D må spilles sammen med Kn eller 10, K gjør deg ute. Den siste som er inne, eller høyeste kort når bunken er tom, vinner runden.",
    nl: "16 kaarten: H, V, B, twee 10-en, 9-en, 8-en, 7-en, drie 6-en en twee 5-en. Je hebt één kaart; in je beurt trek je er een en speel je een van de twee: 6/5 raad andermans kaart (7 of hoger) om die uit te schakelen, 7 bekijk een hand, 8 vergelijk handen (laagste ligt uit), 9 bescherming, 10 laat iemand afleggen, B ruil handen, V moet gespeeld worden naast een B of 10, H schakelt jezelf uit. Wie als laatste overblijft, of de hoogste kaart als de stapel op is, wint de ronde.",
  },
};

export const OPTION_LABELS = {
  en: {
    dice: "Dice per player", wild_ones: "Ones are wild", spot_on: "Allow \"spot on\"",
    first_challenger_in_play_order: "Simultaneous calls: first in play order counts",
    max_cards: "Most cards in one play", first_dealer: "First dealer (seat)", jokers: "Two jokers",
    follow: "Announcement must follow", accuse: "Who may accuse", target_wins: "Rounds to win the match",
    rank_or_suit: "rank or suit", rank_step: "rank one up or down", suit: "suit", anyone: "anyone",
    next: "the next player only",
  },
  nb: {
    dice: "Terninger per spiller", wild_ones: "Enere er jokere", spot_on: "Tillat «helt riktig»",
    first_challenger_in_play_order: "Samtidige rop: den første i spilleretningen gjelder",
    max_cards: "Flest kort i ett utspill", first_dealer: "Første giver (plass)", jokers: "To jokere",
    follow: "Utropet må følge", accuse: "Hvem kan anklage", target_wins: "Runder for å vinne kampen",
    rank_or_suit: "valør eller farge", rank_step: "valør én opp eller ned", suit: "farge", anyone: "alle",
    next: "bare neste spiller",
  },
  nl: {
    dice: "Dobbelstenen per speler", wild_ones: "Enen zijn joker", spot_on: "\"Precies goed\" toestaan",
    first_challenger_in_play_order: "Gelijktijdige roep: de eerste in speelrichting telt",
    max_cards: "Meeste kaarten in één zet", first_dealer: "Eerste gever (plaats)", jokers: "Twee jokers",
    follow: "De aankondiging volgt", accuse: "Wie mag beschuldigen", target_wins: "Rondes om de partij te winnen",
    rank_or_suit: "waarde of kleur", rank_step: "waarde één hoger of lager", suit: "kleur", anyone: "iedereen",
    next: "alleen de volgende speler",
  },
};
