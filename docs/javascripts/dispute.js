// The dispute page: set the table and the moves by tapping (or type them),
// pick the rules, and the library's own Python (unorules.web, run from this
// site's engine/) gives the verdict, again after every change.
//
// The page is drawn from its state (`state`) and drawn again in place after
// every change: a node being tapped or typed in is kept (see `morph`). The
// state is kept on the device after every change (localStorage), so a
// reload or a dropped tab loses nothing; the dispute also goes into the
// URL's fragment, which a shared link carries:
//   #situation=...&moves=...&rules=...&lang=...[&compare=a,b]
// The text boxes under "As text" hold what is judged in the notation: every
// tap writes them, and text typed there is read back into the taps
// (unorules.web.read_situation).

import * as engineModule from "./engine.js";

// ----------------------------------------------------------------- words

const LABELS = {
  en: {
    updating: "Updating the verdict…",
    updatingRows: "Updating the rows…",
    jump: "The answer ↓",
    turnMark: "turn",
    turnHelp: "▶ marks whose turn it is: tap a player to give them the turn.",
    card1: "1 card",
    known1: "1 known",
    knownN: "{n} known",
    unknown1: "1 unknown",
    unknownN: "{n} unknown",
    unknownCard: "unknown card",
    unknownCards: "{n} unknown cards",
    handHelp: "Known cards are part of the count; + and − change the unknown cards, and a hand keeps at least one card. Tap a card to take it back.",
    removed: "{card} removed: {n} in the hand now.",
    keepUnknown: "Keep it as an unknown card",
    python: "Getting the rules ready…",
    library: "Almost ready…",
    ready: "",
    loading: "Loading the engine…",
    unavailable: "The engine is unavailable: this build of the site has no engine/ folder.",
    failed: "The engine could not be loaded: {error}",
    common: "Common disputes",
    commonHelp: "Tap one to lay it out on the table, then change what differs at yours.",
    commonSomeHidden: "The common disputes about cards the deck of {rules} does not have are not shown.",
    commonNoneShown: "The common disputes are about cards the deck of {rules} does not have: choose other rules to see them.",
    table: "The table",
    clearTable: "Clear the table",
    top: "Top card",
    chooseTop: "Choose the top card",
    lightSide: "Light side",
    darkSide: "Dark side",
    whichBack: "What is on the back of {card}?",
    otherFace: "Another card",
    withBack: "{card}, {back} on the back",
    situationExample: "top R7; hands R3 ?6 / ?7 / ?7; turn 0",
    colourInForce: "Colour in force",
    players: "Players",
    fewerPlayers: "Fewer players",
    morePlayers: "More players",
    seat: "Player {n}",
    name: "Name (optional)",
    cards: "{n} cards",
    fewerCards: "One card fewer",
    moreCards: "One card more",
    addCard: "+ Card",
    removeCard: "Take back {card}",
    turn: "Turn",
    direction: "Direction",
    cw: "Clockwise",
    ccw: "Counter-clockwise",
    drawPile: "Draw pile (optional, top first)",
    drawPileHelp: "Only where the dispute depends on the cards drawn, and then every card in it: the pile holds only the cards listed. Left empty, the rest of the deck is shuffled into it.",
    clear: "Clear",
    moves: "The moves",
    who: "Who makes the move?",
    what: "What does {who} do?",
    play: "Plays a card",
    fromHand: "From the hand:",
    otherCard: "Another card…",
    draw: "Draws",
    pass: "Passes",
    uno: "Says UNO",
    catch: "Points out a missed UNO",
    challenge: "Challenges",
    chooseColour: "Chooses a colour",
    whichColour: "Which colour?",
    whom: "Who forgot to say UNO?",
    swapWith: "Swaps hands with",
    noSwap: "No swap",
    whoDraws: "Who draws?",
    undo: "Undo",
    clearMoves: "Clear the moves",
    noMoves: "No moves yet: tap a player, then what they do.",
    asText: "As text",
    textHelp: "The situation and the moves in the notation of the command line, as in “Write the situation, read the verdict”: what you tap is written here, and what you type here is read back into the table.",
    situation: "Situation",
    movesText: "Moves (separated by ;)",
    read: "Read the text",
    readLater: "The text is read once the engine is ready.",
    rules: "Our rules",
    preset: "Which rules do you play by?",
    houseRules: "House rules and other choices",
    ruleSet: "Rule set:",
    noReading: "Not in play",
    remembered: "Remembered on this device.",
    rulesUnavailable: "The house rules could not be loaded: only the rule sets above can be chosen.",
    verdictLang: "Language",
    settle: "Settle it",
    settleWaiting: "Settle it (waiting for the engine…)",
    settlePending: "Settles as soon as the engine is ready…",
    missingTop: "Choose the top card first",
    missingMove: "Choose a move first",
    missingFinish: "Finish the move first",
    waitingVerdict: "The verdict comes as soon as the engine is ready.",
    share: "Share the link",
    copied: "The link is copied: paste it in the family chat.",
    copyThis: "Copy this link:",
    tabVerdict: "Verdict",
    tabCompare: "Compare",
    compareWith: "Compare our rules with:",
    compare: "Compare",
    differs: "differs",
    same: "same",
    cited: "Rules:",
    assumes: "Assuming:",
    depends: "The verdict depends on cards nobody gave: add them to the hands or the draw pile for a sure answer.",
    eachMove: "Each move",
    details: "Details",
    ruleIds: "Rule IDs:",
    notation: "In the notation:",
    notInDeck: "{cards} is not in the deck of “{rules}”: take it off the table or choose other rules.",
    textError: "The text under “As text” cannot be read: see what is wrong there.",
    pickCard: "Choose a card",
    wild: "black",
    done: "Done",
    cancel: "Cancel",
    ours: "ours",
    implied: "comes with the other rules chosen",
    compareTwo: "Choose at least one other rule set to compare with.",
    oops: "Something went wrong on this page: {error}. Reload it to start again.",
    nameWord: "“{name}” cannot be a name: the moves use that word. Choose another.",
    tableWait: "The table of the link (or the text typed) is read as soon as the engine is ready: until then it cannot be changed by tapping.",
    goneMoves: "Moves by a player no longer at the table were dropped: {moves}.",
    failNetwork: "The rules could not be loaded because the connection failed.",
    failManifest: "The rules could not be loaded: this build's engine/manifest.json cannot be read.",
    failMissing: "The rules could not be loaded: a file of them is missing from this build of the site ({error}).",
    failServer: "The rules could not be loaded: the site answered with an error ({error}).",
    retry: "Try again",
    noVerdict: "No verdict until the rules are loaded.",
    missingColour: "Choose the colour first",
    cannotJudge: "The table cannot be judged as it is: what is wrong is under “Details”.",
    rulesRefused: "Your rules cannot be played as they are: see “Our rules” above.",
    unknownRules: "These rules are not ones this site knows: choose other rules.",
    playersLimit: "{rules} is for {least} to {most} players.",
    playersOutside: "{rules} is for {least} to {most} players, and the table has {n}: add or take away players, or choose other rules.",
    deckFull: "All {n} cards of the deck are on the table: take some off to add others.",
    allUsed: "{card}: every copy in the deck is on the table already",
    greyed: "Greyed cards are on the table already, every copy the deck has.",
    nameKept: "Kept as “{name}”: {why}.",
    nameSpaces: "a name has no spaces, so they became -",
    nameLeft: "{chars} cannot be in a name (letters, digits, ’ and - can)",
    nameTwice: "Another player is already called {name}: give each player a name of their own.",
    linkRefused: "The link was not opened: {why}.",
    textRefused: "The text was not read into the table: {why}.",
    tooLong: "it is longer than the link of any table",
    tooManyMoves: "it has more than {n} moves",
    tooManyCards: "it puts {count} cards on the table, and the deck of {rules} has {n}",
    tooManyAnyDeck: "it puts {count} cards on the table, more than any deck has ({n})",
    tooManyPlayers: "it seats more than {n} players",
    nameTooLong: "a name is longer than {n} letters",
    tableReplaced: "“{name}” is on the table in place of yours.",
    tableCleared: "The table is cleared.",
  },
  sv: {
    updating: "Utslaget uppdateras…",
    updatingRows: "Raderna uppdateras…",
    jump: "Svaret ↓",
    turnMark: "tur",
    turnHelp: "▶ visar vems tur det är: tryck på en spelare för att ge den turen.",
    card1: "1 kort",
    known1: "1 känt",
    knownN: "{n} kända",
    unknown1: "1 okänt",
    unknownN: "{n} okända",
    unknownCard: "okänt kort",
    unknownCards: "{n} okända kort",
    handHelp: "De kända korten räknas in i antalet; + och − ändrar de okända, och en hand har minst ett kort. Tryck på ett kort för att ta tillbaka det.",
    removed: "{card} borttaget: nu {n} kort i handen.",
    keepUnknown: "Behåll det som ett okänt kort",
    python: "Gör i ordning reglerna…",
    library: "Snart klart…",
    ready: "",
    loading: "Laddar motorn…",
    unavailable: "Motorn saknas: den här versionen av webbplatsen har ingen engine/-mapp.",
    failed: "Motorn gick inte att ladda: {error}",
    common: "Vanliga tvister",
    commonHelp: "Tryck på en för att lägga upp den på bordet, och ändra sedan det som skiljer sig hos er.",
    commonSomeHidden: "De vanliga tvisterna om kort som inte finns i leken för {rules} visas inte.",
    commonNoneShown: "De vanliga tvisterna handlar om kort som inte finns i leken för {rules}: välj andra regler för att se dem.",
    table: "Bordet",
    clearTable: "Töm bordet",
    top: "Översta kortet",
    chooseTop: "Välj översta kortet",
    lightSide: "Ljus sida",
    darkSide: "Mörk sida",
    whichBack: "Vad står på baksidan av {card}?",
    otherFace: "Ett annat kort",
    withBack: "{card}, {back} på baksidan",
    situationExample: "topp röd 7; händer röd 3 ?6 / ?7 / ?7; tur 0",
    colourInForce: "Färgen som gäller",
    players: "Spelare",
    fewerPlayers: "Färre spelare",
    morePlayers: "Fler spelare",
    seat: "Spelare {n}",
    name: "Namn (valfritt)",
    cards: "{n} kort",
    fewerCards: "Ett kort färre",
    moreCards: "Ett kort till",
    addCard: "+ Kort",
    removeCard: "Ta tillbaka {card}",
    turn: "Tur",
    direction: "Riktning",
    cw: "Medurs",
    ccw: "Moturs",
    drawPile: "Draghögen (valfritt, översta först)",
    drawPileHelp: "Bara när tvisten hänger på vilka kort som dras, och då alla kort i den: högen består bara av korten du skriver. Lämnas den tom blandas resten av leken in i den.",
    clear: "Töm",
    moves: "Dragen",
    who: "Vem gör draget?",
    what: "Vad gör {who}?",
    play: "Lägger ett kort",
    fromHand: "Ur handen:",
    otherCard: "Ett annat kort…",
    draw: "Drar",
    pass: "Passar",
    uno: "Ropar UNO",
    catch: "Påpekar glömt UNO",
    challenge: "Utmanar",
    chooseColour: "Väljer färg",
    whichColour: "Vilken färg?",
    whom: "Vem glömde ropa UNO?",
    swapWith: "Byter hand med",
    noSwap: "Byter inte",
    whoDraws: "Vem drar?",
    undo: "Ångra",
    clearMoves: "Rensa dragen",
    noMoves: "Inga drag än: tryck på en spelare och sedan på vad den gör.",
    asText: "Som text",
    textHelp: "Läget och dragen skrivna som på kommandoraden, som i ”Skriv läget, läs utslaget”: det ni trycker skrivs här, och det ni skriver här läses in på bordet.",
    situation: "Läget",
    movesText: "Drag (skilj dem åt med ;)",
    read: "Läs in texten",
    readLater: "Texten läses in när motorn är klar.",
    rules: "Våra regler",
    preset: "Vilka regler spelar ni efter?",
    houseRules: "Husregler och andra val",
    ruleSet: "Regeluppsättning:",
    noReading: "Inte med",
    remembered: "Sparas på den här enheten.",
    rulesUnavailable: "Husreglerna gick inte att ladda: bara reglerna ovan går att välja.",
    verdictLang: "Språk",
    settle: "Avgör",
    settleWaiting: "Avgör (väntar på motorn…)",
    settlePending: "Avgörs så fort motorn är klar…",
    missingTop: "Välj översta kortet först",
    missingMove: "Välj ett drag först",
    missingFinish: "Gör klart draget först",
    waitingVerdict: "Utslaget kommer så fort motorn är klar.",
    share: "Dela länken",
    copied: "Länken är kopierad: klistra in den i familjechatten.",
    copyThis: "Kopiera den här länken:",
    tabVerdict: "Utslag",
    tabCompare: "Jämför",
    compareWith: "Jämför våra regler med:",
    compare: "Jämför",
    differs: "skiljer sig",
    same: "samma",
    cited: "Regler:",
    assumes: "Förutsätter:",
    depends: "Utslaget hänger på kort som ingen angav: lägg till dem i händerna eller draghögen för ett säkert svar.",
    eachMove: "Varje drag",
    details: "Detaljer",
    ruleIds: "Regel-ID:",
    notation: "Som text:",
    notInDeck: "{cards} finns inte i leken för ”{rules}”: ta bort kortet från bordet eller välj andra regler.",
    textError: "Texten under ”Som text” går inte att läsa: se vad som är fel där.",
    pickCard: "Välj ett kort",
    wild: "svart",
    done: "Klar",
    cancel: "Avbryt",
    ours: "våra",
    implied: "följer med de andra valda reglerna",
    compareTwo: "Välj minst en annan regeluppsättning att jämföra med.",
    oops: "Något gick fel på sidan: {error}. Ladda om den för att börja om.",
    nameWord: "”{name}” kan inte vara ett namn: dragen använder det ordet. Välj ett annat.",
    tableWait: "Länkens bord (eller texten du skrivit) läses in så fort motorn är klar: tills dess går det inte att ändra genom att trycka.",
    goneMoves: "Drag av en spelare som inte längre är med togs bort: {moves}.",
    failNetwork: "Reglerna gick inte att ladda eftersom anslutningen bröts.",
    failManifest: "Reglerna gick inte att ladda: den här versionens engine/manifest.json går inte att läsa.",
    failMissing: "Reglerna gick inte att ladda: en av deras filer saknas i den här versionen av webbplatsen ({error}).",
    failServer: "Reglerna gick inte att ladda: webbplatsen svarade med ett fel ({error}).",
    retry: "Försök igen",
    noVerdict: "Inget utslag förrän reglerna har laddats.",
    missingColour: "Välj färg först",
    cannotJudge: "Bordet går inte att avgöra som det är: vad som är fel står under ”Detaljer”.",
    rulesRefused: "Era regler går inte att spela som de är: se ”Våra regler” ovan.",
    unknownRules: "De här reglerna känner webbplatsen inte till: välj andra regler.",
    playersLimit: "{rules} är för {least} till {most} spelare.",
    playersOutside: "{rules} är för {least} till {most} spelare, och bordet har {n}: lägg till eller ta bort spelare, eller välj andra regler.",
    deckFull: "Alla {n} kort i leken ligger på bordet: ta bort några för att lägga till andra.",
    allUsed: "{card}: alla exemplar i leken ligger redan på bordet",
    greyed: "Gråa kort ligger redan på bordet, alla exemplar som leken har.",
    nameKept: "Sparas som ”{name}”: {why}.",
    nameSpaces: "ett namn har inga mellanslag, så de blev -",
    nameLeft: "{chars} kan inte stå i ett namn (bokstäver, siffror, ’ och - kan)",
    nameTwice: "En annan spelare heter redan {name}: ge varje spelare ett eget namn.",
    linkRefused: "Länken öppnades inte: {why}.",
    textRefused: "Texten lästes inte in på bordet: {why}.",
    tooLong: "den är längre än länken till något bord",
    tooManyMoves: "den har fler än {n} drag",
    tooManyCards: "den lägger {count} kort på bordet, och leken för {rules} har {n}",
    tooManyAnyDeck: "den lägger {count} kort på bordet, fler än någon lek har ({n})",
    tooManyPlayers: "den har fler än {n} spelare",
    nameTooLong: "ett namn är längre än {n} tecken",
    tableReplaced: "”{name}” ligger på bordet i stället för ert.",
    tableCleared: "Bordet är tömt.",
  },
  nb: {
    updating: "Avgjørelsen oppdateres…",
    updatingRows: "Radene oppdateres…",
    jump: "Svaret ↓",
    turnMark: "tur",
    turnHelp: "▶ viser hvem sin tur det er: trykk på en spiller for å gi den turen.",
    card1: "1 kort",
    known1: "1 kjent",
    knownN: "{n} kjente",
    unknown1: "1 ukjent",
    unknownN: "{n} ukjente",
    unknownCard: "ukjent kort",
    unknownCards: "{n} ukjente kort",
    handHelp: "De kjente kortene regnes med i antallet; + og − endrer de ukjente, og en hånd har minst ett kort. Trykk på et kort for å ta det tilbake.",
    removed: "{card} fjernet: nå {n} kort på hånden.",
    keepUnknown: "Behold det som et ukjent kort",
    python: "Gjør klar reglene…",
    library: "Snart klar…",
    ready: "",
    loading: "Laster motoren…",
    unavailable: "Motoren mangler: denne versjonen av nettstedet har ingen engine/-mappe.",
    failed: "Motoren kunne ikke lastes: {error}",
    common: "Vanlige krangler",
    commonHelp: "Trykk på en for å legge den ut på bordet, og endre så det som er annerledes hos dere.",
    commonSomeHidden: "De vanlige kranglene om kort som ikke finnes i kortstokken for {rules}, vises ikke.",
    commonNoneShown: "De vanlige kranglene handler om kort som ikke finnes i kortstokken for {rules}: velg andre regler for å se dem.",
    table: "Bordet",
    clearTable: "Tøm bordet",
    top: "Øverste kort",
    chooseTop: "Velg øverste kort",
    lightSide: "Lys side",
    darkSide: "Mørk side",
    whichBack: "Hva står på baksiden av {card}?",
    otherFace: "Et annet kort",
    withBack: "{card}, {back} på baksiden",
    situationExample: "topp rød 7; hender rød 3 ?6 / ?7 / ?7; tur 0",
    colourInForce: "Fargen som gjelder",
    players: "Spillere",
    fewerPlayers: "Færre spillere",
    morePlayers: "Flere spillere",
    seat: "Spiller {n}",
    name: "Navn (valgfritt)",
    cards: "{n} kort",
    fewerCards: "Ett kort færre",
    moreCards: "Ett kort til",
    addCard: "+ Kort",
    removeCard: "Ta tilbake {card}",
    turn: "Tur",
    direction: "Retning",
    cw: "Med klokken",
    ccw: "Mot klokken",
    drawPile: "Trekkebunken (valgfritt, øverste først)",
    drawPileHelp: "Bare når krangelen avhenger av hvilke kort som trekkes, og da alle kortene i den: bunken har bare kortene du skriver. Står den tom, stokkes resten av kortstokken inn i den.",
    clear: "Tøm",
    moves: "Handlingene",
    who: "Hvem gjør handlingen?",
    what: "Hva gjør {who}?",
    play: "Legger et kort",
    fromHand: "Fra hånden:",
    otherCard: "Et annet kort…",
    draw: "Trekker",
    pass: "Passer",
    uno: "Roper UNO",
    catch: "Sier fra om glemt UNO",
    challenge: "Utfordrer",
    chooseColour: "Velger farge",
    whichColour: "Hvilken farge?",
    whom: "Hvem glemte å rope UNO?",
    swapWith: "Bytter hånd med",
    noSwap: "Bytter ikke",
    whoDraws: "Hvem trekker?",
    undo: "Angre",
    clearMoves: "Tøm handlingene",
    noMoves: "Ingen handlinger ennå: trykk på en spiller og så på hva den gjør.",
    asText: "Som tekst",
    textHelp: "Stillingen og handlingene skrevet som på kommandolinjen, som i «Skriv stillingen, les avgjørelsen»: det dere trykker, skrives her, og det dere skriver her, leses inn på bordet.",
    situation: "Stillingen",
    movesText: "Handlinger (skill dem med ;)",
    read: "Les inn teksten",
    readLater: "Teksten leses inn når motoren er klar.",
    rules: "Våre regler",
    preset: "Hvilke regler spiller dere etter?",
    houseRules: "Husregler og andre valg",
    ruleSet: "Regelsett:",
    noReading: "Ikke med",
    remembered: "Lagres på denne enheten.",
    rulesUnavailable: "Husreglene kunne ikke lastes: bare reglene over kan velges.",
    verdictLang: "Språk",
    settle: "Avgjør",
    settleWaiting: "Avgjør (venter på motoren…)",
    settlePending: "Avgjøres så snart motoren er klar…",
    missingTop: "Velg øverste kort først",
    missingMove: "Velg en handling først",
    missingFinish: "Gjør ferdig handlingen først",
    waitingVerdict: "Avgjørelsen kommer så snart motoren er klar.",
    share: "Del lenken",
    copied: "Lenken er kopiert: lim den inn i familiechatten.",
    copyThis: "Kopier denne lenken:",
    tabVerdict: "Avgjørelse",
    tabCompare: "Sammenlign",
    compareWith: "Sammenlign våre regler med:",
    compare: "Sammenlign",
    differs: "annerledes",
    same: "samme",
    cited: "Regler:",
    assumes: "Forutsetter:",
    depends: "Avgjørelsen avhenger av kort ingen oppga: legg dem til på hendene eller i trekkebunken for et sikkert svar.",
    eachMove: "Hver handling",
    details: "Detaljer",
    ruleIds: "Regel-ID-er:",
    notation: "Som tekst:",
    notInDeck: "{cards} finnes ikke i kortstokken for «{rules}»: ta kortet av bordet eller velg andre regler.",
    textError: "Teksten under «Som tekst» kan ikke leses: se hva som er galt der.",
    pickCard: "Velg et kort",
    wild: "svart",
    done: "Ferdig",
    cancel: "Avbryt",
    ours: "våre",
    implied: "følger med de andre valgte reglene",
    compareTwo: "Velg minst ett annet regelsett å sammenligne med.",
    oops: "Noe gikk galt på siden: {error}. Last den inn på nytt for å begynne igjen.",
    nameWord: "«{name}» kan ikke være et navn: handlingene bruker det ordet. Velg et annet.",
    tableWait: "Lenkens bord (eller teksten du skrev) leses inn så snart motoren er klar: til da kan det ikke endres ved å trykke.",
    goneMoves: "Handlinger fra en spiller som ikke lenger er med, ble fjernet: {moves}.",
    failNetwork: "Reglene kunne ikke lastes fordi tilkoblingen feilet.",
    failManifest: "Reglene kunne ikke lastes: denne versjonens engine/manifest.json kan ikke leses.",
    failMissing: "Reglene kunne ikke lastes: en av filene deres mangler i denne versjonen av nettstedet ({error}).",
    failServer: "Reglene kunne ikke lastes: nettstedet svarte med en feil ({error}).",
    retry: "Prøv igjen",
    noVerdict: "Ingen avgjørelse før reglene er lastet.",
    missingColour: "Velg farge først",
    cannotJudge: "Bordet kan ikke avgjøres slik det er: hva som er galt, står under «Detaljer».",
    rulesRefused: "Reglene deres kan ikke spilles slik de er: se «Våre regler» over.",
    unknownRules: "Disse reglene kjenner ikke nettstedet: velg andre regler.",
    playersLimit: "{rules} er for {least} til {most} spillere.",
    playersOutside: "{rules} er for {least} til {most} spillere, og bordet har {n}: legg til eller ta bort spillere, eller velg andre regler.",
    deckFull: "Alle {n} kortene i kortstokken er på bordet: ta bort noen for å legge til andre.",
    allUsed: "{card}: alle eksemplarene i kortstokken er allerede på bordet",
    greyed: "Grå kort er allerede på bordet, alle eksemplarene kortstokken har.",
    nameKept: "Lagres som «{name}»: {why}.",
    nameSpaces: "et navn har ikke mellomrom, så de ble -",
    nameLeft: "{chars} kan ikke stå i et navn (bokstaver, sifre, ’ og - kan)",
    nameTwice: "En annen spiller heter allerede {name}: gi hver spiller sitt eget navn.",
    linkRefused: "Lenken ble ikke åpnet: {why}.",
    textRefused: "Teksten ble ikke lest inn på bordet: {why}.",
    tooLong: "den er lengre enn lenken til noe bord",
    tooManyMoves: "den har flere enn {n} handlinger",
    tooManyCards: "den legger {count} kort på bordet, og kortstokken for {rules} har {n}",
    tooManyAnyDeck: "den legger {count} kort på bordet, flere enn noen kortstokk har ({n})",
    tooManyPlayers: "den har flere enn {n} spillere",
    nameTooLong: "et navn er lengre enn {n} tegn",
    tableReplaced: "«{name}» ligger på bordet i stedet for deres.",
    tableCleared: "Bordet er tømt.",
  },
};

const LANGS = ["en", "sv", "nb"];
const LANG_NAMES = { en: "English", sv: "Svenska", nb: "Norsk bokmål" };

// The moves being entered, said as sentences (the notation stays in the
// text box): {who}, {target} and {drawer} are names, {card} a card's name.
const MOVE_WORDS = {
  en: {
    play: "{who} plays {card}",
    names: ", names {colour}",
    swap: ", swaps hands with {target}",
    to: ", names {drawer} to draw",
    draw: "{who} draws",
    pass: "{who} passes",
    uno: "{who} says UNO",
    catch: "{who} points out that {target} did not say UNO",
    challenge: "{who} challenges",
    color: "{who} names {colour}",
  },
  sv: {
    play: "{who} lägger {card}",
    names: ", väljer {colour}",
    swap: ", byter hand med {target}",
    to: ", pekar ut {drawer} att dra",
    draw: "{who} drar",
    pass: "{who} passar",
    uno: "{who} ropar UNO",
    catch: "{who} påpekar att {target} inte sagt UNO",
    challenge: "{who} utmanar",
    color: "{who} väljer {colour}",
  },
  nb: {
    play: "{who} legger {card}",
    names: ", velger {colour}",
    swap: ", bytter hånd med {target}",
    to: ", peker ut {drawer} til å trekke",
    draw: "{who} trekker",
    pass: "{who} passer",
    uno: "{who} roper UNO",
    catch: "{who} sier fra om at {target} ikke har ropt UNO",
    challenge: "{who} utfordrer",
    color: "{who} velger {colour}",
  },
};

// The disputes families ask about most, one tap each: the table (English
// codes; a hand is its known cards and how many cards in all) and the
// moves. The rules stay the family's own: switching one shows what it
// changes.
const COMMON = [
  {
    key: "wd4-bluff",
    label: { en: "Wild Draw Four while holding the colour", sv: "Dra fyra fast man har färgen", nb: "Trekk 4 selv om man har fargen" },
    top: "R7",
    hands: [["R3 W+4 G5", 3], ["", 7], ["", 7]],
    moves: [{ seat: 0, kind: "play", card: "W+4", colour: "blue" }],
  },
  {
    key: "wd4-challenge",
    label: { en: "Challenging a Wild Draw Four", sv: "Utmana ett Dra fyra", nb: "Utfordre en Trekk 4" },
    top: "R7",
    hands: [["W+4 R3 B2", 3], ["", 7], ["", 7]],
    moves: [
      { seat: 0, kind: "play", card: "W+4", colour: "blue" },
      { seat: 1, kind: "challenge" },
    ],
  },
  {
    key: "wd4-on-wd4",
    label: { en: "Wild Draw Four on a Wild Draw Four?", sv: "Dra fyra på ett Dra fyra?", nb: "Trekk 4 på en Trekk 4?" },
    top: "R7",
    hands: [["W+4 B2", 2], ["W+4 B5 G6", 3], ["", 7]],
    moves: [
      { seat: 0, kind: "play", card: "W+4", colour: "blue" },
      { seat: 1, kind: "play", card: "W+4", colour: "green" },
    ],
  },
  {
    key: "d2-on-d2",
    label: { en: "Draw Two on a Draw Two?", sv: "Dra två på ett Dra två?", nb: "Trekk 2 på en Trekk 2?" },
    top: "R5",
    hands: [["R+2 G3", 3], ["B+2", 3], ["", 3]],
    moves: [
      { seat: 0, kind: "play", card: "R+2" },
      { seat: 1, kind: "play", card: "B+2" },
    ],
  },
  {
    key: "uno-forgot",
    label: { en: "Forgot to say UNO", sv: "Glömde säga UNO", nb: "Glemte å rope UNO" },
    top: "R7",
    hands: [["R3 R5", 2], ["", 3], ["", 3]],
    moves: [
      { seat: 0, kind: "play", card: "R3" },
      { seat: 2, kind: "catch", target: 0 },
    ],
  },
  {
    key: "uno-late",
    label: { en: "A missed UNO pointed out too late", sv: "Glömt UNO påpekat för sent", nb: "Glemt UNO sagt fra om for sent" },
    top: "R7",
    hands: [["R3 R5", 2], ["R9", 3], ["", 3]],
    moves: [
      { seat: 0, kind: "play", card: "R3" },
      { seat: 1, kind: "play", card: "R9" },
      { seat: 2, kind: "catch", target: 0 },
    ],
  },
  {
    key: "reverse-two",
    label: { en: "Reverse with two players", sv: "Byt riktning med två spelare", nb: "Snu med to spillere" },
    top: "G3",
    hands: [["GR G5", 2], ["", 7]],
    moves: [
      { seat: 0, kind: "uno" },
      { seat: 0, kind: "play", card: "GR" },
    ],
  },
  {
    key: "skip-last",
    label: { en: "A Skip as the last card", sv: "Hoppa över som sista kort", nb: "Stå over som siste kort" },
    top: "G1",
    hands: [["GS", 1], ["", 5], ["", 5]],
    moves: [{ seat: 0, kind: "play", card: "GS" }],
  },
  {
    key: "draw-then-play",
    label: { en: "Drawing, then playing another card", sv: "Dra, och sedan lägga ett annat kort", nb: "Trekke, og så legge et annet kort" },
    top: "B4",
    hands: [["B9 G1", 2], ["", 5]],
    draw: ["Y4"],
    moves: [
      { seat: 0, kind: "draw" },
      { seat: 0, kind: "play", card: "B9" },
    ],
  },
  {
    key: "wd4-last",
    label: { en: "Wild Draw Four as the last card", sv: "Dra fyra som sista kort", nb: "Trekk 4 som siste kort" },
    top: "R7",
    hands: [["W+4", 1], ["", 5], ["", 5]],
    moves: [{ seat: 0, kind: "play", card: "W+4", colour: "blue" }],
  },
];

const $ = (id) => document.getElementById(id);
const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const root = $("dispute");
const PAGE = LANGS.includes(root?.dataset.pageLang)
  ? root.dataset.pageLang
  : LANGS.includes(document.documentElement.lang)
    ? document.documentElement.lang
    : "en";
const L = LABELS[PAGE];
const fill = (text, values = {}) =>
  text.replace(/\{(\w+)\}/g, (_, k) => (values[k] === undefined ? `{${k}}` : String(values[k])));
const say = (key, values = {}) => fill(L[key], values);

// ----------------------------------------------------------------- elements

// Properties rather than attributes: kept by `morph` as the page left them
// (a value being typed) or set from the new drawing.
const PROPS = new Set(["value", "checked", "selected", "disabled", "hidden", "inert", "open"]);
const HANDLERS = ["onclick", "onchange", "oninput", "ontoggle", "onsubmit", "onkeydown", "onfocus", "onblur", "onclose"];

// An element: el("button", {class: "x", onclick: f, dataset: {...}}, child, "text", ...).
// Handlers are properties (onclick = f), so that a drawing morphed into
// the page brings its own.
function el(tag, props = {}, ...children) {
  return make(document.createElement(tag), props, children);
}

const SVG = "http://www.w3.org/2000/svg";

// An SVG element, as el() makes an HTML one.
function svg(tag, props = {}, ...children) {
  return make(document.createElementNS(SVG, tag), props, children);
}

function make(node, props, children) {
  const later = {};
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) node.dataset[k] = v;
    } else if (HANDLERS.includes(key)) node[key] = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (PROPS.has(key) && key in node) later[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  // After the children: a <select>'s value needs its options.
  for (const [key, value] of Object.entries(later)) node[key] = value;
  node._props = later;
  return node;
}

// `to` drawn into `from` in place: the nodes that stay keep their identity
// (a tap or the typing in progress lands where it began), attributes,
// handlers and properties are brought up to date, children matched by
// data-key or by place. Returns the node now in the page.
function morph(from, to) {
  if (!sameKind(from, to)) {
    from.replaceWith(to);
    return to;
  }
  if (from.nodeType === Node.TEXT_NODE) {
    if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
    return from;
  }
  if (from.nodeType !== Node.ELEMENT_NODE) return from;
  const details = from.localName === "details";
  for (const { name } of [...from.attributes]) {
    if (details && name === "open") continue; // opened or closed by the reader
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of [...to.attributes]) {
    if (details && name === "open") continue;
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  for (const key of HANDLERS) if (from[key] !== to[key]) from[key] = to[key];
  const props = to._props ?? {};
  for (const [key, value] of Object.entries(props)) {
    if (key === "open") continue;
    if (key === "value" && from === document.activeElement) continue; // being typed in
    if (from[key] !== value) from[key] = value;
  }
  if (!("disabled" in props) && from.disabled === true && "disabled" in from) from.disabled = false;
  if (!("checked" in props) && from.checked === true && from.localName === "input") from.checked = false;
  from._props = props;
  morphChildren(from, to);
  // A <select>'s value again, once its options are the new ones.
  if (from.localName === "select" && "value" in props && from !== document.activeElement) from.value = props.value;
  return from;
}

function keyOf(node) {
  return node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null;
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b);
}

function morphChildren(from, to) {
  const old = [...from.childNodes];
  const keyed = new Map(old.filter((n) => keyOf(n) !== null).map((n) => [keyOf(n), n]));
  const used = new Set();
  let next = 0;
  [...to.childNodes].forEach((child, i) => {
    let match = null;
    const key = keyOf(child);
    if (key !== null) {
      match = keyed.get(key) ?? null;
      if (match && (used.has(match) || !sameKind(match, child))) match = null;
    } else {
      while (next < old.length && (used.has(old[next]) || keyOf(old[next]) !== null)) next += 1;
      if (next < old.length && sameKind(old[next], child)) match = old[next++];
    }
    let node = child;
    if (match) {
      used.add(match);
      node = morph(match, child);
    }
    const at = from.childNodes[i] ?? null;
    if (at !== node) from.insertBefore(node, at);
  });
  for (const node of old) if (!used.has(node) && node.parentNode === from) node.remove();
}

// `box`'s children drawn anew from `children`, in place.
function draw(box, ...children) {
  const fresh = el(box.localName);
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    fresh.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  morphChildren(box, fresh);
}

// ----------------------------------------------------------------- cards
// A card is its English code ("R7", "G+2", "W+4"), as read_situation gives
// it. What the codes mean (the colours and faces, their names in the
// page's language) comes from the library (unorules.web.rules_data, then
// in_force for the rule set in force): a face a rule set defines is drawn
// too. Below, the classic ones, for a build without that data.

const CLASSIC_COLOURS = [
  ["R", "red", { en: "red", sv: "röd", nb: "rød" }, { en: ["R"], sv: ["R"], nb: ["R"] }],
  ["Y", "yellow", { en: "yellow", sv: "gul", nb: "gul" }, { en: ["Y"], sv: ["Y", "Gu"], nb: ["Y", "Gu"] }],
  ["G", "green", { en: "green", sv: "grön", nb: "grønn" }, { en: ["G"], sv: ["Gr"], nb: ["Gr"] }],
  ["B", "blue", { en: "blue", sv: "blå", nb: "blå" }, { en: ["B"], sv: ["B"], nb: ["B"] }],
].map(([code, value, names, codes]) => ({ code, value, name: names[PAGE], names, codes }));

const CLASSIC_FACES = [
  ...["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"].map((n) => [n, { en: n, sv: n, nb: n }, false]),
  ["S", { en: "skip", sv: "Hoppa över", nb: "Stå over" }, false],
  ["R", { en: "reverse", sv: "Byt riktning", nb: "Snu" }, false],
  ["+2", { en: "draw two", sv: "Dra två", nb: "Trekk 2" }, false],
  ["W", { en: "wild", sv: "Välj färg", nb: "Skift farge" }, true],
  ["W+4", { en: "wild draw four", sv: "Dra fyra", nb: "Trekk 4" }, true],
  ["WS", { en: "wild shuffle hands", sv: "Blanda händer", nb: "Stokkekort" }, true],
  ["WX", { en: "wild swap hands", sv: "Byt händer", nb: "Bytt hender" }, true],
  ["WC", { en: "wild customizable", sv: "blankt kort", nb: "blankt kort" }, true],
].map(([code, names, wild]) => ({
  code,
  name: names[PAGE],
  card: names[PAGE],
  wild,
  number: /^\d$/.test(code) ? Number(code) : null,
}));

const HEX = {
  red: "#d32f2f",
  yellow: "#f9a825",
  green: "#2e7d32",
  blue: "#1565c0",
  // UNO Flip's dark side.
  pink: "#d81b60",
  teal: "#00897b",
  orange: "#ef6c00",
  purple: "#6a1b9a",
};
// The colours the stylesheet paints a button in; any other is painted here.
const STYLED = new Set(["red", "yellow", "green", "blue"]);
// Besides its colour, each colour has a shape of its own on the card and
// on its button: colour is never the only clue.
const SHAPES = {
  red: "diamond",
  yellow: "circle",
  green: "triangle",
  blue: "square",
  pink: "star",
  teal: "hexagon",
  orange: "plus",
  purple: "pentagon",
};

const cards = {
  colours: new Map(), // code -> colour
  faces: new Map(), // code -> face
  deck: null, // the codes of the rule set in force, or null (every card)
};

function setCardData(colours, faces) {
  for (const colour of colours ?? []) cards.colours.set(colour.code, colour);
  for (const face of faces ?? []) cards.faces.set(face.code, face);
}
setCardData(CLASSIC_COLOURS, CLASSIC_FACES);

function colourList() {
  return [...cards.colours.values()];
}
function colourByValue(value) {
  return colourList().find((c) => c.value === value) ?? null;
}
function colourHex(colour) {
  if (HEX[colour.value]) return HEX[colour.value];
  let hue = 0;
  for (const c of colour.value) hue = (hue * 31 + c.charCodeAt(0)) % 360;
  return `hsl(${hue} 55% 40%)`;
}

// A two-sided card (UNO Flip) is written side up first, then ":" and the
// other side ("R5:OR", a red 5 with an orange Reverse behind it); every
// rule reads the side up. [side up, other side or null].
function sidesOf(code) {
  const text = String(code);
  const at = text.indexOf(":");
  return at < 0 ? [text, null] : [text.slice(0, at), text.slice(at + 1)];
}

// The card turned over ("OR:R5" for "R5:OR"); a one-sided card itself.
function turnedCode(code) {
  const [up, back] = sidesOf(code);
  return back === null ? code : `${back}:${up}`;
}

// A code's colour (a colour record, or null for a wild card) and face: its
// side up's; `back` is the other side's code (null for a one-sided card).
function splitCard(code) {
  const [up, back] = sidesOf(code);
  return { ...splitSide(up), back };
}

function splitSide(code) {
  const face = cards.faces.get(code);
  if (face?.wild) return { colour: null, face };
  const colours = colourList().sort((a, b) => b.code.length - a.code.length);
  for (const colour of colours) {
    const rest = cards.faces.get(code.slice(colour.code.length));
    if (code.startsWith(colour.code) && rest && !rest.wild) return { colour, face: rest };
  }
  return { colour: null, face: face ?? { code, name: code, card: code, wild: true, number: null } };
}

function cardColour(code) {
  return splitCard(code).colour?.value ?? null;
}
function cardFace(code) {
  return splitCard(code).face.code;
}
function isWild(code) {
  return splitCard(code).colour === null;
}

// The card in the notation of `lang`: the colour codes of that language
// (under sv and nb green is Gr, yellow Gu).
function cardCode(code, lang) {
  const [up, back] = sidesOf(code);
  if (back !== null) return `${cardCode(up, lang)}:${cardCode(back, lang)}`;
  const { colour, face } = splitSide(code);
  if (!colour) return code;
  const codes = colour.codes?.[lang] ?? [colour.code];
  return codes[codes.length - 1] + face.code;
}

// The card's name in the page's language: "röd trea", "Dra fyra" (of a
// two-sided card, its side up's: what is said at the table).
function cardName(code) {
  const { colour, face } = splitCard(code);
  return colour ? `${colour.name} ${face.card ?? face.name}` : face.card ?? face.name;
}

// The card's name with what is on its back, for a two-sided card ("rød 5,
// oransje Snu på baksiden"); cardName() for any other.
function cardLabel(code) {
  const { back } = splitCard(code);
  return back === null ? cardName(code) : say("withBack", { card: cardName(code), back: cardName(back) });
}

// ----------------------------------------------------------------- two sides
// A deck of two-sided cards (UNO Flip) has two sides (in_force's sides):
// the one it is dealt with (0, light) and the other (1, dark), each with
// its colours, the colours a wild card names on it, its faces and, for
// each face, the deck's cards that show it. Every card in a position shows
// the same side, the side in play.

function deckSides() {
  const sides = lastForce()?.sides;
  return Array.isArray(sides) && sides.length === 2 ? sides : [];
}

// The side `code` shows (0 or 1), or null: a one-sided card, or a deck
// without sides.
function sideOf(code) {
  const sides = deckSides();
  if (!code || !sides.length) return null;
  const [up, back] = sidesOf(code);
  if (back === null) return null;
  const by = sides.findIndex((s) => s.pairs?.[up]?.includes(code));
  if (by >= 0) return by;
  // Not a card of the deck (the verdict says so): the side of its colours.
  const colour = cardColour(code);
  const of = colour === null ? -1 : sides.findIndex((s) => s.colours.includes(colour));
  return of >= 0 ? of : null;
}

// The card as the deck is dealt (its other side turned back when it shows
// the dark side): a card is the same card whichever side is up.
function upright(code) {
  return sideOf(code) === 1 ? turnedCode(code) : code;
}

// The side the table shows: the top card's, else a known card's; the side
// the deck is dealt with when none tells.
function tableSide(table = state.table) {
  for (const c of [table.top, ...table.players.flatMap((p) => p.known), ...(table.draw ?? [])]) {
    const side = sideOf(c);
    if (side !== null) return side;
  }
  return 0;
}

// The side in play after the moves entered: each Flip played turns
// everything over.
function sideNow() {
  const flips = state.moves.filter((m) => m.kind === "play" && m.card && cardFace(m.card) === "F").length;
  return deckSides().length ? (tableSide() + flips) % 2 : null;
}

function colourWord(value, lang = PAGE) {
  const colour = colourByValue(value);
  return colour?.names?.[lang] ?? colour?.name ?? value;
}

// Every card the picker offers for `colour` ("wild" for the black ones):
// the rule set's deck once it is known, every face before. Of a deck with
// two sides, the faces of the side `side` (a face stands for the deck's
// cards that show it: sides[side].pairs).
function cardsOf(colour, side = 0) {
  const sides = deckSides();
  if (sides.length) {
    const shown = sides[side]?.cards ?? [];
    return shown.filter((c) => (colour === "wild" ? isWild(c) : cardColour(c) === colour));
  }
  const faces = [...cards.faces.values()];
  const codes =
    colour === "wild"
      ? faces.filter((f) => f.wild).map((f) => f.code)
      : faces.filter((f) => !f.wild).map((f) => colourByValue(colour).code + f.code);
  return cards.deck ? codes.filter((c) => cards.deck.has(c)) : codes;
}

function pickerColours(side = 0) {
  const values = colourList().map((c) => c.value);
  return [...values, "wild"].filter((v) => cardsOf(v, side).length);
}

// The colours a wild card showing side `side` names (null: the deck's).
function wildColoursOf(side = null) {
  const sides = deckSides();
  if (sides.length) return sides[side ?? sideNow() ?? 0]?.wild_colours ?? [];
  return colourList()
    .map((c) => c.value)
    .filter((v) => !cards.deck || cardsOf(v).length);
}

// ----------------------------------------------------------------- what the deck holds
// The deck of the rule set in force (unorules.web.in_force): how many
// copies of each card, how many cards in all, how many players it seats;
// before the engine answers, the preset's (rules-<lang>.json), else the
// most any deck holds.

// How many cards `table` puts on the table: the top card, every card of
// every hand (known or not), the piles given.
function cardsOn(table = state.table) {
  const hands = table.players.reduce((n, p) => n + p.count, 0);
  return (table.top ? 1 : 0) + hands + (table.draw?.length ?? 0) + (table.discard?.length ?? 0);
}

function deckSize() {
  const f = force();
  if (f && Number.isInteger(f.size)) return f.size;
  if (!state.ruleOverride) {
    const preset = state.rulesData?.presets?.find((p) => p.name === state.preset);
    if (preset && Number.isInteger(preset.size)) return preset.size;
  }
  return MOST_CARDS;
}

// How many copies of `code` the deck holds (null: not known yet).
function deckCopies(code) {
  const counts = force()?.counts;
  return counts ? counts[upright(code)] ?? 0 : null;
}

// Whether the deck of the rules in force holds `code` (either side up);
// true before they are known.
function inDeck(code) {
  return !cards.deck || cards.deck.has(upright(code));
}

// How many copies of `code` lie on the table (the top card, the hands'
// known cards, the piles), `except` one of them left out (the card being
// replaced).
function copiesOn(code, except = 0) {
  const t = state.table;
  const card = upright(code);
  const same = (c) => c && upright(c) === card;
  let n = same(t.top) ? 1 : 0;
  for (const p of t.players) for (const c of p.known) if (same(c)) n += 1;
  for (const c of [...(t.draw ?? []), ...(t.discard ?? [])]) if (same(c)) n += 1;
  return n - except;
}

// Whether one more `code` can go on the table: a copy of it is left in
// the deck, and (`adds`: the card is one card more on the table) the deck
// has a card left at all.
function canPlace(code, { adds = true, except = 0 } = {}) {
  const copies = deckCopies(code);
  if (copies !== null && copiesOn(code, except) >= copies) return false;
  return !adds || cardsOn() < deckSize();
}

// How many players the rules seat: {least, most, title}.
function seatsOf() {
  const f = force();
  const preset = state.ruleOverride ? null : state.rulesData?.presets?.find((p) => p.name === state.preset);
  const [least, most] = f?.players ?? preset?.players ?? [2, 10];
  return { least, most, title: f?.title ?? quoted(rulesTitle(ruleString())) };
}

function quoted(text) {
  const [open, close] = QUOTES[PAGE];
  return `${open}${text}${close}`;
}

// ----------------------------------------------------------------- drawing a card

// The shape of a colour, centred on (x, y), `r` across.
function shape(kind, x, y, r, props) {
  switch (kind) {
    case "diamond":
      return svg("path", { d: `M${x} ${y - r}L${x + r} ${y}L${x} ${y + r}L${x - r} ${y}Z`, ...props });
    case "circle":
      return svg("circle", { cx: x, cy: y, r: r * 0.85, ...props });
    case "triangle":
      return svg("path", { d: `M${x} ${y - r}L${x + r} ${y + r * 0.8}L${x - r} ${y + r * 0.8}Z`, ...props });
    case "square":
      return svg("rect", { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, ...props });
    case "star":
      return svg("path", { d: polygon(x, y, r, 10, 0.45), ...props });
    case "hexagon":
      return svg("path", { d: polygon(x, y, r * 0.95, 6), ...props });
    case "pentagon":
      return svg("path", { d: polygon(x, y, r * 0.95, 5), ...props });
    case "plus": {
      const a = r * 0.34;
      return svg("path", {
        d: `M${x - a} ${y - r}H${x + a}V${y - a}H${x + r}V${y + a}H${x + a}V${y + r}H${x - a}V${y + a}H${x - r}V${y - a}H${x - a}Z`,
        ...props,
      });
    }
    default:
      return null;
  }
}

// A polygon of `n` corners around (x, y), the first at the top; with
// `inner`, every other corner that far in (a star).
function polygon(x, y, r, n, inner = 1) {
  const points = [];
  for (let i = 0; i < n; i++) {
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / n;
    const far = i % 2 ? r * inner : r;
    points.push(`${(x + far * Math.cos(angle)).toFixed(2)} ${(y + far * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${points.join("L")}Z`;
}

function text(content, x, y, size, props = {}) {
  return svg(
    "text",
    {
      x,
      y,
      "font-size": size,
      "font-weight": "900",
      "font-family": "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif",
      "text-anchor": "middle",
      "dominant-baseline": "central",
      ...props,
    },
    content,
  );
}

const OUTLINE = { stroke: "#111", "stroke-width": "1.2", "paint-order": "stroke", "stroke-linejoin": "round" };

function arrow(x1, y1, x2, y2, colour, width) {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const head = width * 1.6;
  const hx = (a) => x2 - head * Math.cos(angle + a);
  const hy = (a) => y2 - head * Math.sin(angle + a);
  return [
    svg("line", { x1, y1, x2: x2 - Math.cos(angle) * head * 0.6, y2: y2 - Math.sin(angle) * head * 0.6, stroke: colour, "stroke-width": width, "stroke-linecap": "round" }),
    svg("path", { d: `M${x2} ${y2}L${hx(0.5)} ${hy(0.5)}L${hx(-0.5)} ${hy(-0.5)}Z`, fill: colour }),
  ];
}

// What a face shows, centred on (x, y), `s` its size (the big one in the
// oval, a small one in the corners).
function symbol(face, x, y, s, colour, big, palette = null) {
  const ink = big ? colour : "#fff";
  const outline = big ? {} : OUTLINE;
  const w = Math.max(1.6, s * 0.13);
  switch (face.code) {
    case "S":
      return [
        svg("circle", { cx: x, cy: y, r: s * 0.36, fill: "none", stroke: ink, "stroke-width": w * 1.3 }),
        svg("line", { x1: x - s * 0.25, y1: y + s * 0.25, x2: x + s * 0.25, y2: y - s * 0.25, stroke: ink, "stroke-width": w * 1.3 }),
      ];
    case "R":
      return [
        arrow(x - s * 0.4, y + s * 0.05, x + s * 0.1, y - s * 0.42, ink, w),
        arrow(x + s * 0.4, y - s * 0.05, x - s * 0.1, y + s * 0.42, ink, w),
      ];
    case "WX":
      return [
        arrow(x - s * 0.42, y - s * 0.16, x + s * 0.42, y - s * 0.16, ink, w),
        arrow(x + s * 0.42, y + s * 0.16, x - s * 0.42, y + s * 0.16, ink, w),
      ];
    case "WS":
      return [
        arrow(x - s * 0.42, y + s * 0.32, x + s * 0.42, y - s * 0.32, ink, w),
        arrow(x - s * 0.42, y - s * 0.32, x + s * 0.42, y + s * 0.32, ink, w),
      ];
    case "W":
      return quarters(x, y, s * (big ? 0.42 : 0.32), palette);
    case "WC":
      return null; // the blank card: the table writes its own rule on it
    case "W+4":
    case "W+6":
    case "W+10":
    case "W+2":
    case "W+C": {
      // A wild draw card: the four colours and how many cards it draws.
      const draws = face.code.slice(1);
      const wide = draws.length > 2 ? 0.8 : 1;
      return big
        ? [quarters(x, y + s * 0.12, s * 0.26, palette), text(draws, x, y - s * 0.3, s * 0.36 * wide, { fill: "#111" })]
        : text(draws, x, y, s * 0.5 * wide, { fill: "#fff", ...OUTLINE });
    }
    default: {
      const label = face.code;
      const size = (big ? s * 0.82 : s * 0.56) / Math.max(1, label.length * 0.62);
      const parts = [text(label, x, y, size, { fill: ink, ...outline, ...(big ? { stroke: "#111", "stroke-width": "0.9", "paint-order": "stroke" } : {}) })];
      // A 6 and a 9 are underlined, as on the cards.
      if ((label === "6" || label === "9") && big) {
        parts.push(svg("line", { x1: x - s * 0.2, y1: y + s * 0.42, x2: x + s * 0.2, y2: y + s * 0.42, stroke: ink, "stroke-width": w }));
      }
      return parts;
    }
  }
}

function quarters(x, y, r, palette = null) {
  const c = (palette ?? ["red", "blue", "yellow", "green"]).map((v) => HEX[v] ?? colourHex(colourByValue(v) ?? { value: v }));
  return [
    svg("path", { d: `M${x} ${y}L${x} ${y - r}A${r} ${r} 0 0 1 ${x + r} ${y}Z`, fill: c[0] }),
    svg("path", { d: `M${x} ${y}L${x + r} ${y}A${r} ${r} 0 0 1 ${x} ${y + r}Z`, fill: c[1] }),
    svg("path", { d: `M${x} ${y}L${x} ${y + r}A${r} ${r} 0 0 1 ${x - r} ${y}Z`, fill: c[2] }),
    svg("path", { d: `M${x} ${y}L${x - r} ${y}A${r} ${r} 0 0 1 ${x} ${y - r}Z`, fill: c[3] }),
  ];
}

// The picture of a card: its colour, its face in the oval and in two
// corners, the colour's shape in the other two. A card of the dark side of
// a two-sided deck (`side` 1) has a dark frame, and its wild cards show
// that side's colours.
function cardPicture(code, side = sideOf(code)) {
  const { colour, face } = splitCard(code);
  const fillColour = colour ? colourHex(colour) : "#1b1b1b";
  const sides = deckSides();
  const palette = side !== null && sides[side] ? sides[side].colours : null;
  const dark = side === 1;
  const kind = colour ? SHAPES[colour.value] : null;
  const mark = (x, y) =>
    kind
      ? shape(kind, x, y, 3.6, { fill: "#fff", stroke: "#111", "stroke-width": "0.8" })
      : colour
        ? text(colour.code, x, y, 7, { fill: "#fff", ...OUTLINE })
        : null;
  return svg(
    "svg",
    { viewBox: "0 0 60 90", class: "dispute-card__picture", "aria-hidden": "true", focusable: "false" },
    svg("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 7, fill: dark ? "#263238" : "#fff", stroke: "#9e9e9e" }),
    svg("rect", { x: 3.5, y: 3.5, width: 53, height: 83, rx: 5, fill: fillColour }),
    svg("ellipse", { cx: 30, cy: 45, rx: 20, ry: 32, transform: "rotate(28 30 45)", fill: "#fff" }),
    symbol(face, 30, 45, 30, fillColour, true, palette),
    symbol(face, 12, 13, 14, fillColour, false, palette),
    symbol(face, 48, 77, 14, fillColour, false, palette),
    mark(48, 12),
    mark(12, 78),
  );
}

// The back of a card (one nobody gave).
function backPicture() {
  return svg(
    "svg",
    { viewBox: "0 0 60 90", class: "dispute-card__picture", "aria-hidden": "true", focusable: "false" },
    svg("rect", { x: 0.5, y: 0.5, width: 59, height: 89, rx: 7, fill: "#fff", stroke: "#9e9e9e" }),
    svg("rect", { x: 3.5, y: 3.5, width: 53, height: 83, rx: 5, fill: "#1b1b1b" }),
    svg("ellipse", { cx: 30, cy: 45, rx: 20, ry: 32, transform: "rotate(28 30 45)", fill: "#d32f2f" }),
    text("?", 30, 46, 30, { fill: "#fff", ...OUTLINE }),
  );
}

// A card as the page shows it: its picture, its name for a screen reader
// (and as a tooltip); a button when it can be tapped. A two-sided card
// shows its back small in a corner.
function cardView(code, props = {}) {
  const name = cardLabel(code);
  const { back } = splitCard(code);
  const side = props.side ?? sideOf(code);
  return el(
    props.onclick ? "button" : "span",
    {
      type: props.onclick ? "button" : undefined,
      role: props.onclick ? undefined : "img",
      class: `dispute-card dispute-card--${cardColour(code) ?? "wild"} ${props.class ?? ""}`.trim(),
      title: name,
      "aria-label": props.label ?? name,
      "data-key": props.key,
      dataset: { card: code, ...(props.dataset ?? {}) },
      disabled: props.onclick ? Boolean(props.disabled) : undefined,
      onclick: props.onclick,
    },
    cardPicture(code, side),
    back === null
      ? null
      : el(
          "span",
          {
            class: "dispute-card__back",
            "aria-hidden": "true",
            style: "position:absolute;left:-0.3rem;bottom:-0.3rem;width:48%;line-height:0;border-radius:0.25rem;box-shadow:0 0 0 2px var(--md-default-bg-color, #fff);",
          },
          cardPicture(back, side === null ? null : 1 - side),
        ),
  );
}

// A hand's cards nobody gave: a card back with their count.
function unknownView(count, props = {}) {
  const label = count === 1 ? L.unknownCard : say("unknownCards", { n: count });
  return el(
    "span",
    {
      role: "img",
      class: "dispute-card dispute-card--unknown",
      title: label,
      "aria-label": label,
      "data-key": "unknown",
      dataset: { unknown: String(count), ...(props.dataset ?? {}) },
    },
    backPicture(),
    count > 1 ? el("span", { class: "dispute-card__count", "aria-hidden": "true" }, `×${count}`) : null,
  );
}

// A colour's button: its name and its shape.
function swatch(value, props) {
  const colour = colourByValue(value);
  const painted = colour && !STYLED.has(value);
  const kind = SHAPES[value];
  const mark = kind
    ? svg("svg", { viewBox: "0 0 12 12", class: "dispute-swatch__shape", "aria-hidden": "true" }, shape(kind, 6, 6, 4.6, { fill: "#fff", stroke: "#111", "stroke-width": "0.8" }))
    : null;
  return el(
    "button",
    {
      type: "button",
      class: `dispute-swatch dispute-swatch--${colour || value === "wild" ? value : "other"}`,
      style: painted ? `background:${colourHex(colour)};color:#fff` : undefined,
      ...props,
    },
    mark,
    value === "wild" ? L.wild : colourWord(value),
  );
}

// ----------------------------------------------------------------- state

const DEFAULT_COMPARE = ["official", "svenska", "norsk"];

function freshTable() {
  return {
    top: null,
    colour: null,
    players: [0, 1, 2].map(() => ({ name: "", known: [], count: 7 })),
    turn: 0,
    direction: "cw",
    draw: null,
    discard: null,
    dealer: null,
    scores: null,
    seed: 0,
    clock: null,
  };
}

const state = {
  table: freshTable(),
  moves: [], // {seat, kind, card?, colour?, target?, to?} or {raw: "typed text"}
  draft: null, // the move being tapped: {seat, kind?, card?, colour?}
  lang: PAGE,
  rulesData: null,
  preset: "official",
  choices: {},
  ruleOverride: null, // a rule-set string from a link that the switches cannot show
  rulesAnswer: null, // the library's {key, text, force} for the rules chosen
  compare: [...DEFAULT_COMPARE],
  tab: "verdict",
  ready: false, // the engine answers
  engineFailed: false,
  pending: false, // Settle pressed before the engine was ready
  situationDirty: false, // the situation's text is not read into the taps yet
  textLang: PAGE, // the language the situation's text is written in
  drawOpen: false,
};

// ----------------------------------------------------------------- the text

// Names go into the notation only when every player has one (it names
// every seat or none) and the notation can write each (letters, a hyphen
// joining parts); the verdicts name each player anyway (`players()`), and a
// shared link carries the names the notation cannot (`player=`).
function named(table = state.table) {
  return table.players.every((p) => p.name && NOTATION_NAME.test(p.name));
}

const NOTATION_NAME = /^\p{L}+(?:-\p{L}+)*$/u;
const NAME_KEEPS = /[\p{L}\p{M}\p{N}'’-]/u;

// A name as typed, as the page keeps it: letters of any script, digits,
// apostrophes and hyphens; spaces between words joined with a hyphen;
// anything else left out; at most NAME_LETTERS characters. With what was
// changed, for the note under the field: {name, spaces, left: [chars]}.
function cleanName(typed) {
  const words = String(typed).trim().split(/\s+/u).filter(Boolean);
  const joined = words.join("-");
  const name = [...joined].filter((c) => NAME_KEEPS.test(c)).join("").slice(0, NAME_LETTERS);
  const left = [...new Set([...joined].filter((c) => !NAME_KEEPS.test(c)))];
  return { name, spaces: words.length > 1, left };
}

// The seat other than `seat` whose player is called `name` (in any case), or -1.
function seatCalled(name, seat) {
  const folded = name.toLocaleLowerCase();
  return state.table.players.findIndex((p, i) => i !== seat && p.name && p.name.toLocaleLowerCase() === folded);
}

// What the page and the verdicts call a seat: its name, or "Player 1".
function person(seat) {
  return state.table.players[seat]?.name || say("seat", { n: seat + 1 });
}

// The names the verdicts give the seats (unorules.web.settle's players).
function players() {
  return state.table.players.map((_, seat) => person(seat));
}

// A seat in a move's notation: its name when every seat has one, else its
// number (a seat no longer at the table too: the verdict says what is wrong).
function who(seat) {
  const player = state.table.players[seat];
  return named() && player ? player.name : String(seat);
}

// As unorules.web.write_situation writes it: the colour codes of `lang`
// (under sv and nb green is Gr, yellow Gu), the colour in force as a word.
function writeSituation(table = state.table, lang = state.lang) {
  const clauses = [];
  if (table.top) {
    let top = `top ${cardCode(table.top, lang)}`;
    if (isWild(table.top) && table.colour && deckHasColours()) top += ` ${colourWord(table.colour, lang)}`;
    clauses.push(top);
  }
  const hands = table.players.map((p) => {
    const items = p.known.map((c) => cardCode(c, lang));
    const unknown = p.count - p.known.length;
    if (unknown > 0) items.push(`?${unknown}`);
    return items.length ? items.join(" ") : "-";
  });
  clauses.push(`hands ${hands.join(" / ")}`);
  clauses.push(`turn ${table.turn}`);
  if (table.direction === "ccw") clauses.push("dir ccw");
  if (table.dealer !== null && table.dealer !== undefined) clauses.push(`dealer ${table.dealer}`);
  for (const key of ["draw", "discard"]) {
    const pile = table[key];
    if (pile !== null && pile !== undefined) {
      clauses.push(`${key} ${pile.length ? pile.map((c) => cardCode(c, lang)).join(" ") : "-"}`);
    }
  }
  if (table.seed) clauses.push(`seed ${table.seed}`);
  if (table.scores && table.scores.length) clauses.push(`scores ${table.scores.join(" ")}`);
  if (named(table)) clauses.push(`names ${table.players.map((p) => p.name).join(" ")}`);
  // The turns on the game's clock (house.blitz=N), when given.
  if (Number.isInteger(table.clock)) clauses.push(`clock ${table.clock}`);
  return clauses.join("; ");
}

function writeMove(move, lang = state.lang) {
  if (move.raw !== undefined) return move.raw;
  const by = who(move.seat);
  switch (move.kind) {
    case "play": {
      let text = `${by} play ${cardCode(move.card, lang)}`;
      if (move.colour) text += ` ${move.colour}`;
      if (move.target !== undefined && move.target !== null) text += ` swap ${who(move.target)}`;
      if (move.to !== undefined && move.to !== null) text += ` to ${who(move.to)}`;
      return text;
    }
    case "catch":
      return `${by} catch ${who(move.target)}`;
    case "color":
      return `${by} color ${move.colour}`;
    default:
      return `${by} ${move.kind}`;
  }
}

function writeMoves() {
  return state.moves.map((m) => writeMove(m)).join("; ");
}

// A card written with `lang`'s codes read back (English code), or null.
function readCard(word, lang) {
  const [up, back] = sidesOf(word);
  if (back !== null) {
    const [a, b] = [readCard(up, lang), readCard(back, lang)];
    return a && b ? `${a}:${b}` : null;
  }
  if (cards.faces.get(word)?.wild) return word;
  for (const colour of colourList()) {
    for (const prefix of colour.codes?.[lang] ?? [colour.code]) {
      const face = cards.faces.get(word.slice(prefix.length));
      if (word.startsWith(prefix) && face && !face.wild) return colour.code + face.code;
    }
  }
  return null;
}

// Typed text with the colour codes of its cards rewritten from `from`'s to
// `to`'s (G5 -> Gr5); every other word stays as it is.
function recode(text, from, to) {
  if (from === to) return text;
  return text.replace(/[^\s;/]+/g, (word) => {
    const card = readCard(word, from);
    return card ? cardCode(card, to) : word;
  });
}

// A move said as a sentence in the page's language, for the list of moves.
// Typed text that is not one of the tapped forms stays as it was typed.
function sayMove(move) {
  if (move.raw !== undefined) return null;
  const words = MOVE_WORDS[PAGE];
  const values = {
    who: person(move.seat),
    target: move.target === undefined || move.target === null ? "" : person(move.target),
    drawer: move.to === undefined || move.to === null ? "" : person(move.to),
    card: move.card ? cardName(move.card) : "",
    colour: move.colour ? colourWord(move.colour) : "",
  };
  if (move.kind !== "play") return fill(words[move.kind] ?? `{who} ${move.kind}`, values);
  let text = fill(words.play, values);
  if (move.colour) text += fill(words.names, values);
  if (values.target) text += fill(words.swap, values);
  if (values.drawer) text += fill(words.to, values);
  return text;
}

const COLOUR_VALUES = ["red", "yellow", "green", "blue"];

// A typed (or linked) move read back into a tapped one when it is exactly
// what the taps would write; anything else stays as typed ({raw}).
function parseMove(raw, lang = state.lang) {
  const text = raw.trim().replace(/\s+/g, " ");
  const words = text.split(" ");
  const colours = new Set([...COLOUR_VALUES, ...colourList().map((c) => c.value)]);
  const seatOf = (word) => {
    const n = state.table.players.length;
    if (named()) {
      const seat = state.table.players.findIndex((p) => p.name === word);
      return seat >= 0 ? seat : null;
    }
    return /^\d+$/.test(word) && Number(word) < n ? Number(word) : null;
  };
  const seat = seatOf(words[0] ?? "");
  if (seat === null || words.length < 2) return { raw };
  const kind = words[1];
  const move = { seat, kind };
  if (kind === "play") {
    const card = readCard(words[2] ?? "", lang);
    if (!card) return { raw };
    move.card = card;
    let i = 3;
    if (colours.has(words[i])) move.colour = words[i++];
    if (words[i] === "swap") {
      const target = seatOf(words[i + 1] ?? "");
      if (target === null) return { raw };
      move.target = target;
      i += 2;
    }
    if (words[i] === "to") {
      const to = seatOf(words[i + 1] ?? "");
      if (to === null) return { raw };
      move.to = to;
    }
  } else if (kind === "catch") {
    const target = seatOf(words[2] ?? "");
    if (target === null) return { raw };
    move.target = target;
  } else if (kind === "color") {
    if (!colours.has(words[2])) return { raw };
    move.colour = words[2];
  } else if (!["draw", "pass", "uno", "challenge"].includes(kind)) {
    return { raw };
  }
  return writeMove(move, lang) === text ? move : { raw };
}

function splitMoves(text) {
  return text
    .split(";")
    .map((m) => m.trim())
    .filter(Boolean)
    .map((raw) => parseMove(raw));
}

// ----------------------------------------------------------------- kept on the device

const TABLE_STORE = `unorules.dispute.table.${PAGE}`;
const RULES_STORE = "unorules.dispute.rules";

// The whole dispute, after every change: a reload or a tab the phone
// dropped opens it again. The fragment it was saved with says whether a
// link opened later is this dispute (kept) or another (it wins).
function save() {
  try {
    localStorage.setItem(
      TABLE_STORE,
      JSON.stringify({
        table: state.table,
        moves: state.moves,
        tab: state.tab,
        compare: state.compare,
        ruleOverride: state.ruleOverride,
        situation: state.situationDirty ? $("dispute-situation")?.value ?? null : null,
        textLang: state.textLang,
        fragment: location.hash.replace(/^#/, ""),
      }),
    );
  } catch {
    // Private browsing or no room: nothing kept.
  }
}

// A card's code; a two-sided card's is its two sides' ("R5:OR").
const isCode = (c) => typeof c === "string" && /^[A-Z0-9+]{1,8}(?::[A-Z0-9+]{1,8})?$/.test(c);
const isSeat = (n, count) => Number.isInteger(n) && n >= 0 && n < count;

// The dispute kept on this device, checked (a hand-edited or an older
// store gives null, or drops what it cannot use).
function loadSaved() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(TABLE_STORE) ?? "null");
  } catch {
    return null;
  }
  if (!saved || typeof saved !== "object") return null;
  const t = saved.table;
  if (!t || !Array.isArray(t.players) || t.players.length < 2 || t.players.length > MOST_PLAYERS) return null;
  const players = [];
  const names = new Set();
  for (const p of t.players) {
    if (!p || !Array.isArray(p.known) || !p.known.every(isCode) || !Number.isInteger(p.count)) return null;
    let name = typeof p.name === "string" ? cleanName(p.name).name : "";
    if (names.has(name.toLocaleLowerCase())) name = "";
    if (name) names.add(name.toLocaleLowerCase());
    players.push({ name, known: [...p.known], count: Math.max(1, p.count, p.known.length) });
  }
  const pile = (v) => (Array.isArray(v) && v.every(isCode) ? [...v] : null);
  const table = {
    top: isCode(t.top) ? t.top : null,
    colour: COLOUR_VALUES.includes(t.colour) || colourByValue(t.colour) ? t.colour : null,
    players,
    turn: isSeat(t.turn, players.length) ? t.turn : 0,
    direction: t.direction === "ccw" ? "ccw" : "cw",
    draw: pile(t.draw),
    discard: pile(t.discard),
    dealer: isSeat(t.dealer, players.length) ? t.dealer : null,
    scores: Array.isArray(t.scores) && t.scores.every(Number.isInteger) ? [...t.scores] : null,
    seed: Number.isInteger(t.seed) ? t.seed : 0,
    clock: Number.isInteger(t.clock) && t.clock >= 0 ? t.clock : null,
  };
  // A store that holds more than any deck (hand-edited, or kept by an older
  // page that let it): not opened.
  if (cardsOn(table) > MOST_CARDS) return null;
  const moves = (Array.isArray(saved.moves) ? saved.moves : []).slice(0, MOST_MOVES).filter(
    (m) =>
      m &&
      (typeof m.raw === "string" ||
        (Number.isInteger(m.seat) &&
          typeof m.kind === "string" &&
          (m.card === undefined || isCode(m.card)) &&
          [m.target, m.to].every((s) => s === undefined || s === null || Number.isInteger(s)))),
  );
  return {
    table,
    moves,
    tab: saved.tab === "compare" ? "compare" : "verdict",
    compare: Array.isArray(saved.compare) && saved.compare.every((s) => typeof s === "string") ? saved.compare : [...DEFAULT_COMPARE],
    ruleOverride: typeof saved.ruleOverride === "string" && saved.ruleOverride ? saved.ruleOverride : null,
    situation: typeof saved.situation === "string" ? saved.situation : null,
    textLang: LANGS.includes(saved.textLang) ? saved.textLang : PAGE,
    fragment: typeof saved.fragment === "string" ? saved.fragment : "",
  };
}

function saveRules() {
  try {
    localStorage.setItem(RULES_STORE, JSON.stringify({ preset: state.preset, choices: state.choices }));
  } catch {
    // Private browsing: nothing remembered.
  }
}

function loadRules() {
  try {
    const saved = JSON.parse(localStorage.getItem(RULES_STORE) ?? "null");
    if (saved && typeof saved.preset === "string") {
      state.preset = saved.preset;
      const choices = saved.choices && typeof saved.choices === "object" && !Array.isArray(saved.choices) ? saved.choices : {};
      // Only a reading (text) or none (null): anything else breaks every verdict.
      state.choices = Object.fromEntries(Object.entries(choices).filter(([, v]) => v === null || typeof v === "string"));
    }
  } catch {
    // Nothing usable remembered.
  }
}

// ----------------------------------------------------------------- the engine

// The engine once engine.js has handed it out (null: it could not start);
// a new one is awaited after "Try again".
let engineGot = null;
let engineFound = null;
function awaitEngine() {
  engineFound = new Promise((resolve) => {
    engineGot = resolve;
  });
}
awaitEngine();

// unorules.web.<name>(...args), answered as plain data: a Promise. Calls
// made before the engine is ready wait for it.
async function call(name, ...args) {
  const got = await engineFound;
  if (!got) throw new Error("unavailable");
  return got.call(name, ...args);
}

// The engine as engine.js hands it: an object with call(name, ...args)
// (and ready); an older engine.js handed unorules.web's Pyodide proxy.
function adapt(got) {
  if (typeof got.call === "function") return got;
  return {
    ready: Promise.resolve(),
    call: async (name, ...args) => {
      const answer = got[name](...args);
      return answer && typeof answer.toJs === "function" ? engineModule.plain(answer) : answer;
    },
  };
}

// The site's root: this script lies in its javascripts/ folder, in every
// language's pages.
function siteRoot() {
  return new URL("../", import.meta.url);
}

// ----------------------------------------------------------------- the rules

function presetNames() {
  return state.rulesData?.presets.map((p) => p.name) ?? ["official", "svenska", "norsk", "kitchen-table", "kids"];
}

// What a family calls a rule set: a preset's title, and the titles of the
// rules added to it ("För barn + Stapla Dra två"); a part the page does not
// know stays as it is written.
function rulesTitle(text) {
  const titles = new Map([
    ...(state.rulesData?.presets ?? []).map((p) => [p.name, p.title]),
    ...allChoices().flatMap((c) => c.options.map((o) => [o.id, o.title])),
  ]);
  return String(text)
    .split("+")
    .map((part) => titles.get(part.trim()) ?? part)
    .join(" + ");
}

function allChoices() {
  return state.rulesData?.concerns.flatMap((c) => c.choices) ?? [];
}

function defaultsOf(preset) {
  return state.rulesData?.defaults?.[preset] ?? {};
}

function rulesKey() {
  return JSON.stringify([state.preset, state.choices, state.ruleOverride]);
}

// The rule-set string: the library's answer for the rules chosen once it
// has given it (unorules.web.rule_set); before, the same worked out here:
// the preset's name when every choice is the preset's; otherwise
// preset+ID... with the IDs that differ from it; when a switch the preset
// has on is turned off, or a reading the preset chose over the official one
// is changed (two readings of one rule cannot be combined), official+
// every choice that differs from official's.
function ruleString() {
  if (state.ruleOverride) return state.ruleOverride;
  if (state.rulesAnswer?.key === rulesKey() && state.rulesAnswer.text) return state.rulesAnswer.text;
  const preset = state.preset;
  const choices = allChoices();
  if (!choices.length) return preset;
  const own = defaultsOf(preset);
  const value = (key) => (state.choices[key] === undefined ? own[key] ?? null : state.choices[key]);
  const differ = choices.filter((c) => value(c.key) !== (own[c.key] ?? null));
  if (!differ.length) return preset;
  const official = defaultsOf("official");
  const undone = differ.some((c) => {
    const mine = own[c.key] ?? null;
    return mine !== null && (value(c.key) === null || mine !== (official[c.key] ?? null));
  });
  if (!undone) return [preset, ...differ.map((c) => value(c.key))].join("+");
  const ids = choices.filter((c) => value(c.key) !== null && value(c.key) !== (official[c.key] ?? null)).map((c) => value(c.key));
  return ["official", ...ids].join("+");
}

// What the rules chosen hold, as the library builds them (a rule can make
// other choices too: house.kids has no challenges; the deck's cards): the
// answer is kept for the verdicts, the switches and the card picker.
async function rulesInForce() {
  const key = rulesKey();
  if (state.rulesAnswer?.key === key && state.rulesAnswer.force) return state.rulesAnswer;
  let text = ruleString();
  if (!state.ruleOverride) {
    try {
      text = await call("rule_set", state.preset, state.choices);
    } catch {
      // An unknown preset: the string worked out here, which the verdict then refuses.
    }
  }
  let force;
  try {
    force = await call("in_force", text, PAGE);
  } catch (error) {
    force = { error: error?.message ?? String(error) };
  }
  const answer = { key, text, force };
  if (key === rulesKey()) {
    const before = state.rulesAnswer;
    state.rulesAnswer = answer;
    if (force.error === undefined) {
      setCardData(force.colours, force.faces);
      cards.deck = Array.isArray(force.cards) ? new Set(force.cards) : null;
    }
    // The rule set whose cards and switches the page shows, for whoever
    // waits for them (a test).
    root.dataset.rules = text;
    if (before?.text !== text || before?.force?.error !== force.error || !before?.force) {
      renderRules();
      renderMoves();
      // The players the deck seats, the cards it holds; the text as these
      // rules write it (a deck without colours names none on a wild card).
      renderTable();
      // The common disputes the deck can lay out.
      renderCommon();
      if (!state.situationDirty) syncText();
    }
  }
  return answer;
}

function force() {
  const answer = state.rulesAnswer;
  return answer?.key === rulesKey() && answer.force?.error === undefined ? answer.force : null;
}

function sevenZeroOn() {
  const f = force();
  if (f) return Boolean(f.seven_zero);
  return /seven-zero|seven-optional|seven-swap|kitchen-table|letsuno-party|letsuno-crazy/.test(ruleString());
}

// The rule ID of a choice's value: "house.hand-limit=20" is the rule
// house.hand-limit with its number.
function ruleOf(value) {
  return value === null || value === undefined ? value : String(value).split("=")[0];
}

// The number a choice's value gives its rule ("house.hand-limit=20": 20),
// or the option's default when it gives none.
function numberOf(value, option) {
  const n = Number(String(value ?? "").split("=")[1]);
  return Number.isInteger(n) ? n : option.number.default;
}

// The stepper of a rule that takes a number (house.hand-limit=N): minus,
// the number, plus, as the table's steppers; `set(n)` with n kept within
// the rule's range.
function ruleStepper(option, value, set) {
  const { lowest, highest } = option.number;
  const now = numberOf(value, option);
  return stepper({
    less: () => set(Math.max(lowest, now - 1)),
    more: () => set(Math.min(highest, now + 1)),
    lessLabel: `${option.title} −1`,
    moreLabel: `${option.title} +1`,
    label: String(now),
    hook: { number: option.id },
    lessDisabled: now <= lowest,
    moreDisabled: now >= highest,
  });
}

// The choices remembered that these rules do not have (an older site's,
// a hand-edited store) are dropped, and the rest saved again.
function cleanChoices() {
  if (!state.rulesData) return;
  const known = new Map(allChoices().map((c) => [c.key, c.options.map((o) => o.id)]));
  const kept = Object.fromEntries(
    Object.entries(state.choices).filter(([k, v]) => known.has(k) && (v === null || known.get(k).includes(ruleOf(v)))),
  );
  if (Object.keys(kept).length !== Object.keys(state.choices).length) {
    state.choices = kept;
    saveRules();
  }
}

// A rule-set string from a link, shown in the switches where it can be.
function applyRuleString(text) {
  const parts = text.split("+").map((s) => s.trim()).filter(Boolean);
  const presets = presetNames();
  if (!parts.length || !presets.includes(parts[0])) {
    state.ruleOverride = text;
    return;
  }
  const preset = parts[0];
  const choices = {};
  const own = defaultsOf(preset);
  for (const c of allChoices()) choices[c.key] = own[c.key] ?? null;
  for (const id of parts.slice(1)) {
    const choice = allChoices().find((c) => c.options.some((o) => o.id === ruleOf(id)));
    if (!choice) {
      state.preset = preset;
      state.ruleOverride = text;
      return;
    }
    choices[choice.key] = id;
  }
  state.preset = preset;
  state.choices = choices;
  state.ruleOverride = null;
  state.ruleOverride = ruleString() === text ? null : text;
}

// ----------------------------------------------------------------- the card picker

function buildPicker() {
  const dialog = el("dialog", { id: "dispute-picker", class: "dispute-picker", "aria-labelledby": "dispute-picker-title" });
  document.body.append(dialog);
  return dialog;
}

// Opens the picker: `done(code)` for each card tapped; `several` keeps it
// open (cards into a hand), `wildColour` asks the colour after a wild card
// (`done(code, colour)`). A card `can(code)` refuses is greyed and cannot
// be tapped (every copy of it is on the table, or the deck is all there):
// `full()` says when it is the deck (a note then says so).
// A deck of two-sided cards (UNO Flip): the side is chosen first (the
// table's at first), and a face the deck has with several backs asks which
// back (each shown small under the face); `done` gets the whole card
// ("R5:OR").
function pickCard({ title, done, several = false, wildColour = false, shown = () => [], can = () => true, full = () => false }) {
  const dialog = $("dispute-picker") ?? buildPicker();
  const sides = deckSides();
  let side = sides.length ? tableSide() : 0;
  // The colour in force first (the top card's, or the one named on a wild):
  // the card a player lays usually matches it.
  const t = state.table;
  const inForce = t.top ? (isWild(t.top) ? t.colour : cardColour(t.top)) : null;
  const firstColour = () => {
    const offered = pickerColours(side);
    return offered.includes(inForce) ? inForce : (offered[0] ?? "wild");
  };
  let colour = firstColour();
  // The deck's cards a face of the side stands for (the face itself in a
  // deck of one-sided cards).
  const cardsFor = (face) => (sides.length ? sides[side]?.pairs?.[face] ?? [] : [face]);
  const take = (code) => {
    if (!can(code)) return;
    if (wildColour && isWild(code)) {
      askColour(code);
    } else {
      done(code);
      if (several) paint();
      else dialog.close();
    }
  };
  const paint = () => {
    const offered = pickerColours(side);
    const tray = shown();
    const faces = cardsOf(colour, side);
    const usable = (face) => cardsFor(face).some((code) => can(code));
    const greyed = faces.some((face) => !usable(face));
    const deckFull = full();
    draw(
      dialog,
      el("div", { class: "dispute-picker__head" }, el("h3", { id: "dispute-picker-title" }, title)),
      deckFull
        ? el("p", { class: "dispute-muted", "data-key": "full", dataset: { pickFull: "" } }, say("deckFull", { n: deckSize() }))
        : greyed
          ? el("p", { class: "dispute-muted", "data-key": "greyed", dataset: { pickGreyed: "" } }, L.greyed)
          : null,
      el(
        "div",
        { class: "dispute-picker__tray dispute-fan", "data-key": "tray" },
        tray.map((c, i) => cardView(c, { key: `${i}-${c}` })),
      ),
      sides.length
        ? el(
            "div",
            { class: "dispute-segmented", role: "group", "data-key": "sides" },
            [L.lightSide, L.darkSide].map((label, i) =>
              el(
                "button",
                {
                  type: "button",
                  class: "dispute-button",
                  "aria-pressed": String(side === i),
                  // The side chosen stands out (the dialog is outside the
                  // page's styles for pressed buttons).
                  style: side === i ? "background:#263238;color:#fff;border-color:#263238" : undefined,
                  dataset: { pickSide: String(i) },
                  onclick: () => {
                    side = i;
                    colour = firstColour();
                    paint();
                  },
                },
                side === i ? el("span", { "aria-hidden": "true" }, "✓ ") : null,
                label,
              ),
            ),
          )
        : null,
      el(
        "div",
        { class: "dispute-picker__colours", role: "group", "data-key": `colours-${side}` },
        offered.map((c) =>
          swatch(c, {
            "aria-pressed": String(c === colour),
            dataset: { pickColour: c },
            onclick: () => {
              colour = c;
              paint();
            },
          }),
        ),
      ),
      el(
        "div",
        { class: "dispute-picker__faces", "data-key": `faces-${side}-${colour}` },
        faces.map((face) => {
          const ok = usable(face);
          const choices = cardsFor(face);
          // A face the deck has with one back is that card: shown whole.
          const code = choices.length === 1 ? choices[0] : face;
          return cardView(code, {
            side: sides.length ? side : null,
            class: ok ? "dispute-card--face" : "dispute-card--face dispute-card--used",
            dataset: { face: cardFace(face), used: ok ? undefined : "" },
            disabled: !ok,
            label: ok ? (choices.length === 1 ? cardLabel(code) : cardName(face)) : say("allUsed", { card: capitalised(cardName(face)) }),
            onclick: () => {
              if (!ok) return;
              const left = choices.filter((c) => can(c));
              if (choices.length > 1) askBack(face, choices);
              else take(left[0]);
            },
          });
        }),
      ),
      el(
        "div",
        { class: "dispute-picker__foot", "data-key": "foot" },
        el(
          "button",
          { type: "button", class: "dispute-button", dataset: { pickDone: "" }, onclick: () => dialog.close() },
          several ? L.done : L.cancel,
        ),
      ),
    );
  };
  // Which of the deck's cards with this face: each whole, its back small
  // under it and said in words.
  const askBack = (face, choices) => {
    draw(
      dialog,
      el("div", { class: "dispute-picker__head" }, el("h3", { id: "dispute-picker-title" }, say("whichBack", { card: cardName(face) }))),
      el(
        "div",
        { class: "dispute-picker__faces dispute-picker__backs", "data-key": `backs-${face}` },
        choices.map((code) => {
          const ok = can(code);
          return el(
            "div",
            { class: "dispute-picker__back", "data-key": code, style: "display:inline-flex;flex-direction:column;align-items:center;gap:0.35rem;max-width:6rem;text-align:center;font-size:0.7rem;margin:0 0.4rem 0.6rem 0" },
            cardView(code, {
              class: ok ? "dispute-card--face" : "dispute-card--face dispute-card--used",
              dataset: { back: sidesOf(code)[1], used: ok ? undefined : "" },
              disabled: !ok,
              label: ok ? cardLabel(code) : say("allUsed", { card: capitalised(cardLabel(code)) }),
              onclick: () => {
                if (!ok) return;
                take(code);
              },
            }),
            el("span", { "aria-hidden": "true" }, capitalised(cardName(sidesOf(code)[1]))),
          );
        }),
      ),
      el(
        "div",
        { class: "dispute-picker__foot", "data-key": "foot" },
        el("button", { type: "button", class: "dispute-button", dataset: { pickBackCancel: "" }, onclick: () => paint() }, `← ${L.otherFace}`),
      ),
    );
  };
  const askColour = (code) => {
    draw(
      dialog,
      el("div", { class: "dispute-picker__head" }, el("h3", { id: "dispute-picker-title" }, say("whichColour"))),
      colourButtons((c) => {
        done(code, c);
        dialog.close();
      }, null, sideOf(code)),
    );
  };
  dialog.replaceChildren();
  paint();
  if (!dialog.open) dialog.showModal();
}

// The colours a player may name (the side `side`'s under a deck with two
// sides: the side in play when none is given), as buttons.
function colourButtons(onpick, current = null, side = null) {
  const values = wildColoursOf(side);
  return el(
    "div",
    { class: "dispute-colours", role: "group" },
    values.map((c) =>
      swatch(c, {
        "aria-pressed": current === null ? undefined : String(c === current),
        dataset: { colour: c },
        onclick: () => onpick(c),
      }),
    ),
  );
}

// ----------------------------------------------------------------- changes

// Whatever the verdict depends on has changed (the table, the moves, the
// rules, the verdict's language, the text): the text boxes and the page
// follow, the dispute is kept on the device, and a new verdict is on its
// way (the one on screen marked as being updated meanwhile).
function changed({ table = true, text = true, delay, keepUndo = false } = {}) {
  // Any other change: the table replaced before is no longer offered back.
  if (!keepUndo && state.undo) {
    state.undo = null;
    table = true;
  }
  if (text) syncText();
  if (table) renderTable();
  renderMoves();
  renderCommon();
  disputeChanged(delay);
}

// A tap is answered at once; typing, once the fingers pause (`delay`, ms).
function disputeChanged(delay = TAP) {
  $("dispute-share-note")?.replaceChildren();
  updateUrl();
  save();
  scheduleVerdict(delay);
}

const TAP = 5;
const TYPING = 150;
const TYPING_TEXT = 500;

// What a table (typed, kept or linked) may hold at most, whatever the rules:
// the most players and cards any rule set's deck has (two decks: 20 players,
// 216 cards), names of 20 letters, and moves and text enough for any
// dispute. A link beyond them is refused, never opened nor kept.
const MOST_PLAYERS = 20;
const MOST_CARDS = 216;
const MOST_MOVES = 200;
const MOST_TEXT = 8000;
const NAME_LETTERS = 20;

// Taps -> text.
function syncText() {
  // Text not read yet (typed, or a link's) is kept until the engine reads it.
  if (!waiting()) {
    // A table nothing has been put on yet: the box is empty, an example in
    // the page's words in its place.
    $("dispute-situation").value = untouched() ? "" : writeSituation();
    state.situationDirty = false;
    state.textLang = state.lang;
  }
  $("dispute-moves").value = writeMoves();
  showReadError(null);
}

// Whether nothing has been put on the table yet (as a fresh page has it).
function untouched(table = state.table) {
  return !table.top && !table.players.some((p) => p.name) && writeSituation(table, "en") === writeSituation(freshTable(), "en");
}

// The situation's text has not been read into the taps and cannot be yet:
// the table is not tapped until it is (a tap would throw the text away).
function waiting() {
  return state.situationDirty && !state.ready && !state.engineFailed;
}

function showReadError(text) {
  const box = $("dispute-read-error");
  if (!box) return;
  box.hidden = !text;
  box.textContent = text ?? "";
}

// ----------------------------------------------------------------- the table

function stepper({ less, more, lessLabel, moreLabel, label, hook, lessDisabled = false, moreDisabled = false }) {
  return el(
    "span",
    { class: "dispute-stepper", dataset: hook },
    el("button", { type: "button", class: "dispute-button", "aria-label": lessLabel, disabled: lessDisabled, dataset: { step: "-" }, onclick: less }, "−"),
    el("span", { class: "dispute-stepper__value" }, label),
    el("button", { type: "button", class: "dispute-button", "aria-label": moreLabel, disabled: moreDisabled, dataset: { step: "+" }, onclick: more }, "+"),
  );
}

function openTopPicker() {
  const t = state.table;
  pickCard({
    title: L.top,
    // A top card in place of another leaves as many cards on the table.
    can: (code) => canPlace(code, { adds: !t.top, except: code === t.top ? 1 : 0 }),
    full: () => !t.top && cardsOn() >= deckSize(),
    done: (code) => {
      t.top = code;
      // A colour of the other side of a two-sided deck is not one to name.
      if (!isWild(code) || (t.colour && !wildColoursOf(sideOf(code)).includes(t.colour))) t.colour = null;
      state.lastRemoved = null;
      changed();
    },
  });
}

// A name typed (`final`: the field left): kept as cleanName() keeps it,
// and what was changed said under the field; a name another player has
// already is refused there (the field then empty), never taken.
function setName(seat, typed, final) {
  const p = state.table.players[seat];
  if (!p) return;
  const { name, spaces, left } = cleanName(typed);
  const [open, close] = QUOTES[PAGE];
  const twice = Boolean(name) && seatCalled(name, seat) >= 0;
  let note = null;
  if (twice) note = say("nameTwice", { name });
  else if (final && (spaces || left.length)) {
    const why = [spaces ? L.nameSpaces : null, left.length ? say("nameLeft", { chars: left.map((c) => `${open}${c}${close}`).join(" ") }) : null];
    note = say("nameKept", { name, why: why.filter(Boolean).join(", ") });
  }
  if (note) state.nameNote = { seat, text: note };
  else if (state.nameNote?.seat === seat) state.nameNote = null;
  const kept = twice ? "" : name;
  if (p.name === kept && !final) {
    renderTable();
    return;
  }
  p.name = kept;
  changed({ delay: final ? TAP : TYPING });
  if (final && kept) checkName(seat, kept);
}

// A name the notation would read as something else (play, top, Gr5): the
// library is asked; the name is taken back with a note.
async function checkName(seat, name) {
  if (!state.ready || !NOTATION_NAME.test(name)) return;
  let got;
  try {
    got = await call("read_situation", `top R1; hands ?1 / ?1; names ${name} Qzxvy`, PAGE);
  } catch {
    return;
  }
  const p = state.table.players[seat];
  if (got?.error === undefined || !p || p.name !== name) return;
  p.name = "";
  state.nameNote = { seat, text: say("nameWord", { name }) };
  const input = document.querySelector(`[data-name='${seat}']`);
  if (input) input.value = "";
  changed();
}

function renderTable() {
  const box = $("dispute-table");
  if (!box) return;
  const t = state.table;
  const top = el(
    "div",
    { class: "dispute-field dispute-topfield", "data-key": "top" },
    el("span", { class: "dispute-label" }, L.top),
    el(
      "button",
      {
        type: "button",
        class: "dispute-top",
        id: "dispute-top",
        "aria-label": t.top ? `${L.top}: ${cardName(t.top)}` : L.chooseTop,
        onclick: openTopPicker,
      },
      t.top ? cardView(t.top, { key: `top-${t.top}` }) : el("span", { class: "dispute-card dispute-card--empty", "data-key": "empty" }, el("span", {}, L.chooseTop)),
    ),
  );
  const parts = [];
  if (state.undo) {
    parts.push(
      el(
        "p",
        { class: "dispute-removed dispute-undo-note", id: "dispute-replaced", "data-key": "replaced", role: "status" },
        state.undo.said,
        " ",
        el("button", { type: "button", class: "dispute-linkbutton", id: "dispute-undo-replace", onclick: undoReplace }, `↶ ${L.undo}`),
      ),
    );
  }
  parts.push(top);
  if (t.top && isWild(t.top) && deckHasColours()) {
    parts.push(
      el(
        "div",
        { class: "dispute-field", id: "dispute-colour", "data-key": "colour" },
        el("span", { class: "dispute-label" }, L.colourInForce),
        colourButtons((c) => {
          t.colour = c;
          changed();
        }, t.colour, sideOf(t.top)),
      ),
    );
  }
  // As many players as the rules in force seat (two decks: 11 to 20); at a
  // limit, or outside (rules chosen after the players), the note says why.
  const seats = seatsOf();
  const n = t.players.length;
  const fewest = Math.max(2, Math.min(seats.least, n));
  const most = Math.min(MOST_PLAYERS, Math.max(seats.most, 2));
  const seatsNote =
    n < seats.least || n > seats.most
      ? say("playersOutside", { rules: seats.title, least: seats.least, most: seats.most, n })
      : n >= most || (n <= seats.least && seats.least > 2)
        ? say("playersLimit", { rules: seats.title, least: seats.least, most: seats.most })
        : null;
  parts.push(
    el(
      "div",
      { class: "dispute-field", "data-key": "players" },
      el("span", { class: "dispute-label" }, L.players),
      stepper({
        hook: { players: String(t.players.length) },
        label: String(t.players.length),
        lessLabel: L.fewerPlayers,
        moreLabel: L.morePlayers,
        lessDisabled: n <= fewest,
        moreDisabled: n >= most || cardsOn() >= deckSize(),
        less: () => {
          if (t.players.length <= fewest) return;
          // Tapped moves by (or against) the player who leaves go too, said
          // in a note while they still have a name.
          const left = t.players.length - 1;
          const gone = state.moves.filter((m) => m.raw === undefined && (m.seat >= left || (m.target ?? -1) >= left || (m.to ?? -1) >= left));
          state.goneNote = gone.length ? say("goneMoves", { moves: gone.map((m) => sayMove(m)).join("; ") }) : null;
          state.moves = state.moves.filter((m) => !gone.includes(m));
          if (state.draft && state.draft.seat >= left) state.draft = null;
          t.players.pop();
          if (t.turn >= t.players.length) t.turn = 0;
          if (t.dealer !== null && t.dealer >= t.players.length) t.dealer = null;
          changed();
        },
        more: () => {
          if (t.players.length >= most) return;
          // Seven cards, or as many as the deck has left (at least one).
          const left = deckSize() - cardsOn();
          if (left < 1) return;
          t.players.push({ name: "", known: [], count: Math.min(7, left) });
          changed();
        },
      }),
    ),
  );
  if (seatsNote) {
    parts.push(el("p", { class: "dispute-muted dispute-limit", id: "dispute-players-note", "data-key": "players-note", role: "status" }, seatsNote));
  }
  parts.push(el("p", { class: "dispute-muted", id: "dispute-hand-help", "data-key": "help" }, `${L.turnHelp} ${L.handHelp}`));
  const list = el("ol", { class: "dispute-players", "data-key": "list" });
  t.players.forEach((p, seat) => list.append(playerView(p, seat)));
  parts.push(list);
  if (cardsOn() >= deckSize()) {
    parts.push(el("p", { class: "dispute-muted dispute-limit", id: "dispute-deck-full", "data-key": "deck-full", role: "status" }, say("deckFull", { n: deckSize() })));
  }
  parts.push(
    el(
      "div",
      { class: "dispute-field", "data-key": "direction" },
      el("span", { class: "dispute-label" }, L.direction),
      el(
        "div",
        { class: "dispute-segmented", role: "group" },
        ["cw", "ccw"].map((d) =>
          el(
            "button",
            {
              type: "button",
              class: "dispute-button",
              "aria-pressed": String(t.direction === d),
              dataset: { direction: d },
              onclick: () => {
                t.direction = d;
                changed();
              },
            },
            d === "cw" ? `↻ ${L.cw}` : `↺ ${L.ccw}`,
          ),
        ),
      ),
    ),
  );
  parts.push(
    el(
      "details",
      {
        class: "dispute-draw",
        "data-key": "draw",
        open: state.drawOpen || (t.draw !== null && t.draw.length > 0),
        ontoggle: (event) => {
          state.drawOpen = event.target.open;
        },
      },
      el("summary", {}, L.drawPile),
      el("p", { class: "dispute-muted" }, L.drawPileHelp),
      el(
        "div",
        { class: "dispute-hand dispute-fan" },
        (t.draw ?? []).map((c, i) =>
          cardView(c, {
            key: `${i}-${c}`,
            label: say("removeCard", { card: cardName(c) }),
            class: "dispute-card--removable",
            onclick: () => {
              t.draw.splice(i, 1);
              if (!t.draw.length) t.draw = null;
              changed();
            },
          }),
        ),
        el(
          "button",
          {
            type: "button",
            class: "dispute-button dispute-add",
            id: "dispute-draw-add",
            "data-key": "add",
            onclick: () =>
              pickCard({
                title: L.drawPile,
                several: true,
                shown: () => t.draw ?? [],
                can: (code) => canPlace(code),
                full: () => cardsOn() >= deckSize(),
                done: (code) => {
                  t.draw = [...(t.draw ?? []), code];
                  changed();
                },
              }),
          },
          L.addCard,
        ),
        t.draw !== null
          ? el("button", { type: "button", class: "dispute-button", "data-key": "clear", onclick: () => { t.draw = null; changed(); } }, L.clear)
          : null,
      ),
    ),
  );
  const wait = waiting();
  box.inert = wait;
  box.classList.toggle("dispute-waiting", wait);
  draw(box, parts);
  const note = $("dispute-table-wait");
  if (wait && !note) box.before(el("p", { class: "dispute-muted", id: "dispute-table-wait", role: "status" }, L.tableWait));
  if (!wait) note?.remove();
}

function playerView(p, seat) {
  const t = state.table;
  const unknown = p.count - p.known.length;
  const label = person(seat);
  const turn = seat === t.turn;
  return el(
    "li",
    { class: `dispute-player${turn ? " dispute-player--turn" : ""}`, "data-key": `seat-${seat}`, dataset: { seat: String(seat) } },
    el(
      "div",
      { class: "dispute-player__head" },
      el(
        "button",
        {
          type: "button",
          class: "dispute-turn",
          title: `${L.turn}: ${label}`,
          "aria-label": `${L.turn}: ${label}`,
          "aria-pressed": String(turn),
          dataset: { turn: String(seat) },
          onclick: () => {
            t.turn = seat;
            changed();
          },
        },
        turn ? `▶ ${say("seat", { n: seat + 1 })}` : say("seat", { n: seat + 1 }),
        turn ? el("span", { class: "dispute-turn__mark" }, L.turnMark) : null,
      ),
      el("input", {
        type: "text",
        class: "dispute-name",
        placeholder: L.name,
        "aria-label": `${say("seat", { n: seat + 1 })}: ${L.name}`,
        value: p.name,
        maxlength: "20",
        autocomplete: "off",
        autocapitalize: "words",
        spellcheck: "false",
        enterkeyhint: "next",
        dataset: { name: String(seat) },
        oninput: (event) => setName(seat, event.target.value, false),
        // The keyboard's Enter goes to the next player's name (not to Settle).
        onkeydown: (event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          const next = document.querySelector(`[data-name='${seat + 1}']`);
          if (next) next.focus();
          else event.target.blur();
        },
        onchange: (event) => {
          setName(seat, event.target.value, true);
          event.target.value = state.table.players[seat]?.name ?? "";
          renderTable();
        },
      }),
    ),
    state.nameNote?.seat === seat ? el("p", { class: "dispute-muted", dataset: { nameNote: String(seat) } }, state.nameNote.text) : null,
    el(
      "div",
      { class: "dispute-player__hand" },
      el(
        "div",
        { class: "dispute-hand dispute-fan" },
        p.known.map((c, i) =>
          cardView(c, {
            key: `${i}-${c}`,
            label: say("removeCard", { card: cardName(c) }),
            class: "dispute-card--removable",
            onclick: () => {
              // The card leaves the hand: one card fewer (unless it is
              // kept as an unknown card, below).
              p.known.splice(i, 1);
              const before = p.count;
              p.count = Math.max(p.count - 1, p.known.length, 1);
              // The last card of a hand stays as an unknown card (a hand is
              // never empty): nothing more to keep.
              state.lastRemoved = { seat, card: c, kept: p.count === before };
              changed();
            },
          }),
        ),
        unknown > 0 ? unknownView(unknown) : null,
        el(
          "button",
          {
            type: "button",
            class: "dispute-button dispute-add",
            "data-key": "add",
            dataset: { add: String(seat) },
            onclick: () =>
              pickCard({
                title: label,
                several: true,
                shown: () => p.known,
                // A known card takes the place of an unknown one while the
                // hand has one; then it is one card more on the table.
                can: (code) => canPlace(code, { adds: p.count <= p.known.length }),
                full: () => p.count <= p.known.length && cardsOn() >= deckSize(),
                done: (code) => {
                  p.known.push(code);
                  if (p.count < p.known.length) p.count = p.known.length;
                  state.lastRemoved = null;
                  changed();
                },
              }),
          },
          L.addCard,
        ),
      ),
      // Never fewer cards than the known ones, nor none (a player without
      // cards has gone out: the round would be over); never more than the
      // deck has left.
      stepper({
        hook: { count: String(seat) },
        label: p.count === 1 ? L.card1 : say("cards", { n: p.count }),
        lessLabel: L.fewerCards,
        moreLabel: L.moreCards,
        lessDisabled: p.count <= Math.max(1, p.known.length),
        moreDisabled: cardsOn() >= deckSize(),
        less: () => {
          if (p.count <= Math.max(1, p.known.length)) return;
          p.count -= 1;
          changed();
        },
        more: () => {
          if (cardsOn() >= deckSize()) return;
          p.count += 1;
          changed();
        },
      }),
      el(
        "p",
        { class: "dispute-muted dispute-handline", dataset: { handline: String(seat) } },
        `${p.count === 1 ? L.card1 : say("cards", { n: p.count })}: `,
        p.known.length === 1 ? L.known1 : say("knownN", { n: p.known.length }),
        ", ",
        unknown === 1 ? L.unknown1 : say("unknownN", { n: unknown }),
      ),
      state.lastRemoved?.seat === seat
        ? el(
            "p",
            { class: "dispute-removed", dataset: { removed: String(seat) } },
            capitalised(say("removed", { card: cardName(state.lastRemoved.card), n: p.count })),
            " ",
            state.lastRemoved.kept ? null : el(
              "button",
              {
                type: "button",
                class: "dispute-linkbutton",
                dataset: { keepUnknown: String(seat) },
                disabled: cardsOn() >= deckSize(),
                onclick: () => {
                  if (cardsOn() >= deckSize()) return;
                  p.count += 1;
                  state.lastRemoved = null;
                  changed();
                },
              },
              L.keepUnknown,
            ),
          )
        : null,
    ),
  );
}

// What the table holds, in a word: its notation and moves (two tables are
// the same dispute when these are).
function tableNow() {
  const typed = state.situationDirty ? $("dispute-situation")?.value ?? "" : "";
  return `${writeSituation(state.table, "en")} | ${state.moves.map((m) => writeMove(m, "en")).join("; ")} | ${typed}`;
}

// Before the table is replaced (a common dispute, "Clear the table"): what
// it held, when it held anything, to be offered back (Undo) until the next
// change. `said`: the note that says what happened.
function keepForUndo(said) {
  const fresh = `${writeSituation(freshTable(), "en")} |  | `;
  const now = tableNow();
  const names = state.table.players.some((p) => p.name);
  state.undo =
    now === fresh && !names
      ? null
      : {
          said,
          table: structuredClone(state.table),
          moves: structuredClone(state.moves),
          situation: state.situationDirty ? $("dispute-situation").value : null,
          textLang: state.textLang,
        };
}

function undoReplace() {
  const kept = state.undo;
  if (!kept) return;
  state.undo = null;
  state.table = kept.table;
  state.moves = kept.moves;
  state.draft = null;
  state.goneNote = null;
  state.nameNote = null;
  state.lastRemoved = null;
  if (kept.situation !== null) {
    $("dispute-situation").value = kept.situation;
    state.situationDirty = true;
    state.textLang = kept.textLang;
  } else {
    state.situationDirty = false;
  }
  if (kept.situation !== null) $("dispute-moves").value = writeMoves();
  changed({ text: kept.situation === null });
}

// A common dispute laid out on the table, its moves entered (what the
// table held before is offered back).
function layOut(common) {
  const before = tableNow();
  keepForUndo(say("tableReplaced", { name: common.label[PAGE] }));
  const t = freshTable();
  t.top = common.top;
  t.players = common.hands.map(([known, count]) => ({ name: "", known: known ? known.split(" ") : [], count }));
  t.draw = common.draw ? [...common.draw] : null;
  state.table = t;
  state.moves = common.moves.map((m) => ({ ...m }));
  state.draft = null;
  state.goneNote = null;
  state.nameNote = null;
  state.lastRemoved = null;
  state.situationDirty = false;
  state.drawOpen = false;
  state.showAnswer = true;
  // The same dispute laid out again: nothing to take back.
  if (tableNow() === before) state.undo = null;
  changed({ keepUndo: true });
}

// The cards a common dispute lays out or plays.
function commonCards(common) {
  return [common.top, ...common.hands.flatMap(([known]) => (known ? known.split(" ") : [])), ...(common.draw ?? []), ...common.moves.map((m) => m.card)].filter(Boolean);
}

function renderCommon() {
  const box = $("dispute-common");
  if (!box) return;
  const current = writeSituation(state.table, "en") + " | " + state.moves.map((m) => writeMove(m, "en")).join("; ");
  // A common dispute about cards the deck in force lacks (All Wild's has
  // none of the classic cards) cannot be judged under it: not offered, and
  // a line says so.
  const shown = COMMON.filter((c) => !cards.deck || commonCards(c).every((code) => inDeck(code)));
  const hidden = COMMON.length - shown.length;
  const note = $("dispute-common-note");
  if (note) {
    const rules = force()?.title ?? quoted(rulesTitle(ruleString()));
    note.textContent = hidden ? say(shown.length ? "commonSomeHidden" : "commonNoneShown", { rules }) : "";
    note.hidden = !hidden;
  }
  const help = $("dispute-common-help");
  if (help) help.hidden = !shown.length;
  draw(
    box,
    shown.map((c) => {
      const table = freshTable();
      table.top = c.top;
      table.players = c.hands.map(([known, count]) => ({ name: "", known: known ? known.split(" ") : [], count }));
      table.draw = c.draw ?? null;
      const mine = writeSituation(table, "en") + " | " + c.moves.map((m) => writeMoveOn(m, table)).join("; ");
      return el(
        "button",
        {
          type: "button",
          class: "dispute-button dispute-common",
          "aria-pressed": String(mine === current),
          dataset: { common: c.key },
          onclick: () => layOut(c),
        },
        c.label[PAGE],
      );
    }),
  );
}

// A move of a common dispute as the notation writes it on its own table.
function writeMoveOn(move, table) {
  const kept = state.table;
  state.table = table;
  try {
    return writeMove(move, "en");
  } finally {
    state.table = kept;
  }
}

// ----------------------------------------------------------------- the moves

function addMove(move) {
  state.goneNote = null;
  state.moves.push(move);
  state.draft = null;
  changed({ table: false });
  // The move just made stays in sight (the panel it was made in is gone).
  keepInSight($("dispute-moves-section"));
}

// Bring `node` into the screen when it is not, without jumping when it is.
function keepInSight(node) {
  if (!node) return;
  const box = node.getBoundingClientRect();
  if (box.top >= 0 && box.top < innerHeight - 120) return;
  node.scrollIntoView({ behavior: "smooth", block: "start" });
}

function renderMoves() {
  const box = $("dispute-moves-taps");
  if (!box) return;
  const t = state.table;
  const parts = [];
  if (state.moves.length) {
    parts.push(
      el(
        "ol",
        { class: "dispute-movelist", id: "dispute-movelist", "data-key": "list" },
        state.moves.map((m) => {
          const said = sayMove(m);
          return el("li", { dataset: { move: writeMove(m) } }, said ?? el("code", {}, writeMove(m)));
        }),
      ),
    );
  } else {
    parts.push(el("p", { class: "dispute-muted", "data-key": "none" }, L.noMoves));
  }
  if (state.goneNote) parts.push(el("p", { class: "dispute-muted", id: "dispute-gone-note", "data-key": "gone" }, state.goneNote));
  parts.push(
    el(
      "div",
      { class: "dispute-inline", "data-key": "undo" },
      el(
        "button",
        {
          type: "button",
          class: "dispute-button",
          id: "dispute-undo",
          disabled: !state.moves.length,
          onclick: () => {
            state.moves.pop();
            state.draft = null;
            changed({ table: false });
          },
        },
        `↶ ${L.undo}`,
      ),
      el(
        "button",
        {
          type: "button",
          class: "dispute-button",
          disabled: !state.moves.length,
          onclick: () => {
            state.moves = [];
            state.draft = null;
            changed({ table: false });
          },
        },
        L.clearMoves,
      ),
    ),
  );
  parts.push(el("span", { class: "dispute-label", "data-key": "who" }, L.who));
  parts.push(
    el(
      "div",
      { class: "dispute-seats", role: "group", "data-key": "seats" },
      t.players.map((p, seat) =>
        el(
          "button",
          {
            type: "button",
            class: "dispute-button",
            "aria-pressed": String(state.draft?.seat === seat),
            dataset: { moveSeat: String(seat) },
            onclick: () => {
              state.draft = state.draft?.seat === seat ? null : { seat };
              renderMoves();
            },
          },
          person(seat),
        ),
      ),
    ),
  );
  const d = state.draft;
  // Only what the rules in force have: no challenge where no card can be
  // challenged, no colour chosen where a wild card names none (All Wild).
  const offered = ["play", "draw", "pass", "uno", "catch", ...(canChallenge() ? ["challenge"] : []), ...(deckHasColours() ? ["color"] : [])];
  if (d?.kind && !offered.includes(d.kind)) d.kind = undefined;
  if (d) {
    parts.push(el("span", { class: "dispute-label", "data-key": "what" }, say("what", { who: person(d.seat) })));
    const act = (kind, label) =>
      offered.includes(kind) &&
      el(
        "button",
        {
          type: "button",
          class: "dispute-button",
          "aria-pressed": String(d.kind === kind),
          dataset: { action: kind },
          onclick: () => {
            if (["draw", "pass", "uno", "challenge"].includes(kind)) addMove({ seat: d.seat, kind });
            else {
              d.kind = kind;
              d.offered = false;
              d.card = undefined;
              d.colour = undefined;
              renderMoves();
              // The choices that follow (a card, a colour, a player) in sight.
              const panel = $("dispute-moves-taps")?.lastElementChild;
              if (panel && panel.getBoundingClientRect().bottom > innerHeight - 90) {
                panel.scrollIntoView({ behavior: "smooth", block: "center" });
              }
            }
          },
        },
        label,
      );
    parts.push(
      el(
        "div",
        { class: "dispute-actions", role: "group", "data-key": "actions" },
        act("play", L.play),
        act("draw", L.draw),
        act("pass", L.pass),
        act("uno", L.uno),
        act("catch", L.catch),
        act("challenge", L.challenge),
        act("color", L.chooseColour),
      ),
    );
    if (d.kind === "play") parts.push(playPanel(d));
    if (d.kind === "catch") {
      parts.push(
        el("span", { class: "dispute-label", "data-key": "whom" }, L.whom),
        seatButtons(d.seat, (target) => addMove({ seat: d.seat, kind: "catch", target })),
      );
    }
    if (d.kind === "color") {
      parts.push(
        el("span", { class: "dispute-label", "data-key": "which" }, L.whichColour),
        colourButtons((colour) => addMove({ seat: d.seat, kind: "color", colour })),
      );
    }
  }
  draw(box, parts);
  renderGo();
}

function seatButtons(except, onpick, extra = null) {
  return el(
    "div",
    { class: "dispute-seats", role: "group", "data-key": "targets" },
    state.table.players.map((p, seat) =>
      seat === except
        ? null
        : el("button", { type: "button", class: "dispute-button", dataset: { target: String(seat) }, onclick: () => onpick(seat) }, person(seat)),
    ),
    extra,
  );
}

// Whether a play of `code` asks its player for a colour: a wild card
// does, unless the rules have none for it, or the next player names it (a
// Wild Colour Roulette under No Mercy).
function needsColour(code) {
  return isWild(code) && code !== "WC" && deckHasColours() && !colourByNext(code);
}

// Whether after a play of `code` the next player names the colour, not the
// player who lays it (in_force's colour_by_next, a Wild Colour Roulette
// under No Mercy). The rules in force, else, while their answer is on its
// way, the preset's (rules-<lang>.json), else the rules before.
function colourByNext(code) {
  let codes = force()?.colour_by_next;
  if (!codes && !state.ruleOverride) codes = state.rulesData?.presets?.find((p) => p.name === state.preset)?.colour_by_next;
  if (!codes) codes = lastForce()?.colour_by_next;
  return Array.isArray(codes) && codes.includes(code);
}

// After a verdict that leaves a player to name the colour (in settle's
// chooses_colour: the next player after a Wild Colour Roulette), the move
// builder offers that player's "Chooses a colour", its colours in sight;
// a move begun by hand is left as it is. The offer is no move begun: the
// button still settles.
function offerColour(result) {
  const d = state.draft;
  const seat = result?.error === undefined ? result?.chooses_colour : null;
  const fits = Number.isInteger(seat) && seat < state.table.players.length && !state.situationDirty && deckHasColours();
  if (d && !d.offered) return;
  const next = fits ? { seat, kind: "color", offered: true } : null;
  if (d?.seat === next?.seat && d?.kind === next?.kind) return;
  state.draft = next;
  renderMoves();
}

// What the library last said of the rules (unorules.web.in_force): the
// rules in force, else, while their answer is on its way, the rules before
// them (the page is drawn again when it comes); null before any answer.
function lastForce() {
  const f = force();
  if (f) return f;
  const before = state.rulesAnswer?.force;
  return before && before.error === undefined ? before : null;
}

// Whether a wild card names a colour under the rules (an edition's may
// not: All Wild names none): if not, no colour is asked, neither for a
// wild top card nor by a play, and no player chooses one. The rule set's
// own colours (in_force's wild_colours), never its name; before the
// library has answered about them, the preset's (rules-<lang>.json), else
// the classic rules' yes.
function deckHasColours(f = lastForce()) {
  let colours = f?.wild_colours ?? f?.colours;
  if (!f && !state.ruleOverride) colours = state.rulesData?.presets?.find((p) => p.name === state.preset)?.wild_colours;
  return !Array.isArray(colours) || colours.length > 0;
}

// Whether a play of `code` names a player to swap hands with: "required",
// "optional" or null (in_force's swaps; while the rules in force have not
// answered, a 7 under seven-zero as the rule string says, another card as
// the rules before said, a Wild Swap Hands before any answer).
function swapOf(code) {
  const f = force();
  if (f?.swaps) return f.swaps[code] ?? null;
  if (cardFace(code) === "7") return sevenZeroOn() ? "required" : null;
  const before = lastForce()?.swaps;
  if (before) return before[code] ?? null;
  return code === "WX" ? "required" : null;
}
function needsTarget(code) {
  return swapOf(code) !== null;
}

// How many cards the player a play of `code` names draws (in_force's
// named_draws: a Wild Targeted Draw Two's 2), 0 for a card that names none.
function drawsNamed(code) {
  return lastForce()?.named_draws?.[code] ?? 0;
}
function needsDrawer(code) {
  return drawsNamed(code) > 0;
}

// Whether some card can be challenged under the rules (none can under
// challenge.none: All Wild, the children's rules); before the library
// has answered, yes.
function canChallenge() {
  return lastForce()?.challenge !== false;
}

function playPanel(d) {
  const hand = state.table.players[d.seat]?.known ?? [];
  const chosen = (code) => {
    d.card = code;
    if (!needsColour(code) && !needsTarget(code) && !needsDrawer(code)) addMove({ seat: d.seat, kind: "play", card: code });
    else renderMoves();
  };
  const panel = el("div", { class: "dispute-play", "data-key": "play" });
  if (!d.card) {
    if (hand.length) {
      panel.append(
        el("span", { class: "dispute-label" }, L.fromHand),
        el(
          "div",
          { class: "dispute-hand dispute-fan" },
          [...new Set(hand)].map((c) => cardView(c, { key: c, dataset: { play: c }, onclick: () => chosen(c) })),
        ),
      );
    }
    panel.append(
      el(
        "button",
        {
          type: "button",
          class: "dispute-button",
          dataset: { otherCard: "" },
          // A card from the hand's unknown cards: one of the deck's copies
          // not on the table.
          onclick: () => pickCard({ title: L.pickCard, can: (code) => hand.includes(code) || canPlace(code, { adds: false }), done: (code) => chosen(code) }),
        },
        L.otherCard,
      ),
    );
    return panel;
  }
  panel.append(cardView(d.card, { key: `chosen-${d.card}` }));
  if (needsColour(d.card) && !d.colour) {
    panel.append(
      el("span", { class: "dispute-label" }, L.whichColour),
      colourButtons((colour) => {
        d.colour = colour;
        if (needsTarget(d.card) || needsDrawer(d.card)) renderMoves();
        else addMove({ seat: d.seat, kind: "play", card: d.card, colour });
      }, null, sideOf(d.card)),
    );
    return panel;
  }
  if (needsDrawer(d.card)) {
    // A Wild Targeted Draw Two: the player names who draws (`to SEAT`),
    // also with the last card.
    panel.append(
      el("span", { class: "dispute-label", "data-key": "who-draws" }, L.whoDraws),
      seatButtons(d.seat, (to) => addMove({ seat: d.seat, kind: "play", card: d.card, colour: d.colour, to })),
    );
    return panel;
  }
  panel.append(
    el("span", { class: "dispute-label" }, L.swapWith),
    seatButtons(
      d.seat,
      (target) => addMove({ seat: d.seat, kind: "play", card: d.card, colour: d.colour, target }),
      // A Wild Swap Hands (or Forced Swap) must name a player, unless it is
      // the player's last card, which swaps nothing.
      swapOf(d.card) === "required" && isWild(d.card) && (state.table.players[d.seat]?.count ?? 0) > 1
        ? null
        : el(
            "button",
            { type: "button", class: "dispute-button", onclick: () => addMove({ seat: d.seat, kind: "play", card: d.card, colour: d.colour }) },
            L.noSwap,
          ),
    ),
  );
  return panel;
}

// ----------------------------------------------------------------- the rules' controls

// The groups of house rules left open stay open when the controls are drawn again.
const openConcerns = new Set();

function rulesChanged() {
  saveRules();
  // The swap target of a 7 depends on the rules: a card half entered is
  // chosen again under the new ones.
  if (state.draft?.kind === "play") {
    state.draft.card = undefined;
    state.draft.colour = undefined;
  }
  renderRules();
  renderMoves();
  renderTable();
  renderComparePicker();
  disputeChanged();
  if (state.ready) rulesInForce();
}

function renderRules() {
  const box = $("dispute-rules-box");
  if (!box) return;
  const data = state.rulesData;
  const answer = state.rulesAnswer?.key === rulesKey() ? state.rulesAnswer : null;
  const f = force();
  const select = el(
    "select",
    {
      id: "dispute-rules",
      value: state.preset,
      onchange: (event) => {
        state.preset = event.target.value;
        state.choices = {};
        state.ruleOverride = null;
        rulesChanged();
      },
    },
    presetNames().map((name) => el("option", { value: name }, rulesTitle(name))),
  );
  const description = data?.presets.find((p) => p.name === state.preset)?.description;
  const parts = [
    el("label", { class: "dispute-field", "data-key": "preset" }, el("span", { class: "dispute-label" }, L.preset), select),
    description ? el("p", { class: "dispute-muted", "data-key": "description" }, description) : null,
  ];
  if (!data) {
    parts.push(el("p", { class: "dispute-muted", id: "dispute-rules-missing", "data-key": "missing" }, L.rulesUnavailable));
  } else {
    parts.push(el("span", { class: "dispute-label", "data-key": "house" }, L.houseRules));
    const own = defaultsOf(state.preset);
    // The house rules first: what a family switches most.
    const concerns = [...data.concerns].sort((a, b) => (b.key === "house") - (a.key === "house"));
    for (const concern of concerns) {
      const group = el(
        "details",
        {
          class: "dispute-concern",
          "data-key": `concern-${concern.key}`,
          open: openConcerns.has(concern.key),
          dataset: { concern: concern.key },
          ontoggle: (event) => {
            if (event.target.open) openConcerns.add(concern.key);
            else openConcerns.delete(concern.key);
          },
        },
      );
      const summary = el("summary", {}, concern.title);
      group.append(summary);
      let changedHere = 0;
      for (const choice of concern.choices) {
        const chosen = state.choices[choice.key] === undefined ? own[choice.key] ?? null : state.choices[choice.key];
        const current = f ? f.choices?.[choice.key] ?? null : chosen;
        // Held by another rule chosen, not by this switch.
        const implied = ruleOf(current) !== ruleOf(chosen) && current !== null ? el("em", { class: "dispute-implied", dataset: { implied: current } }, ` (${L.implied})`) : null;
        if (current !== (own[choice.key] ?? null)) changedHere += 1;
        const set = (value) => {
          state.choices = { ...state.choices, [choice.key]: value };
          state.ruleOverride = null;
          rulesChanged();
        };
        const numbered = (option) =>
          option.number && ruleOf(current) === option.id ? ruleStepper(option, current, (n) => set(`${option.id}=${n}`)) : null;
        if (choice.options.length === 1) {
          const option = choice.options[0];
          group.append(
            el(
              "label",
              { class: "dispute-switch", dataset: { choice: choice.key } },
              el("input", {
                type: "checkbox",
                role: "switch",
                checked: ruleOf(current) === option.id,
                dataset: { rule: option.id },
                onchange: (event) => set(event.target.checked ? option.id : null),
              }),
              el("span", {}, el("strong", {}, option.title), ruleOf(current) === option.id ? implied : null, option.summary ? el("small", {}, option.summary) : null),
            ),
          );
          const steps = numbered(option);
          if (steps) group.append(steps);
        } else {
          const name = `dispute-choice-${choice.key}`;
          const radios = el("fieldset", { class: "dispute-radios", dataset: { choice: choice.key } });
          const radio = (id, title, summaryText) =>
            el(
              "label",
              { class: "dispute-radio" },
              el("input", { type: "radio", name, value: id ?? "", checked: ruleOf(current) === id, dataset: { rule: id ?? "" }, onchange: () => set(id) }),
              el("span", {}, el("strong", {}, title), ruleOf(current) === id ? implied : null, summaryText ? el("small", {}, summaryText) : null),
            );
          for (const o of choice.options) {
            radios.append(radio(o.id, o.title, o.summary));
            const steps = numbered(o);
            if (steps) radios.append(steps);
          }
          if (!choice.required) radios.append(radio(null, L.noReading, null));
          group.append(radios);
        }
      }
      if (changedHere) summary.append(el("span", { class: "dispute-badge" }, String(changedHere)));
      parts.push(group);
    }
  }
  if (answer?.force?.error !== undefined) {
    parts.push(
      el("p", { class: "dispute-error", id: "dispute-rules-error", role: "alert", "data-key": "error" }, rulesProblem(answer.force)),
      el("details", { class: "dispute-details", "data-key": "error-details" }, el("summary", {}, L.details), el("pre", { class: "dispute-error" }, answer.force.error)),
    );
  }
  parts.push(
    el(
      "details",
      { class: "dispute-details", "data-key": "details" },
      el("summary", {}, L.details),
      el(
        "p",
        { class: "dispute-ruleset" },
        `${L.ruleSet} `,
        el("code", { id: "dispute-ruleset" }, ruleString()),
        " ",
        el("span", { class: "dispute-muted" }, L.remembered),
      ),
    ),
  );
  draw(box, parts);
}

// ----------------------------------------------------------------- the verdict

function status(text, done, total) {
  $("dispute-status-text").textContent = text;
  const bar = $("dispute-progress");
  if (total === undefined) {
    bar.hidden = true;
  } else {
    bar.hidden = false;
    bar.max = total;
    bar.value = done;
  }
}

// The library's text with `notation` between backticks shown as code (as
// text nodes: nothing in it is read as HTML).
function rich(value) {
  return String(value ?? "")
    .split("`")
    .map((part, i) => (i % 2 ? el("code", {}, part) : part))
    .filter((part) => part !== "");
}

function pageOf(id) {
  return state.rulesData?.pages?.[id];
}

const QUOTES = { en: ["“", "”"], sv: ["”", "”"], nb: ["«", "»"] };

// A verdict's text with the rule IDs the library names in it ("it breaks
// action.wild-draw-four") said as the rules' titles, quoted in the
// verdict's language: the IDs stay in the details.
function titled(text, result) {
  const titles = new Map(Object.entries(state.rulesData?.titles ?? {}));
  for (const c of result?.cited ?? []) if (c.title) titles.set(c.id, c.title);
  if (!titles.size) return String(text ?? "");
  const [open, close] = QUOTES[result?.lang] ?? QUOTES[PAGE];
  return String(text ?? "").replace(/(?<![\w.-])[a-z][a-z0-9-]*(?:\.[a-z0-9=-]+)+(?![\w-])/g, (word) => {
    const bare = word.replace(/\.$/, "");
    const title = titles.get(bare);
    return title ? `${open}${title}${close}${word.slice(bare.length)}` : word;
  });
}

// What the dispute lacks before a verdict can be given, said as the
// button says it; null when nothing.
function missing() {
  if (state.situationDirty) return null; // the typed text is judged as it is
  if (!state.table.top) return "missingTop";
  // A wild top card says the colour in force: it is chosen under it.
  if (isWild(state.table.top) && !state.table.colour && deckHasColours()) return "missingColour";
  if (!state.moves.length) return "missingMove";
  return null;
}

// The cards on the table that the deck of the rule set in force lacks.
function notInDeck() {
  if (!cards.deck || state.situationDirty) return [];
  const t = state.table;
  const codes = [t.top, ...t.players.flatMap((p) => p.known), ...(t.draw ?? []), ...state.moves.map((m) => m.card)];
  return [...new Set(codes.filter((c) => c && !inDeck(c)))];
}

// A message from the library in a family's words: its first line (a
// mistake in typed text is pointed at under the text box), the rule IDs a
// refused rule set lists left to the details.
function plainError(text) {
  const first = String(text).split("\n")[0];
  return first.replace(/\s*\((?:[a-z][a-z0-9-]*\.[a-z0-9.=-]+(?:, )?)+\)/g, "");
}

// The parts of a rule-set string the page knows neither as a preset nor as
// a rule (a hand-made link's).
function unknownParts(text) {
  if (!state.rulesData) return [];
  const known = new Set([...presetNames(), ...Object.keys(state.rulesData.titles ?? {})]);
  return String(text)
    .split("+")
    .map((part) => part.trim())
    .filter((part) => part && !known.has(part) && !/^[a-z][a-z0-9.-]*=/.test(part));
}

// Why the rules in force cannot be played, for a family: the library's own
// sentence where it says so in a family's words (two rules that contradict
// are named by their titles), a sentence of the page's own otherwise.
function rulesProblem(force) {
  if (force?.error === undefined) return null;
  if (unknownParts(state.rulesAnswer?.text ?? ruleString()).length) return L.unknownRules;
  const plain = plainError(force.error);
  // A rule ID, a slot or notation left in it: not a family's sentence.
  return /[a-z]\.[a-z]|`|\bslot\b/.test(plain) ? L.rulesRefused : plain;
}

// What the page says of a dispute the library refuses: its sentence for a
// family (unorules.web's `said`); else, when the rules cannot be played,
// that; else, when typed text cannot be read, where to look; else that the
// table cannot be judged (the library's own words are in the details).
function refusal(result, textError = false) {
  if (result.said) return result.said;
  if (rulesProblem(force() ?? state.rulesAnswer?.force)) return L.rulesRefused;
  return textError ? L.textError : L.cannotJudge;
}

function details(...children) {
  return el("details", { class: "dispute-details" }, el("summary", {}, L.details), ...children);
}

// The library's notes on what a verdict assumes about cards nobody gave.
function assumed(result) {
  return el(
    "div",
    { class: "dispute-assumes" },
    el("p", {}, L.assumes),
    el("ul", { style: "margin:0.2rem 0 0.6rem;padding-left:1.2rem" }, result.assumes.map((a) => el("li", {}, rich(titled(a, result))))),
  );
}

function showVerdict(result, context) {
  const out = $("dispute-verdict");
  out.classList.remove("dispute-verdict--stale");
  delete out.dataset.short;
  const notation = el(
    "p",
    { class: "dispute-notation" },
    `${L.notation} `,
    el("code", {}, context.situation),
    " · ",
    el("code", {}, context.moves || "–"),
    " · ",
    el("code", {}, context.rules),
  );
  if (result.error !== undefined) {
    draw(
      out,
      el("p", { class: "dispute-error dispute-error--plain", role: "alert" }, refusal(result, context.textError)),
      details(el("pre", { class: "dispute-error" }, result.error), notation),
    );
    out.dataset.state = "error";
    return;
  }
  const cited = result.cited ?? result.rule_ids.map((id) => ({ id, title: id, page: pageOf(id) }));
  draw(
    out,
    el("p", { class: `dispute-headline dispute-headline--${result.verdict.replace(" ", "-")}` }, rich(titled(result.headline || result.short, result))),
    result.next ? el("p", { class: "dispute-next" }, rich(titled(result.next, result))) : null,
    result.depends ? el("p", { class: "dispute-depends" }, L.depends) : null,
    // What the verdict assumes about cards nobody gave: when the verdict
    // itself would not change with them but what it counts does (the cards
    // a player draws, the points), in sight under it; when the verdict would
    // change, the sentence above says so, and the notes are in the details.
    result.assumes.length && !result.depends ? assumed(result) : null,
    cited.length
      ? el(
          "p",
          { class: "dispute-cited" },
          `${L.cited} `,
          cited.map((c, i) => [
            i ? ", " : "",
            c.page ? el("a", { href: `../${c.page}`, dataset: { cited: c.id } }, c.title || c.id) : el("span", {}, c.title || c.id),
          ]),
        )
      : null,
    result.moves.length > 1
      ? el(
          "details",
          { class: "dispute-steps" },
          el("summary", {}, L.eachMove),
          el(
            "ol",
            {},
            result.moves.map((m) => el("li", { dataset: { move: m.move } }, el("strong", {}, m.said ?? m.move), el("br"), rich(titled(m.short, result)))),
          ),
        )
      : null,
    details(
      el("p", { class: "dispute-ids" }, `${L.ruleIds} `, el("code", {}, result.rule_ids.join(", ") || "–")),
      notation,
      result.assumes.length && result.depends ? assumed(result) : null,
    ),
  );
  out.dataset.state = "done";
  out.dataset.short = result.short;
}

// A verdict that cannot be given yet: what is missing, in the verdict's
// place (and on the button).
function showMissing(key) {
  const out = $("dispute-verdict");
  out.classList.remove("dispute-verdict--stale");
  delete out.dataset.short;
  draw(out, el("p", { class: "dispute-missing" }, L[key]));
  out.dataset.state = "missing";
}

function showNotInDeck(codes) {
  const out = $("dispute-verdict");
  out.classList.remove("dispute-verdict--stale");
  delete out.dataset.short;
  draw(
    out,
    el(
      "p",
      { class: "dispute-error dispute-error--plain", role: "alert" },
      say("notInDeck", { cards: capitalised(codes.map((c) => cardLabel(c)).join("; ")), rules: rulesTitle(ruleString()) }),
    ),
  );
  out.dataset.state = "error";
}

function showWaitingForEngine() {
  const out = $("dispute-verdict");
  if (["done", "error"].includes(out.dataset.state)) return;
  draw(out, el("p", { class: "dispute-muted dispute-waiting-note" }, L.waitingVerdict));
  out.dataset.state = "waiting";
}

// The answer on screen belongs to an older dispute: it is greyed, said to
// be updating, and never taken for the current one (data-state).
function markUpdating(out, text) {
  if (!out || !["done", "error"].includes(out.dataset.state)) return;
  out.dataset.state = "updating";
  out.classList.add("dispute-verdict--stale");
  if (!out.querySelector("[data-stale]")) out.prepend(el("p", { class: "dispute-stale", role: "status", dataset: { stale: "" } }, text));
}

// ----------------------------------------------------------------- live

let generation = 0;
let timer = null;
let changedAt = performance.now();

// A verdict for the dispute as it is now, soon: changes coming fast one
// after another (typing) are answered once.
function scheduleVerdict(delay = TAP) {
  generation += 1;
  changedAt = performance.now();
  markUpdating($("dispute-verdict"), L.updating);
  markUpdating($("dispute-compare-out"), L.updatingRows);
  renderGo();
  clearTimeout(timer);
  timer = setTimeout(() => settle(), delay);
}

function settle(options = {}) {
  clearTimeout(timer);
  return guarded($("dispute-verdict"), () => settleNow(options));
}

// Anything unexpected (a bug, the engine failing mid-way) is said where the
// answer would be, and the page stays usable.
async function guarded(out, run) {
  try {
    await run();
  } catch (error) {
    draw(out, el("p", { class: "dispute-error" }, say("oops", { error: error?.message ?? String(error) })));
    out.classList.remove("dispute-verdict--stale");
    out.dataset.state = "error";
  }
}

async function settleNow({ scroll = false } = {}) {
  const mine = generation;
  // Whether a wild top card needs its colour is the rules in force's to
  // say (All Wild's names none, whatever house rules are switched on):
  // their answer first, once the engine can give it.
  if (state.ready && !state.engineFailed && !force() && !state.situationDirty && state.table.top && isWild(state.table.top)) {
    await rulesInForce();
    if (mine !== generation) return;
  }
  const gap = missing();
  renderGo();
  if (gap) {
    showMissing(gap);
    return;
  }
  if (state.engineFailed) {
    showEngineFailed();
    return;
  }
  if (!state.ready) {
    showWaitingForEngine();
    return;
  }
  const t0 = changedAt;
  let textError = false;
  if (state.situationDirty) textError = !(await readText());
  if (mine !== generation) return;
  const answer = await rulesInForce();
  if (mine !== generation) return;
  const lacking = notInDeck();
  if (lacking.length && answer.force?.error === undefined) {
    showNotInDeck(lacking);
    finish(t0, scroll);
    return;
  }
  const situation = $("dispute-situation").value;
  const moves = $("dispute-moves").value;
  const rules = answer.text;
  const lang = state.lang;
  const names = named() ? [] : players();
  // English verdicts too name the cards by their words (blue draw two), as
  // the moves above are said.
  const result = await call("settle", situation, moves, rules, lang, names, true);
  if (mine !== generation) return;
  showVerdict(result, { situation, moves, rules, textError: textError && result.error !== undefined });
  offerColour(result);
  finish(t0, scroll);
  if (state.tab === "compare") runCompare();
}

function finish(t0, scroll) {
  const out = $("dispute-verdict");
  out.dataset.ms = String(Math.round(performance.now() - t0));
  try {
    performance.mark("unorules:verdict");
  } catch {
    // No User Timing: nothing to mark.
  }
  updateUrl();
  save();
  if (state.pending || scroll || state.showAnswer) showAnswer();
  state.pending = false;
  state.showAnswer = false;
  renderGo();
}

// The button under the thumb: what is missing, the engine being awaited,
// or Settle (which scrolls to the answer).
// A move begun and not finished (a card or a colour still to choose, a
// player to point at): the button says so and does not settle without it.
function unfinished() {
  const d = state.draft;
  return d && !d.offered && ["play", "catch", "color"].includes(d.kind) ? "missingFinish" : null;
}

// What the button says is missing: the top card (and its colour), else a
// move begun, else a move.
function buttonGap() {
  const gap = missing();
  return gap === "missingTop" || gap === "missingColour" ? gap : (unfinished() ?? gap);
}

function renderGo() {
  const button = $("dispute-submit");
  if (!button) return;
  const gap = buttonGap();
  button.disabled = state.engineFailed;
  button.dataset.missing = gap ?? "";
  button.textContent = state.engineFailed
    ? L.settle
    : gap
      ? L[gap]
      : state.ready
        ? L.settle
        : state.pending
          ? L.settlePending
          : L.settleWaiting;
}

function press() {
  const gap = buttonGap();
  if (gap === "missingTop") {
    openTopPicker();
    return;
  }
  if (gap === "missingColour") {
    $("dispute-colour")?.scrollIntoView({ behavior: "smooth", block: "center" });
    $("dispute-colour")?.querySelector("button")?.focus({ preventScroll: true });
    return;
  }
  if (gap === "missingMove" || gap === "missingFinish") {
    $("dispute-moves-section").scrollIntoView({ behavior: "smooth", block: "start" });
    return;
  }
  if (!state.ready) {
    state.pending = true;
    renderGo();
    return;
  }
  settle({ scroll: true });
}

// Text -> taps: read_situation once the engine is ready. Resolves to false
// when the text could not be read (the error shown under the box).
async function readText() {
  if ($("dispute-moves").value !== writeMoves()) {
    state.moves = splitMoves($("dispute-moves").value);
    renderMoves();
  }
  if (!state.situationDirty) return true;
  if (!state.ready) {
    showReadError(say("readLater"));
    return false;
  }
  const text = $("dispute-situation").value;
  // Read in the language it was written in (a link's, or the verdict's
  // when it was typed); the taps then write it in the verdict's.
  const got = await call("read_situation", text, state.textLang ?? state.lang);
  // How many texts were read, for whoever waits for one (a test).
  $("dispute-text").dataset.read = String(Number($("dispute-text").dataset.read ?? 0) + 1);
  if ($("dispute-situation").value !== text) return false; // typed on meanwhile
  if (got.error !== undefined) {
    showReadError(got.error);
    return false;
  }
  showReadError(null);
  const hands = got.hands ?? [];
  // The names of the link that the notation could not write (player=).
  const linkNames = state.linkPlayers?.length === hands.length ? state.linkPlayers : [];
  state.linkPlayers = [];
  const names = got.names?.length ? got.names : linkNames.map((name) => cleanName(name).name);
  const table = {
    top: got.top ?? null,
    colour: got.colour ?? null,
    players: hands.map((h, i) => ({
      name: names[i] && names.findIndex((other) => other.toLocaleLowerCase() === names[i].toLocaleLowerCase()) === i ? names[i] : "",
      known: [...(h.known ?? [])],
      count: (h.known ?? []).length + (h.unknown ?? 0),
    })),
    turn: got.turn ?? 0,
    direction: got.direction ?? "cw",
    draw: got.draw ?? null,
    discard: got.discard ?? null,
    dealer: got.dealer ?? null,
    scores: got.scores ?? null,
    seed: got.seed ?? 0,
    clock: got.clock ?? null,
  };
  // More than the deck of the rules holds (or more players than any deck
  // seats): never drawn, never kept.
  const rules = await rulesInForce();
  if ($("dispute-situation").value !== text) return false;
  const size = deckSize();
  const why =
    table.players.length > MOST_PLAYERS
      ? say("tooManyPlayers", { n: MOST_PLAYERS })
      : cardsOn(table) > size
        ? say("tooManyCards", { count: cardsOn(table), n: size, rules: rules.force?.title ?? quoted(rulesTitle(rules.text)) })
        : null;
  if (why) {
    const fromLink = state.fromLink;
    state.situationDirty = false;
    state.fromLink = false;
    state.textLang = state.lang;
    if (fromLink && state.beforeLink) Object.assign(state, state.beforeLink);
    state.beforeLink = null;
    syncText();
    if (fromLink) refuseLink(why);
    else showReadError(say("textRefused", { why }));
    updateUrl();
    save();
    renderTable();
    renderMoves();
    renderTabs();
    return false;
  }
  state.table = table;
  state.fromLink = false;
  state.situationDirty = false;
  // Typed text stays as typed, unless it was written in another language
  // than the verdict's (a link's, then the language switched): then the
  // verdict's codes.
  if ((state.textLang ?? state.lang) !== state.lang) $("dispute-situation").value = writeSituation();
  state.textLang = state.lang;
  // The moves again, now that the names and seats are known (a move by a
  // seat the table no longer has stays as written, with its number).
  state.moves = splitMoves($("dispute-moves").value);
  if (state.draft && state.draft.seat >= state.table.players.length) state.draft = null;
  state.lastRemoved = null;
  renderTable();
  renderMoves();
  renderCommon();
  save();
  return true;
}

// ----------------------------------------------------------------- compare

function showCompare(result) {
  const out = $("dispute-compare-out");
  out.classList.remove("dispute-verdict--stale");
  if (result.error !== undefined) {
    draw(out, el("p", { class: "dispute-error dispute-error--plain" }, refusal(result)), details(el("pre", { class: "dispute-error" }, result.error)));
    out.dataset.state = "error";
    return;
  }
  // A rule set that cannot judge the dispute comes with its error (and
  // differs from one that can).
  const said = (r) => (r.error !== undefined ? `error ${r.error}` : `${r.verdict}|${r.headline}|${r.next}`);
  draw(
    out,
    el(
      "ol",
      { class: "dispute-rows" },
      result.rows.map((row, i) => {
        const differs = i > 0 && said(row) !== said(result.rows[0]);
        return el(
          "li",
          { class: `dispute-cmp${differs ? " dispute-cmp--differs" : ""}`, dataset: { rules: row.rules, differs: String(differs) } },
          el(
            "div",
            { class: "dispute-cmp__head" },
            el("strong", {}, rulesTitle(row.rules)),
            i === 0
              ? el("span", { class: "dispute-badge" }, L.ours)
              : el("span", { class: differs ? "dispute-badge dispute-badge--differs" : "dispute-badge dispute-badge--same" }, differs ? L.differs : L.same),
          ),
          row.error !== undefined
            ? el("p", { class: "dispute-error dispute-error--plain" }, row.said ?? L.cannotJudge)
            : el("p", { class: "dispute-cmp__headline" }, rich(titled(row.headline || row.short, result))),
          row.next ? el("p", { class: "dispute-cmp__next" }, rich(titled(row.next, result))) : null,
          // "move 1 (0 play R7) is refused first, so ...": said as a sentence.
          row.stopped ? el("p", { class: "dispute-muted", dataset: { stopped: String(row.stopped_at) } }, `${capitalised(row.stopped)}.`) : null,
          row.error !== undefined ? details(el("pre", { class: "dispute-error" }, row.error)) : null,
        );
      }),
    ),
  );
  out.dataset.state = "done";
}

function compareSets() {
  const ours = ruleString();
  return [ours, ...state.compare.filter((s) => s !== ours)];
}

function runCompare() {
  return guarded($("dispute-compare-out"), compareNow);
}

async function compareNow() {
  if (!state.ready || missing()) return;
  const mine = generation;
  if (state.situationDirty) await readText();
  const answer = await rulesInForce();
  if (mine !== generation) return;
  const sets = [answer.text, ...state.compare.filter((s) => s !== answer.text)];
  if (sets.length < 2) {
    showCompare({ error: L.compareTwo, said: L.compareTwo });
    return;
  }
  const result = await call("compare", $("dispute-situation").value, $("dispute-moves").value, sets.join(","), state.lang, named() ? [] : players(), true);
  if (mine !== generation) return;
  showCompare(result);
  updateUrl();
}

// A compare needs two rule sets: ours and at least one other.
function compareButton() {
  const button = $("dispute-compare");
  if (!button) return;
  const few = compareSets().length < 2;
  button.disabled = few;
  let note = $("dispute-compare-few");
  if (few && !note) {
    note = el("p", { class: "dispute-muted", id: "dispute-compare-few" }, L.compareTwo);
    button.after(note);
  }
  if (!few) note?.remove();
}

function renderComparePicker() {
  const box = $("dispute-compare-sets");
  if (!box) return;
  const names = [...presetNames(), ...state.compare.filter((s) => !presetNames().includes(s))];
  draw(
    box,
    names.map((name) =>
      el(
        "label",
        { class: "dispute-check", "data-key": name },
        el("input", {
          type: "checkbox",
          value: name,
          checked: state.compare.includes(name),
          dataset: { compare: name },
          onchange: (event) => {
            state.compare = event.target.checked ? [...state.compare, name] : state.compare.filter((s) => s !== name);
            compareButton();
            save();
            markUpdating($("dispute-compare-out"), L.updatingRows);
            if (compareSets().length >= 2) runCompare();
          },
        }),
        rulesTitle(name),
      ),
    ),
  );
  compareButton();
}

function renderTabs() {
  for (const tab of ["verdict", "compare"]) {
    $(`dispute-tab-${tab}`).setAttribute("aria-selected", String(state.tab === tab));
    $(`dispute-panel-${tab}`).hidden = state.tab !== tab;
  }
}

// ----------------------------------------------------------------- share

// The dispute as a link's fragment: the text boxes (a situation not read
// yet in the language it was written in, the moves then in its codes too),
// the rules, the language of the text; the players' names the notation
// cannot write (player=, one a seat); the compare tab's rule sets.
function fragment() {
  const params = new URLSearchParams();
  const lang = state.situationDirty ? state.textLang : state.lang;
  params.set("situation", $("dispute-situation").value || (state.situationDirty ? "" : writeSituation()));
  params.set("moves", recode($("dispute-moves").value, state.lang, lang));
  params.set("rules", ruleString());
  params.set("lang", lang);
  addPlayers(params);
  if (state.tab === "compare") params.set("compare", state.compare.join(","));
  return params.toString();
}

function addPlayers(params) {
  if (state.situationDirty || named()) return;
  const t = state.table;
  if (t.players.some((p) => p.name)) for (const p of t.players) params.append("player", p.name);
}

function updateUrl() {
  if (!$("dispute-situation")) return;
  try {
    history.replaceState(history.state, "", `${location.pathname}${location.search}#${fragment()}`);
  } catch {
    // Too many changes too fast for this browser: the next one writes it.
  }
  updateLangLinks();
}

// The dispute as the page in `lang` should open it: the situation and the
// moves in that language's colour codes and the verdict in that language;
// typed text not read into the taps goes as it is, in its own language.
function fragmentFor(lang) {
  const typed = state.situationDirty || state.moves.some((m) => m.raw !== undefined);
  if (typed || !LANGS.includes(lang)) return fragment();
  const params = new URLSearchParams();
  params.set("situation", writeSituation(state.table, lang));
  params.set("moves", state.moves.map((m) => writeMove(m, lang)).join("; "));
  params.set("rules", ruleString());
  params.set("lang", lang);
  addPlayers(params);
  if (state.tab === "compare") params.set("compare", state.compare.join(","));
  return params.toString();
}

// The dispute page in `lang` (/dispute/, /sv/dispute/, /nb/dispute/).
function pageIn(lang) {
  return new URL(lang === "en" ? "dispute/" : `${lang}/dispute/`, siteRoot());
}

// The theme's language selector (its links to /sv/dispute/, /nb/dispute/,
// /dispute/) keeps the dispute: otherwise switching language loses the table.
function updateLangLinks() {
  for (const link of document.querySelectorAll(".md-select a[hreflang]")) {
    const lang = link.getAttribute("hreflang").split("-")[0];
    const href = link.getAttribute("href").split("#")[0];
    link.setAttribute("href", `${href}#${fragmentFor(lang)}`);
    if (!link.dataset.dispute) {
      // The theme follows these links itself, to the same path under the
      // other language with this page's own fragment: the href (the
      // dispute written for that language) is followed instead.
      link.dataset.dispute = "";
      link.addEventListener("click", (event) => event.stopPropagation());
    }
  }
}

async function share() {
  updateUrl();
  const url = location.href;
  const note = $("dispute-share-note");
  note.replaceChildren();
  if (navigator.share && matchMedia("(pointer: coarse)").matches) {
    try {
      await navigator.share({ title: document.title, url });
      return;
    } catch (error) {
      if (error?.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    note.append(L.copied);
  } catch {
    note.append(L.copyThis, " ", el("input", { type: "text", readonly: true, value: url, class: "dispute-link", onfocus: (e) => e.target.select() }));
  }
}

// The dispute of a shared link: its text, language and compare tab at once,
// its rules once the rule-set controls' data is there.
function readFragment() {
  const hash = location.hash.replace(/^#/, "");
  if (!hash.includes("=")) return null;
  // Longer than any table's link: refused before it is even decoded.
  if (hash.length > 4 * MOST_TEXT) return { hash, refused: L.tooLong };
  const params = new URLSearchParams(hash);
  if (!params.has("situation") && !params.has("moves")) return null;
  const lang = params.get("lang");
  // A rule-set string has no spaces: a hand-written + decodes to one.
  const rules = (params.get("rules") ?? "").trim().replace(/\s+/g, "+");
  const linked = {
    hash,
    situation: params.get("situation") ?? "",
    moves: params.get("moves") ?? "",
    rules: rules || null,
    // What the link leaves out is what a fresh page has: the page's
    // language, the verdict tab (and the rules remembered, in the caller).
    lang: LANGS.includes(lang) ? lang : PAGE,
    compare: params.has("compare") ? params.get("compare").split(",").map((s) => s.trim()).filter(Boolean) : null,
    players: params.getAll("player"),
  };
  linked.refused = tooMuch(linked);
  return linked;
}

// What a link (or a text) holds beyond what any table can (MOST_*), said
// for "The link was not opened: ..."; null when nothing. What the deck of
// the rules holds is checked once the text is read (readText).
function tooMuch({ situation, moves, rules = "", players = [] }) {
  if (situation.length > MOST_TEXT || moves.length > MOST_TEXT || String(rules ?? "").length > 1000) return L.tooLong;
  if (moves.split(";").filter((m) => m.trim()).length > MOST_MOVES) return say("tooManyMoves", { n: MOST_MOVES });
  if (players.length > MOST_PLAYERS) return say("tooManyPlayers", { n: MOST_PLAYERS });
  if (players.some((name) => [...name].length > NAME_LETTERS)) return say("nameTooLong", { n: NAME_LETTERS });
  // A hand of more unknown cards than any deck has (?20000).
  const unknown = [...situation.matchAll(/\?(\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
  if (unknown > MOST_CARDS) return say("tooManyAnyDeck", { count: unknown, n: MOST_CARDS });
  return null;
}

// A link's dispute in the page: its text in the text boxes, to be read and
// settled, its language and tab.
function showLink(linked) {
  // What the page showed, back if the link is refused once read.
  state.beforeLink = {
    moves: state.moves,
    compare: state.compare,
    tab: state.tab,
    preset: state.preset,
    choices: state.choices,
    ruleOverride: state.ruleOverride,
  };
  state.compare = linked.compare ?? [...DEFAULT_COMPARE];
  state.tab = linked.compare ? "compare" : "verdict";
  $("dispute-situation").value = linked.situation;
  state.situationDirty = true;
  // The text is read in the link's language; the page (and its verdict)
  // stays in its own: the moves' cards in the page's codes.
  state.textLang = linked.lang;
  state.linkPlayers = linked.players ?? [];
  state.fromLink = true;
  const moves = recode(linked.moves, linked.lang, state.lang);
  state.moves = splitMoves(moves);
  state.draft = null;
  $("dispute-moves").value = moves;
  state.pending = true;
  // A link opens with the answer a tap away, at the top of the page.
  if (!$("dispute-jump")) {
    $("dispute-status").after(el("button", { type: "button", id: "dispute-jump", class: "dispute-button dispute-jump", onclick: showAnswer }, L.jump));
  }
}

// A link that holds more than a table can (tooMuch(), or more cards than
// the deck once read): not opened, its fragment taken off the address (the
// page then keeps and shares the dispute it shows instead), the reason said
// at the top.
function refuseLink(why, key = "linkRefused") {
  try {
    history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  } catch {
    // The address keeps it until the next change writes the dispute's own.
  }
  $("dispute-link-refused")?.remove();
  $("dispute-status").after(el("p", { class: "dispute-error", id: "dispute-link-refused", role: "alert" }, say(key, { why })));
}

// The answer scrolled into view (under the theme's header).
function showAnswer() {
  $("dispute-answer").scrollIntoView({ behavior: "smooth", block: "start" });
}

// ----------------------------------------------------------------- the page

function section(title, id, ...children) {
  return el("section", { class: "dispute-section", id }, el("h2", {}, title), ...children);
}

function build() {
  const form = el(
    "form",
    {
      id: "dispute-form",
      class: "dispute-board",
      onsubmit: (event) => {
        event.preventDefault();
        press();
      },
    },
    section(
      L.common,
      "dispute-common-section",
      el("p", { class: "dispute-muted", id: "dispute-common-help" }, L.commonHelp),
      el("div", { id: "dispute-common", class: "dispute-commons" }),
      el("p", { class: "dispute-muted dispute-common-note", id: "dispute-common-note", role: "status", hidden: true }),
    ),
    el(
      "section",
      { class: "dispute-section", id: "dispute-table-section" },
      el(
        "div",
        { class: "dispute-section__head" },
        el("h2", {}, L.table),
        el(
          "button",
          {
            type: "button",
            class: "dispute-linkbutton",
            id: "dispute-clear",
            onclick: () => {
              keepForUndo(L.tableCleared);
              state.table = freshTable();
              state.moves = [];
              state.draft = null;
              state.situationDirty = false;
              state.goneNote = null;
              state.nameNote = null;
              state.lastRemoved = null;
              changed({ keepUndo: true });
            },
          },
          L.clearTable,
        ),
      ),
      el("div", { id: "dispute-table" }),
    ),
    section(L.moves, "dispute-moves-section", el("div", { id: "dispute-moves-taps" })),
    section(L.rules, "dispute-rules-section", el("div", { id: "dispute-rules-box" })),
    el(
      "section",
      { class: "dispute-section dispute-answer", id: "dispute-answer" },
      el(
        "label",
        { class: "dispute-field" },
        el("span", { class: "dispute-label" }, L.verdictLang),
        el(
          "select",
          {
            id: "dispute-lang",
            value: PAGE,
            // The whole page speaks one language: another one opens the
            // dispute page in that language, with the same dispute.
            onchange: async (event) => {
              const lang = event.target.value;
              if (!LANGS.includes(lang) || lang === PAGE) return;
              if (state.situationDirty && state.ready) await readText();
              save();
              location.assign(`${pageIn(lang).href}#${fragmentFor(lang)}`);
            },
          },
          LANGS.map((l) => el("option", { value: l }, LANG_NAMES[l])),
        ),
      ),
      el(
        "div",
        { class: "dispute-tabs", id: "dispute-tabs", role: "tablist" },
        ["verdict", "compare"].map((tab) =>
          el(
            "button",
            {
              type: "button",
              role: "tab",
              id: `dispute-tab-${tab}`,
              "aria-controls": `dispute-panel-${tab}`,
              onclick: () => {
                state.tab = tab;
                renderTabs();
                updateUrl();
                save();
                if (tab === "compare") runCompare();
              },
            },
            tab === "verdict" ? L.tabVerdict : L.tabCompare,
          ),
        ),
      ),
      el(
        "div",
        { id: "dispute-panel-verdict", role: "tabpanel", class: "dispute-panel" },
        el("div", { id: "dispute-verdict", class: "dispute-verdict", "aria-live": "polite" }),
      ),
      el(
        "div",
        { id: "dispute-panel-compare", role: "tabpanel", class: "dispute-panel", hidden: true },
        el("p", { class: "dispute-label" }, L.compareWith),
        el("div", { id: "dispute-compare-sets", class: "dispute-checks" }),
        el("button", { type: "button", id: "dispute-compare", class: "dispute-button", onclick: () => runCompare() }, L.compare),
        el("div", { id: "dispute-compare-out", class: "dispute-verdict", "aria-live": "polite" }),
      ),
      el("button", { type: "button", id: "dispute-share", class: "dispute-button", onclick: share }, `⤴ ${L.share}`),
      el("p", { id: "dispute-share-note", class: "dispute-muted", "aria-live": "polite" }),
    ),
    el(
      "details",
      { class: "dispute-section dispute-text", id: "dispute-text" },
      el("summary", {}, L.asText),
      el("p", { class: "dispute-muted" }, L.textHelp),
      el("label", { for: "dispute-situation", class: "dispute-label" }, L.situation),
      el("textarea", {
        id: "dispute-situation",
        rows: "3",
        placeholder: L.situationExample,
        autocapitalize: "off",
        autocomplete: "off",
        spellcheck: "false",
        oninput: () => {
          if (!state.situationDirty) state.textLang = state.lang;
          state.situationDirty = true;
          state.fromLink = false;
          if (!state.ready) renderTable();
          renderGo();
          disputeChanged(TYPING_TEXT);
        },
        onchange: async () => {
          if (await readText()) scheduleVerdict();
        },
      }),
      el("label", { for: "dispute-moves", class: "dispute-label" }, L.movesText),
      el("input", {
        id: "dispute-moves",
        type: "text",
        autocapitalize: "off",
        autocomplete: "off",
        spellcheck: "false",
        oninput: (event) => {
          state.moves = splitMoves(event.target.value);
          state.draft = null;
          renderMoves();
          renderCommon();
          disputeChanged(TYPING_TEXT);
        },
      }),
      el("pre", { id: "dispute-read-error", class: "dispute-error", hidden: true, role: "alert" }),
      el("button", { type: "button", class: "dispute-button", id: "dispute-read", onclick: async () => { if (await readText()) scheduleVerdict(); } }, L.read),
    ),
    el(
      "div",
      { class: "dispute-go" },
      el("button", { type: "submit", id: "dispute-submit", class: "dispute-button dispute-primary" }, L.settleWaiting),
    ),
  );
  $("dispute-status").after(form);
}

// The engine's progress, then its answer: ready (the verdicts come), or
// unavailable (the table can still be tapped).
async function startEngine() {
  const progress = (step, done, total) => {
    if (!state.ready && !state.engineFailed) status(L[step] ?? step, done, total);
  };
  let got;
  try {
    got = adapt(await engineModule.loadEngine(progress));
    engineGot(got);
    await got.ready;
  } catch (error) {
    engineGot(null);
    engineFailed(error);
    return;
  }
  engineReady(got);
}

// Why the engine could not start, in a sentence of the page's language
// (engine.js gives the reason: see its top).
function failureSaid(error) {
  const message = error?.message ?? String(error);
  const reason = error?.reason ?? (message === "unavailable" ? "unavailable" : "error");
  switch (reason) {
    case "network":
      return L.failNetwork;
    case "unavailable":
      return L.unavailable;
    case "manifest":
      return L.failManifest;
    case "missing":
      return say("failMissing", { error: message });
    case "server":
      return say("failServer", { error: message });
    default:
      return say("failed", { error: message });
  }
}

function retryButton(id) {
  return el("button", { type: "button", id, class: "dispute-button dispute-retry", onclick: retry }, L.retry);
}

function engineFailed(error) {
  const said = failureSaid(error);
  state.failure = said;
  state.retryable = (error?.reason ?? "") !== "unavailable" && error?.message !== "unavailable";
  status(said);
  $("dispute-progress").hidden = true;
  $("dispute-retry")?.remove();
  if (state.retryable) $("dispute-status").append(retryButton("dispute-retry"));
  root.dataset.engine = "unavailable";
  root.dataset.engineFailure = error?.reason ?? "error";
  // Nothing will read the text now: the table can be tapped again.
  state.engineFailed = true;
  renderTable();
  renderGo();
  showEngineFailed();
}

// The verdict's place while the engine could not start: no promise of a
// verdict, but why there is none, and a way to try again.
function showEngineFailed() {
  const out = $("dispute-verdict");
  if (!out || !state.engineFailed) return;
  out.classList.remove("dispute-verdict--stale");
  delete out.dataset.short;
  draw(
    out,
    el("p", { class: "dispute-error dispute-error--plain", role: "alert" }, state.failure ?? L.noVerdict),
    el("p", { class: "dispute-muted" }, L.noVerdict),
    state.retryable ? retryButton("dispute-retry-verdict") : null,
  );
  out.dataset.state = "failed";
}

// "Try again": a new engine in place of the one that could not start.
function retry() {
  if (!state.engineFailed) return;
  state.engineFailed = false;
  state.failure = null;
  $("dispute-retry")?.remove();
  delete root.dataset.engine;
  delete root.dataset.engineFailure;
  $("dispute-status").hidden = false;
  status(L.loading, 0, 1);
  engineModule.retryEngine?.();
  awaitEngine();
  const out = $("dispute-verdict");
  out.dataset.state = "waiting";
  draw(out, el("p", { class: "dispute-muted dispute-waiting-note" }, L.waitingVerdict));
  renderTable();
  renderGo();
  startEngine();
}

async function engineReady(got) {
  state.ready = true;
  status(L.ready);
  $("dispute-progress").hidden = true;
  // Nothing to say once ready: the status line goes.
  $("dispute-status").hidden = true;
  root.dataset.engine = "ready";
  root.dataset.steps = got.steps || document.documentElement.dataset.engineSteps || "";
  root.dataset.loadMs = String(Math.round(performance.now() - started));
  renderGo();
  // Typed (or linked) text is read back into the taps now.
  if (state.situationDirty) await readText();
  renderTable();
  // A name typed meanwhile that the notation cannot take.
  state.table.players.forEach((p, seat) => {
    if (p.name) checkName(seat, p.name);
  });
  await rulesInForce();
  renderRules();
  scheduleVerdict(0);
}

const started = performance.now();

async function main() {
  if (!root) return;
  status(L.loading, 0, 1);
  // The house rules' labels and the cards' words come first (a small
  // JSON), the engine alongside.
  const rulesLoaded = fetch(new URL(`engine/rules-${PAGE}.json`, siteRoot()))
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  startEngine();
  loadRules();
  let linked = readFragment();
  if (linked?.refused) {
    refuseLink(linked.refused);
    linked = null;
  }
  const saved = loadSaved();
  build();
  // A link wins over what this device kept, unless it is the very dispute
  // kept (this page's own address, reloaded).
  const ours = saved && (!linked || linked.hash === saved.fragment);
  // The dispute kept first: a link's table takes its place once read (and
  // it stays, should the link hold more than a table can).
  if (saved) restore(saved);
  if (linked && !ours) {
    showLink(linked);
    if (linked.rules) state.ruleOverride = linked.rules;
  }
  $("dispute-lang").value = PAGE;
  if (!state.situationDirty) syncText();
  renderTable();
  renderMoves();
  renderCommon();
  renderRules();
  renderTabs();
  renderGo();
  state.rulesData = await rulesLoaded;
  if (state.rulesData) {
    setCardData(state.rulesData.colours, state.rulesData.faces);
    if (!presetNames().includes(state.preset)) {
      state.preset = "official";
      state.choices = {};
    }
  }
  cleanChoices();
  if (!ours && linked?.rules) applyRuleString(linked.rules);
  if (ours && saved.ruleOverride) applyRuleString(saved.ruleOverride);
  renderTable();
  renderRules();
  renderMoves();
  renderCommon();
  renderComparePicker();
  updateLangLinks();
  scheduleVerdict(0);
  // Another dispute's link followed on this page (only the fragment changes).
  window.addEventListener("hashchange", () => {
    const next = readFragment();
    if (!next) return;
    if (next.refused) {
      refuseLink(next.refused);
      updateUrl();
      return;
    }
    $("dispute-link-refused")?.remove();
    showLink(next);
    if (next.rules) applyRuleString(next.rules);
    else {
      state.preset = "official";
      state.choices = {};
      state.ruleOverride = null;
      loadRules();
      cleanChoices();
    }
    state.rulesAnswer = null;
    renderTable();
    renderMoves();
    renderCommon();
    renderRules();
    renderComparePicker();
    renderTabs();
    if (state.ready) rulesInForce();
    scheduleVerdict(0);
  });
}

// The dispute kept on this device, back on the page.
function restore(saved) {
  state.table = saved.table;
  state.tab = saved.tab;
  state.compare = saved.compare;
  state.ruleOverride = saved.ruleOverride;
  state.moves = saved.moves.map((m) => ({ ...m }));
  if (saved.situation !== null) {
    $("dispute-situation").value = saved.situation;
    state.situationDirty = true;
    state.textLang = saved.textLang;
    $("dispute-moves").value = writeMoves();
  }
}

main();
