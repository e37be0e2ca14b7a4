// The dispute page: set the table and the moves by tapping (or type them),
// pick the rules, and the library's own Python (unorules.web, run by
// Pyodide from this site's engine/) gives the verdict.
//
// The text boxes hold what is judged: every tap writes them, and text typed
// there is read back into the taps (unorules.web.read_situation). The whole
// dispute goes into the URL's fragment:
//   #situation=...&moves=...&rules=...&lang=...[&compare=a,b]

import { loadEngine, plain, siteRoot } from "./engine.js";

// ----------------------------------------------------------------- words

const LABELS = {
  en: {
    stale: "The table, the moves or the rules have changed since this answer: press “Settle it” for a new one.",
    staleCompare: "Changed since these rows: press “Compare” for new ones.",
    jump: "The answer ↓",
    turnMark: "turn",
    turnHelp: "▶ marks whose turn it is: tap a seat to give it the turn.",
    card1: "1 card",
    known1: "1 known",
    knownN: "{n} known",
    unknown1: "1 unknown",
    unknownN: "{n} unknown",
    handHelp: "Known cards are part of the count; + and − change the unknown cards.",
    removed: "{card} removed: {n} in the hand now.",
    keepUnknown: "Keep it as an unknown card",
    python: "Loading Python…",
    library: "Installing the library…",
    ready: "Ready.",
    loading: "Loading the engine…",
    unavailable: "The engine is unavailable: this build of the site has no engine/ folder.",
    failed: "The engine could not be loaded: {error}",
    table: "The table",
    top: "Top card",
    notChosen: "not chosen",
    colourInForce: "Colour in force",
    players: "Players",
    fewerPlayers: "Fewer players",
    morePlayers: "More players",
    seat: "Seat {n}",
    name: "Name (optional)",
    cards: "{n} cards",
    fewerCards: "One card fewer",
    moreCards: "One card more",
    addCard: "+ Card",
    unknown: "{n} unknown",
    removeCard: "Remove {card}",
    turn: "Turn",
    toPlay: "to play",
    direction: "Direction",
    cw: "Clockwise",
    ccw: "Counter-clockwise",
    drawPile: "Draw pile (optional, top first)",
    drawPileHelp: "Only where the dispute depends on the cards drawn. Without it, the rest of the deck is shuffled.",
    clear: "Clear",
    moves: "The moves",
    who: "Who makes the move?",
    what: "What does {who} do?",
    play: "Plays a card",
    fromHand: "From the hand:",
    otherCard: "Another card…",
    draw: "Draws",
    pass: "Passes",
    uno: "Calls UNO",
    catch: "Points out a missed UNO",
    challenge: "Challenges",
    chooseColour: "Chooses a colour",
    whichColour: "Which colour?",
    whom: "Who forgot to call UNO?",
    swapWith: "Swaps hands with",
    noSwap: "No swap",
    undo: "Undo",
    clearMoves: "Clear the moves",
    noMoves: "No moves yet: tap a player, then what they do.",
    asText: "As text",
    situation: "Situation",
    movesText: "Moves (separated by ;)",
    read: "Read the text",
    readLater: "The text is read once the engine is ready.",
    rules: "Our rules",
    preset: "Preset",
    ruleSet: "Rule set:",
    noReading: "Not in play",
    remembered: "Remembered on this device.",
    rulesUnavailable: "The house rules could not be loaded: only the presets can be chosen.",
    verdictLang: "Language of the verdict",
    settle: "Settle it",
    settleWaiting: "Settle it (waiting for the engine…)",
    settlePending: "Settles as soon as the engine is ready…",
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
    eachMove: "Each move",
    pickCard: "Choose a card",
    wild: "Wild",
    done: "Done",
    cancel: "Cancel",
    ours: "ours",
    change: "Change",
    namesAll: "Names are used once every player has one; until then the seats' numbers are.",
    implied: "comes with the other rules chosen",
    compareTwo: "Choose at least one other rule set to compare with.",
    oops: "Something went wrong on this page: {error}. Reload it to start again.",
    nameDropped: "Only letters and - go in a name: {dropped} left out.",
    nameWord: "“{name}” cannot be a name: in a move it may stand before a seat number, so the move could not tell the player from the word.",
    tableWait: "The table of the link (or the text typed) is read as soon as the engine is ready: until then it cannot be changed by tapping.",
    goneMoves: "Moves by a seat no longer at the table were dropped: {moves}.",
  },
  sv: {
    stale: "Bordet, dragen eller reglerna har ändrats sedan det här svaret – tryck Avgör för ett nytt svar.",
    staleCompare: "Ändrat sedan de här raderna – tryck Jämför för nya.",
    jump: "Svaret ↓",
    turnMark: "tur",
    turnHelp: "▶ visar vems tur det är: tryck på en plats för att ge den turen.",
    card1: "1 kort",
    known1: "1 känt",
    knownN: "{n} kända",
    unknown1: "1 okänt",
    unknownN: "{n} okända",
    handHelp: "De kända korten räknas in i antalet; + och − ändrar de okända.",
    removed: "{card} borttaget: nu {n} kort i handen.",
    keepUnknown: "Behåll det som ett okänt kort",
    python: "Laddar Python…",
    library: "Installerar biblioteket…",
    ready: "Klar.",
    loading: "Laddar motorn…",
    unavailable: "Motorn saknas: den här versionen av webbplatsen har ingen engine/-mapp.",
    failed: "Motorn gick inte att ladda: {error}",
    table: "Bordet",
    top: "Översta kortet",
    notChosen: "inte valt",
    colourInForce: "Färgen som gäller",
    players: "Spelare",
    fewerPlayers: "Färre spelare",
    morePlayers: "Fler spelare",
    seat: "Plats {n}",
    name: "Namn (valfritt)",
    cards: "{n} kort",
    fewerCards: "Ett kort färre",
    moreCards: "Ett kort till",
    addCard: "+ Kort",
    unknown: "{n} okända",
    removeCard: "Ta bort {card}",
    turn: "Tur",
    toPlay: "ska spela",
    direction: "Riktning",
    cw: "Medurs",
    ccw: "Moturs",
    drawPile: "Draghögen (valfritt, översta först)",
    drawPileHelp: "Bara när tvisten hänger på vilka kort som dras. Annars blandas resten av leken.",
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
    undo: "Ångra",
    clearMoves: "Rensa dragen",
    noMoves: "Inga drag än: tryck på en spelare och sedan på vad den gör.",
    asText: "Som text",
    situation: "Läget",
    movesText: "Drag (skilj dem åt med ;)",
    read: "Läs in texten",
    readLater: "Texten läses in när motorn är klar.",
    rules: "Våra regler",
    preset: "Färdig regeluppsättning",
    ruleSet: "Regeluppsättning:",
    noReading: "Inte med",
    remembered: "Sparas på den här enheten.",
    rulesUnavailable: "Husreglerna gick inte att ladda: bara de färdiga regeluppsättningarna går att välja.",
    verdictLang: "Utslagets språk",
    settle: "Avgör",
    settleWaiting: "Avgör (väntar på motorn…)",
    settlePending: "Avgörs så fort motorn är klar…",
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
    eachMove: "Varje drag",
    pickCard: "Välj ett kort",
    wild: "Svart",
    done: "Klar",
    cancel: "Avbryt",
    ours: "våra",
    change: "Ändra",
    namesAll: "Namnen används när alla spelare har ett; tills dess används platsernas nummer.",
    implied: "följer med de andra valda reglerna",
    compareTwo: "Välj minst en annan regeluppsättning att jämföra med.",
    oops: "Något gick fel på sidan: {error}. Ladda om den för att börja om.",
    nameDropped: "Bara bokstäver och - går i ett namn: {dropped} togs bort.",
    nameWord: "”{name}” kan inte vara ett namn: i ett drag kan ordet stå före ett platsnummer, så draget kunde inte skilja spelaren från ordet.",
    tableWait: "Länkens bord (eller texten du skrivit) läses in så fort motorn är klar: tills dess går det inte att ändra genom att trycka.",
    goneMoves: "Drag av en plats som inte längre finns vid bordet togs bort: {moves}.",
  },
  nb: {
    stale: "Bordet, handlingene eller reglene er endret siden dette svaret – trykk Avgjør for et nytt svar.",
    staleCompare: "Endret siden disse radene – trykk Sammenlign for nye.",
    jump: "Svaret ↓",
    turnMark: "tur",
    turnHelp: "▶ viser hvem sin tur det er: trykk på en plass for å gi den turen.",
    card1: "1 kort",
    known1: "1 kjent",
    knownN: "{n} kjente",
    unknown1: "1 ukjent",
    unknownN: "{n} ukjente",
    handHelp: "De kjente kortene regnes med i antallet; + og − endrer de ukjente.",
    removed: "{card} fjernet: nå {n} kort på hånden.",
    keepUnknown: "Behold det som et ukjent kort",
    python: "Laster Python…",
    library: "Installerer biblioteket…",
    ready: "Klar.",
    loading: "Laster motoren…",
    unavailable: "Motoren mangler: denne versjonen av nettstedet har ingen engine/-mappe.",
    failed: "Motoren kunne ikke lastes: {error}",
    table: "Bordet",
    top: "Øverste kort",
    notChosen: "ikke valgt",
    colourInForce: "Fargen som gjelder",
    players: "Spillere",
    fewerPlayers: "Færre spillere",
    morePlayers: "Flere spillere",
    seat: "Plass {n}",
    name: "Navn (valgfritt)",
    cards: "{n} kort",
    fewerCards: "Ett kort færre",
    moreCards: "Ett kort til",
    addCard: "+ Kort",
    unknown: "{n} ukjente",
    removeCard: "Fjern {card}",
    turn: "Tur",
    toPlay: "skal spille",
    direction: "Retning",
    cw: "Med klokken",
    ccw: "Mot klokken",
    drawPile: "Trekkebunken (valgfritt, øverste først)",
    drawPileHelp: "Bare når krangelen avhenger av hvilke kort som trekkes. Ellers stokkes resten av kortstokken.",
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
    undo: "Angre",
    clearMoves: "Tøm handlingene",
    noMoves: "Ingen handlinger ennå: trykk på en spiller og så på hva den gjør.",
    asText: "Som tekst",
    situation: "Stillingen",
    movesText: "Handlinger (skill dem med ;)",
    read: "Les inn teksten",
    readLater: "Teksten leses inn når motoren er klar.",
    rules: "Våre regler",
    preset: "Ferdig regelsett",
    ruleSet: "Regelsett:",
    noReading: "Ikke med",
    remembered: "Lagres på denne enheten.",
    rulesUnavailable: "Husreglene kunne ikke lastes: bare de ferdige regelsettene kan velges.",
    verdictLang: "Språket i avgjørelsen",
    settle: "Avgjør",
    settleWaiting: "Avgjør (venter på motoren…)",
    settlePending: "Avgjøres så snart motoren er klar…",
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
    eachMove: "Hver handling",
    pickCard: "Velg et kort",
    wild: "Svart",
    done: "Ferdig",
    cancel: "Avbryt",
    ours: "våre",
    change: "Endre",
    namesAll: "Navnene brukes når alle spillerne har ett; til da brukes plassenes nummer.",
    implied: "følger med de andre valgte reglene",
    compareTwo: "Velg minst ett annet regelsett å sammenligne med.",
    oops: "Noe gikk galt på siden: {error}. Last den inn på nytt for å begynne igjen.",
    nameDropped: "Bare bokstaver og - kan stå i et navn: {dropped} ble fjernet.",
    nameWord: "«{name}» kan ikke være et navn: i en handling kan ordet stå foran et plassnummer, så handlingen kunne ikke skille spilleren fra ordet.",
    tableWait: "Lenkens bord (eller teksten du skrev) leses inn så snart motoren er klar: til da kan det ikke endres ved å trykke.",
    goneMoves: "Handlinger fra en plass som ikke lenger er ved bordet, ble fjernet: {moves}.",
  },
};

const LANGS = ["en", "sv", "nb"];
const LANG_NAMES = { en: "English", sv: "Svenska", nb: "Norsk bokmål" };
const COLOURS = ["red", "yellow", "green", "blue"];
const COLOUR_WORDS = {
  en: { red: "red", yellow: "yellow", green: "green", blue: "blue" },
  sv: { red: "röd", yellow: "gul", green: "grön", blue: "blå" },
  nb: { red: "rød", yellow: "gul", green: "grønn", blue: "blå" },
};
// The colour codes a text is read with: under sv and nb a bare G is refused.
const COLOUR_CODES = {
  en: { red: "R", yellow: "Y", green: "G", blue: "B" },
  sv: { red: "R", yellow: "Gu", green: "Gr", blue: "B" },
  nb: { red: "R", yellow: "Gu", green: "Gr", blue: "B" },
};
const ENGLISH_COLOUR = { R: "red", Y: "yellow", G: "green", B: "blue" };
const FACES = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"];
const WILDS = ["W", "W+4", "WS", "WX", "WC"];
const FACE_WORDS = {
  en: { S: "Skip", R: "Reverse", "+2": "Draw Two", W: "Wild", "W+4": "Wild Draw Four", WS: "Wild Shuffle Hands", WX: "Wild Swap Hands", WC: "blank card" },
  sv: { S: "Hoppa över", R: "Byt riktning", "+2": "Dra två", W: "Välj färg", "W+4": "Dra fyra", WS: "Blanda händer", WX: "Byt händer", WC: "blankt kort" },
  nb: { S: "Stå over", R: "Snu", "+2": "Trekk 2", W: "Skift farge", "W+4": "Trekk 4", WS: "Stokkekort", WX: "Bytt hender", WC: "blankt kort" },
};

// The moves being entered, said as sentences (the notation stays in the
// text box): {who} and {target} are names (or seats), {card} a card's name.
const MOVE_WORDS = {
  en: {
    play: "{who} plays {card}",
    names: ", names {colour}",
    swap: ", swaps hands with {target}",
    draw: "{who} draws",
    pass: "{who} passes",
    uno: "{who} calls UNO",
    catch: "{who} points out that {target} did not call UNO",
    challenge: "{who} challenges",
    color: "{who} names {colour}",
  },
  sv: {
    play: "{who} lägger {card}",
    names: ", väljer {colour}",
    swap: ", byter hand med {target}",
    draw: "{who} drar",
    pass: "{who} passar",
    uno: "{who} ropar UNO",
    catch: "{who} påpekar att {target} inte ropat UNO",
    challenge: "{who} utmanar",
    color: "{who} väljer {colour}",
  },
  nb: {
    play: "{who} legger {card}",
    names: ", velger {colour}",
    swap: ", bytter hånd med {target}",
    draw: "{who} trekker",
    pass: "{who} passer",
    uno: "{who} roper UNO",
    catch: "{who} sier fra om at {target} ikke har ropt UNO",
    challenge: "{who} utfordrer",
    color: "{who} velger {colour}",
  },
};

const $ = (id) => document.getElementById(id);
const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const root = $("dispute");
const PAGE = LANGS.includes(root?.dataset.pageLang)
  ? root.dataset.pageLang
  : LANGS.includes(document.documentElement.lang)
    ? document.documentElement.lang
    : "en";
const L = LABELS[PAGE];
const say = (key, values = {}) =>
  L[key].replace(/\{(\w+)\}/g, (_, k) => (values[k] === undefined ? `{${k}}` : String(values[k])));

// An element: el("button", {class: "x", onclick: f, dataset: {...}}, child, "text", ...)
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// ----------------------------------------------------------------- cards
// A card is its English code ("R7", "G+2", "W+4"), as read_situation gives it.

function cardColour(code) {
  return code.startsWith("W") ? null : ENGLISH_COLOUR[code[0]];
}
function cardFace(code) {
  return code.startsWith("W") ? code : code.slice(1);
}
function cardCode(code, lang) {
  const colour = cardColour(code);
  return colour === null ? code : COLOUR_CODES[lang][colour] + cardFace(code);
}
function cardName(code, lang) {
  const face = cardFace(code);
  const faceWord = FACE_WORDS[lang][face] ?? face;
  const colour = cardColour(code);
  return colour === null ? faceWord : `${COLOUR_WORDS[lang][colour]} ${faceWord}`;
}
function chip(code, props = {}, ...extra) {
  const colour = cardColour(code) ?? "wild";
  return el(
    props.onclick ? "button" : "span",
    {
      type: props.onclick ? "button" : undefined,
      class: `dispute-card dispute-card--${colour} ${props.class ?? ""}`,
      title: cardName(code, PAGE),
      "aria-label": props.label ?? cardName(code, PAGE),
      dataset: { card: code, ...(props.dataset ?? {}) },
      onclick: props.onclick,
    },
    el("span", { class: "dispute-card__code" }, cardCode(code, PAGE)),
    ...extra,
  );
}

// ----------------------------------------------------------------- state

const DEFAULT_COMPARE = ["official", "svenska", "norsk"];

const state = {
  table: {
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
  },
  moves: [], // {seat, kind, card?, colour?, target?} or {raw: "typed text"}
  draft: null, // the move being tapped: {seat, kind?, card?}
  lang: PAGE,
  rulesData: null,
  preset: "official",
  choices: {},
  ruleOverride: null, // a rule-set string from a link that the switches cannot show
  compare: [...DEFAULT_COMPARE],
  tab: "verdict",
  engine: null,
  pending: false,
  situationDirty: false,
};

// ----------------------------------------------------------------- the text

// Names go into the text only when every player has one (the notation
// names every seat or none).
function named() {
  return state.table.players.every((p) => p.name);
}

// A seat that no longer exists (players were removed after its move was
// tapped) is written with its number: the verdict then says what is wrong.
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
    if (cardColour(table.top) === null && table.colour) top += ` ${COLOUR_WORDS[lang][table.colour]}`;
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
  if (table.players.every((p) => p.name)) clauses.push(`names ${table.players.map((p) => p.name).join(" ")}`);
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

// Typed text with the colour codes of its cards rewritten from `from`'s to
// `to`'s (G5 -> Gr5); every other word stays as it is.
function recode(text, from, to) {
  return text.replace(/[^\s;/]+/g, (word) => {
    for (const colour of COLOURS) {
      const prefix = COLOUR_CODES[from][colour];
      if (word.startsWith(prefix) && FACES.includes(word.slice(prefix.length))) {
        return COLOUR_CODES[to][colour] + word.slice(prefix.length);
      }
    }
    return word;
  });
}

function writeMoves() {
  return state.moves.map((m) => writeMove(m)).join("; ");
}

// A move said as a sentence in `lang` (the page's), for the list of moves.
// Typed text that is not one of the tapped forms stays as it was typed.
function sayMove(move, lang = PAGE) {
  if (move.raw !== undefined) return null;
  const words = MOVE_WORDS[lang];
  const person = (seat) => state.table.players[seat]?.name || say("seat", { n: seat });
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k]);
  const values = {
    who: person(move.seat),
    target: move.target === undefined || move.target === null ? "" : person(move.target),
    card: move.card ? cardName(move.card, lang) : "",
    colour: move.colour ? COLOUR_WORDS[lang][move.colour] : "",
  };
  if (move.kind !== "play") return fill(words[move.kind] ?? `{who} ${move.kind}`, values);
  let text = fill(words.play, values);
  if (move.colour) text += fill(words.names, values);
  if (values.target) text += fill(words.swap, values);
  return text;
}

// A typed (or linked) move read back into a tapped one when it is exactly
// what the taps would write; anything else stays as typed ({raw}).
function parseMove(raw, lang = state.lang) {
  const text = raw.trim().replace(/\s+/g, " ");
  const words = text.split(" ");
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
    const codes = COLOUR_CODES[lang];
    const code = words[2] ?? "";
    let card = null;
    if (WILDS.includes(code)) card = code;
    else {
      for (const colour of COLOURS) {
        const prefix = codes[colour];
        if (code.startsWith(prefix) && FACES.includes(code.slice(prefix.length))) {
          card = COLOUR_CODES.en[colour] + code.slice(prefix.length);
        }
      }
    }
    if (!card) return { raw };
    move.card = card;
    let i = 3;
    if (COLOURS.includes(words[i])) move.colour = words[i++];
    if (words[i] === "swap") {
      const target = seatOf(words[i + 1] ?? "");
      if (target === null) return { raw };
      move.target = target;
    }
  } else if (kind === "catch") {
    const target = seatOf(words[2] ?? "");
    if (target === null) return { raw };
    move.target = target;
  } else if (kind === "color") {
    if (!COLOURS.includes(words[2])) return { raw };
    move.colour = words[2];
  } else if (!["draw", "pass", "uno", "challenge"].includes(kind)) {
    return { raw };
  }
  return writeMove(move, lang) === text ? move : { raw };
}

// Taps -> text.
function syncText() {
  // Text not read yet (typed, or a link's) is kept until the engine reads it.
  if (!waiting()) {
    $("dispute-situation").value = writeSituation();
    state.situationDirty = false;
    state.textLang = state.lang;
  }
  $("dispute-moves").value = writeMoves();
  showReadError(null);
}

// The situation's text has not been read into the taps and cannot be yet:
// the table is not tapped until it is (it would throw the text away).
function waiting() {
  return state.situationDirty && !state.engine && !state.engineFailed;
}

// A name the notation would read as something else (play, top, Gr5):
// the library is asked, once it is loaded; the name back, or null.
function notationWord(name) {
  if (!state.engine || typeof state.engine.read_situation !== "function") return null;
  try {
    const got = plain(state.engine.read_situation(`top R1; hands ?1 / ?1; names ${name} Qzxvy`, PAGE));
    return got.error !== undefined ? name : null;
  } catch {
    return null;
  }
}

function showReadError(text) {
  const box = $("dispute-read-error");
  box.hidden = !text;
  box.textContent = text ?? "";
}

// Text -> taps: read_situation once the engine is ready. Returns false
// when the text could not be read (the error shown under the box).
function readText() {
  if ($("dispute-moves").value !== writeMoves()) {
    state.moves = splitMoves($("dispute-moves").value);
    renderMoves();
  }
  if (!state.situationDirty) return true;
  if (!state.engine) {
    showReadError(say("readLater"));
    return false;
  }
  if (typeof state.engine.read_situation !== "function") return false;
  // Read in the language it was written in (a link's, or the verdict's
  // when it was typed); the taps then write it in the verdict's.
  const got = plain(state.engine.read_situation($("dispute-situation").value, state.textLang ?? state.lang));
  if (got.error !== undefined) {
    showReadError(got.error);
    return false;
  }
  showReadError(null);
  const hands = got.hands ?? [];
  const names = got.names ?? [];
  state.table = {
    top: got.top ?? null,
    colour: got.colour ?? null,
    players: hands.map((h, i) => ({
      name: names[i] ?? "",
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
  };
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
  renderTable();
  renderMoves();
  return true;
}

function splitMoves(text) {
  return text
    .split(";")
    .map((m) => m.trim())
    .filter(Boolean)
    .map((raw) => parseMove(raw));
}

// ----------------------------------------------------------------- the card picker

let pickerDone = null;

function buildPicker() {
  const dialog = el("dialog", { id: "dispute-picker", class: "dispute-picker" });
  dialog.addEventListener("close", () => {
    pickerDone = null;
  });
  document.body.append(dialog);
  return dialog;
}

// Opens the picker: `done(code)` for each card tapped; `several` keeps it
// open (cards into a hand), `wildColour` asks the colour after a wild card
// (`done(code, colour)`).
function pickCard({ title, done, several = false, wildColour = false, shown = () => [] }) {
  const dialog = $("dispute-picker") ?? buildPicker();
  let colour = "red";
  const draw = () => {
    dialog.replaceChildren();
    const header = el("div", { class: "dispute-picker__head" }, el("h3", {}, title));
    const tray = el("div", { class: "dispute-picker__tray" }, shown().map((c) => chip(c)));
    const colours = el(
      "div",
      { class: "dispute-picker__colours", role: "group" },
      [...COLOURS, "wild"].map((c) =>
        el(
          "button",
          {
            type: "button",
            class: `dispute-swatch dispute-swatch--${c}`,
            "aria-pressed": String(c === colour),
            dataset: { pickColour: c },
            onclick: () => {
              colour = c;
              draw();
            },
          },
          c === "wild" ? L.wild : COLOUR_WORDS[PAGE][c],
        ),
      ),
    );
    const faces = el("div", { class: "dispute-picker__faces" });
    const codes = colour === "wild" ? WILDS : FACES.map((f) => COLOUR_CODES.en[colour] + f);
    for (const code of codes) {
      const face = cardFace(code);
      faces.append(
        chip(
          code,
          {
            class: "dispute-card--face",
            dataset: { face },
            onclick: () => {
              if (wildColour && cardColour(code) === null) {
                askColour(code);
              } else {
                done(code);
                if (several) draw();
                else dialog.close();
              }
            },
          },
          el("span", { class: "dispute-card__name" }, FACE_WORDS[PAGE][face] ?? ""),
        ),
      );
    }
    const foot = el(
      "div",
      { class: "dispute-picker__foot" },
      el(
        "button",
        { type: "button", class: "dispute-button", dataset: { pickDone: "" }, onclick: () => dialog.close() },
        several ? L.done : L.cancel,
      ),
    );
    dialog.append(header, tray, colours, faces, foot);
  };
  const askColour = (code) => {
    dialog.replaceChildren(
      el("div", { class: "dispute-picker__head" }, el("h3", {}, say("whichColour"))),
      colourButtons((c) => {
        done(code, c);
        dialog.close();
      }),
    );
  };
  draw();
  if (!dialog.open) dialog.showModal();
}

function colourButtons(onpick, current = null) {
  return el(
    "div",
    { class: "dispute-colours", role: "group" },
    COLOURS.map((c) =>
      el(
        "button",
        {
          type: "button",
          class: `dispute-swatch dispute-swatch--${c}`,
          "aria-pressed": current === null ? undefined : String(c === current),
          dataset: { colour: c },
          onclick: () => onpick(c),
        },
        COLOUR_WORDS[PAGE][c],
      ),
    ),
  );
}

// ----------------------------------------------------------------- the table

function stepper(value, { less, more, lessLabel, moreLabel, label, hook, lessDisabled = false }) {
  return el(
    "span",
    { class: "dispute-stepper", dataset: hook },
    el("button", { type: "button", class: "dispute-button", "aria-label": lessLabel, disabled: lessDisabled, dataset: { step: "-" }, onclick: less }, "−"),
    el("span", { class: "dispute-stepper__value" }, label),
    el("button", { type: "button", class: "dispute-button", "aria-label": moreLabel, dataset: { step: "+" }, onclick: more }, "+"),
  );
}

// Whatever the verdict depends on has changed (the table, the moves, the
// rules, the verdict's language, the text): the verdict and the compare
// rows on screen are marked out of date, the share note goes, and the
// theme's language links carry the new dispute.
function disputeChanged() {
  markStale($("dispute-verdict"), L.stale);
  markStale($("dispute-compare-out"), L.staleCompare);
  $("dispute-share-note")?.replaceChildren();
  updateLangLinks();
}

function markStale(out, text) {
  if (!out || !["done", "error"].includes(out.dataset.state)) return;
  out.dataset.state = "stale";
  out.classList.add("dispute-verdict--stale");
  out.prepend(el("p", { class: "dispute-stale", dataset: { stale: "" } }, text));
}

function changed() {
  state.lastRemoved = null;
  state.nameNote = null;
  syncText();
  disputeChanged();
  renderTable();
  renderMoves();
}

function renderTable() {
  const t = state.table;
  const box = $("dispute-table");
  const top = el(
    "div",
    { class: "dispute-field" },
    el("span", { class: "dispute-label" }, L.top),
    el(
      "div",
      { class: "dispute-inline" },
      t.top ? chip(t.top) : el("span", { class: "dispute-muted" }, L.notChosen),
      el(
        "button",
        {
          type: "button",
          class: "dispute-button",
          id: "dispute-top",
          onclick: () =>
            pickCard({
              title: L.top,
              done: (code) => {
                t.top = code;
                if (cardColour(code) !== null) t.colour = null;
                changed();
              },
            }),
        },
        say("pickCard"),
      ),
    ),
  );
  const parts = [top];
  if (t.top && cardColour(t.top) === null) {
    parts.push(
      el(
        "div",
        { class: "dispute-field", id: "dispute-colour" },
        el("span", { class: "dispute-label" }, L.colourInForce),
        colourButtons((c) => {
          t.colour = c;
          changed();
        }, t.colour),
      ),
    );
  }
  parts.push(
    el(
      "div",
      { class: "dispute-field" },
      el("span", { class: "dispute-label" }, L.players),
      stepper(t.players.length, {
        hook: { players: String(t.players.length) },
        label: String(t.players.length),
        lessLabel: L.fewerPlayers,
        moreLabel: L.morePlayers,
        less: () => {
          if (t.players.length <= 2) return;
          // Tapped moves by (or against) the seat that leaves go too, said
          // in a note while they still have a seat to name.
          const left = t.players.length - 1;
          const gone = state.moves.filter((m) => m.raw === undefined && (m.seat >= left || (m.target ?? -1) >= left));
          state.goneNote = gone.length ? say("goneMoves", { moves: gone.map((m) => sayMove(m)).join("; ") }) : null;
          state.moves = state.moves.filter((m) => !gone.includes(m));
          if (state.draft && state.draft.seat >= left) state.draft = null;
          t.players.pop();
          if (t.turn >= t.players.length) t.turn = 0;
          changed();
        },
        more: () => {
          if (t.players.length >= 10) return;
          t.players.push({ name: "", known: [], count: 7 });
          changed();
        },
      }),
    ),
  );
  const list = el("ol", { class: "dispute-players", start: "0" });
  t.players.forEach((p, seat) => {
    const unknown = p.count - p.known.length;
    list.append(
      el(
        "li",
        { class: `dispute-player${seat === t.turn ? " dispute-player--turn" : ""}`, dataset: { seat: String(seat) } },
        el(
          "div",
          { class: "dispute-player__head" },
          el(
            "button",
            {
              type: "button",
              class: "dispute-turn",
              title: `${L.turn}: ${say("seat", { n: seat })}`,
              "aria-label": `${L.turn}: ${say("seat", { n: seat })}`,
              "aria-pressed": String(seat === t.turn),
              dataset: { turn: String(seat) },
              onclick: () => {
                t.turn = seat;
                changed();
              },
            },
            seat === t.turn ? `▶ ${say("seat", { n: seat })}` : say("seat", { n: seat }),
            seat === t.turn ? el("span", { class: "dispute-turn__mark" }, L.turnMark) : null,
          ),
          el("input", {
            type: "text",
            class: "dispute-name",
            placeholder: L.name,
            "aria-label": `${say("seat", { n: seat })}: ${L.name}`,
            value: p.name,
            maxlength: "20",
            autocomplete: "off",
            autocapitalize: "words",
            spellcheck: "false",
            dataset: { name: String(seat) },
            onchange: (event) => {
              const typed = event.target.value;
              p.name = typed.replace(/[^\p{L}-]/gu, "");
              const dropped = [...new Set(typed.match(/[^\p{L}-]/gu) ?? [])];
              const word = p.name && notationWord(p.name);
              if (word) p.name = "";
              changed();
              state.nameNote = word
                ? { seat, text: say("nameWord", { name: word }) }
                : dropped.length
                  ? { seat, text: say("nameDropped", { dropped: dropped.map((c) => `“${c}”`).join(" ") }) }
                  : null;
              renderTable();
            },
          }),
        ),
        state.nameNote?.seat === seat ? el("p", { class: "dispute-muted", dataset: { nameNote: String(seat) } }, state.nameNote.text) : null,
        el(
          "div",
          { class: "dispute-player__hand" },
          stepper(p.count, {
            hook: { count: String(seat) },
            label: p.count === 1 ? L.card1 : say("cards", { n: p.count }),
            lessLabel: L.fewerCards,
            moreLabel: L.moreCards,
            lessDisabled: p.count <= p.known.length,
            less: () => {
              if (p.count <= p.known.length) return;
              p.count -= 1;
              changed();
            },
            more: () => {
              if (p.count >= 108) return;
              p.count += 1;
              changed();
            },
          }),
          el(
            "div",
            { class: "dispute-hand" },
            p.known.map((c, i) =>
              chip(c, {
                label: say("removeCard", { card: cardName(c, PAGE) }),
                class: "dispute-card--removable",
                onclick: () => {
                  // The card leaves the hand: one card fewer (unless it is
                  // kept as an unknown card, below).
                  p.known.splice(i, 1);
                  p.count = Math.max(p.count - 1, p.known.length);
                  changed();
                  state.lastRemoved = { seat, card: c };
                  renderTable();
                },
              }),
            ),
            unknown > 0 ? el("span", { class: "dispute-card dispute-card--unknown", title: say("unknown", { n: unknown }) }, `?${unknown}`) : null,
            el(
              "button",
              {
                type: "button",
                class: "dispute-button dispute-add",
                dataset: { add: String(seat) },
                onclick: () =>
                  pickCard({
                    title: `${say("seat", { n: seat })}${p.name ? ` (${p.name})` : ""}`,
                    several: true,
                    shown: () => p.known,
                    done: (code) => {
                      p.known.push(code);
                      if (p.count < p.known.length) p.count = p.known.length;
                      changed();
                    },
                  }),
              },
              L.addCard,
            ),
          ),
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
                capitalised(say("removed", { card: cardName(state.lastRemoved.card, PAGE), n: p.count })),
                " ",
                el(
                  "button",
                  {
                    type: "button",
                    class: "dispute-linkbutton",
                    dataset: { keepUnknown: String(seat) },
                    onclick: () => {
                      p.count += 1;
                      changed();
                    },
                  },
                  L.keepUnknown,
                ),
              )
            : null,
        ),
      ),
    );
  });
  parts.push(el("p", { class: "dispute-muted", id: "dispute-hand-help" }, `${L.turnHelp} ${L.handHelp}`));
  parts.push(list);
  if (t.players.some((p) => p.name) && !named()) parts.push(el("p", { class: "dispute-muted", id: "dispute-names-note" }, L.namesAll));
  parts.push(
    el(
      "div",
      { class: "dispute-field" },
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
  const pile = el(
    "details",
    { class: "dispute-draw", open: t.draw !== null && t.draw.length > 0 },
    el("summary", {}, L.drawPile),
    el("p", { class: "dispute-muted" }, L.drawPileHelp),
    el(
      "div",
      { class: "dispute-hand" },
      (t.draw ?? []).map((c, i) =>
        chip(c, {
          label: say("removeCard", { card: cardName(c, PAGE) }),
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
          onclick: () =>
            pickCard({
              title: L.drawPile,
              several: true,
              shown: () => t.draw ?? [],
              done: (code) => {
                t.draw = [...(t.draw ?? []), code];
                changed();
              },
            }),
        },
        L.addCard,
      ),
      t.draw !== null
        ? el("button", { type: "button", class: "dispute-button", onclick: () => { t.draw = null; changed(); } }, L.clear)
        : null,
    ),
  );
  parts.push(pile);
  const wait = waiting();
  box.inert = wait;
  box.classList.toggle("dispute-waiting", wait);
  box.replaceChildren(...parts);
  const note = $("dispute-table-wait");
  if (wait && !note) box.before(el("p", { class: "dispute-muted", id: "dispute-table-wait", role: "status" }, L.tableWait));
  if (!wait) note?.remove();
}

// ----------------------------------------------------------------- the moves

function sevenZeroOn() {
  if (state.force) return Boolean(state.force.seven_zero);
  const text = ruleString();
  return /seven-zero|seven-optional|kitchen-table/.test(text);
}

// What the rule-set string holds, as the library builds it (a rule can
// make other choices too: house.kids has no challenges); null before the
// engine is ready. An error when the library refuses the rule set.
function inForce() {
  if (!state.engine || typeof state.engine.in_force !== "function") return null;
  try {
    return plain(state.engine.in_force(ruleString(), PAGE));
  } catch (error) {
    return { error: error?.message ?? String(error) };
  }
}

function addMove(move) {
  state.goneNote = null;
  state.moves.push(move);
  state.draft = null;
  syncText();
  renderMoves();
  disputeChanged();
}

function renderMoves() {
  const t = state.table;
  const box = $("dispute-moves-taps");
  const parts = [];
  const listed = el("ol", { class: "dispute-movelist", id: "dispute-movelist" });
  state.moves.forEach((m) => {
    const said = sayMove(m);
    listed.append(el("li", { dataset: { move: writeMove(m) } }, said ?? el("code", {}, writeMove(m))));
  });
  parts.push(state.moves.length ? listed : el("p", { class: "dispute-muted" }, L.noMoves));
  if (state.goneNote) parts.push(el("p", { class: "dispute-muted", id: "dispute-gone-note" }, state.goneNote));
  parts.push(
    el(
      "div",
      { class: "dispute-inline" },
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
            syncText();
            renderMoves();
            disputeChanged();
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
            syncText();
            renderMoves();
            disputeChanged();
          },
        },
        L.clearMoves,
      ),
    ),
  );
  // Who?
  parts.push(el("span", { class: "dispute-label" }, L.who));
  parts.push(
    el(
      "div",
      { class: "dispute-seats", role: "group" },
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
          p.name || say("seat", { n: seat }),
        ),
      ),
    ),
  );
  const d = state.draft;
  if (d) {
    const name = t.players[d.seat]?.name || say("seat", { n: d.seat });
    parts.push(el("span", { class: "dispute-label" }, say("what", { who: name })));
    const act = (kind, label) =>
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
              d.card = undefined;
              renderMoves();
            }
          },
        },
        label,
      );
    parts.push(
      el(
        "div",
        { class: "dispute-actions", role: "group" },
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
      parts.push(el("span", { class: "dispute-label" }, L.whom), seatButtons(d.seat, (target) => addMove({ seat: d.seat, kind: "catch", target })));
    }
    if (d.kind === "color") {
      parts.push(el("span", { class: "dispute-label" }, L.whichColour), colourButtons((colour) => addMove({ seat: d.seat, kind: "color", colour })));
    }
  }
  box.replaceChildren(...parts);
}

function seatButtons(except, onpick, extra = null) {
  return el(
    "div",
    { class: "dispute-seats", role: "group" },
    state.table.players.map((p, seat) =>
      seat === except
        ? null
        : el(
            "button",
            { type: "button", class: "dispute-button", dataset: { target: String(seat) }, onclick: () => onpick(seat) },
            p.name || say("seat", { n: seat }),
          ),
    ),
    extra,
  );
}

function playPanel(d) {
  const hand = state.table.players[d.seat]?.known ?? [];
  const chosen = (code) => {
    d.card = code;
    const needsColour = cardColour(code) === null && code !== "WC";
    const needsTarget = code === "WX" || (cardFace(code) === "7" && sevenZeroOn());
    if (!needsColour && !needsTarget) addMove({ seat: d.seat, kind: "play", card: code });
    else renderMoves();
  };
  const panel = el("div", { class: "dispute-play" });
  if (!d.card) {
    if (hand.length) {
      panel.append(
        el("span", { class: "dispute-label" }, L.fromHand),
        el("div", { class: "dispute-hand" }, [...new Set(hand)].map((c) => chip(c, { dataset: { play: c }, onclick: () => chosen(c) }))),
      );
    }
    panel.append(
      el(
        "button",
        {
          type: "button",
          class: "dispute-button",
          dataset: { otherCard: "" },
          onclick: () => pickCard({ title: L.pickCard, done: (code) => chosen(code) }),
        },
        L.otherCard,
      ),
    );
    return panel;
  }
  panel.append(chip(d.card));
  const needsColour = cardColour(d.card) === null && d.card !== "WC";
  if (needsColour && !d.colour) {
    panel.append(
      el("span", { class: "dispute-label" }, L.whichColour),
      colourButtons((colour) => {
        d.colour = colour;
        if (d.card === "WX" || (cardFace(d.card) === "7" && sevenZeroOn())) renderMoves();
        else addMove({ seat: d.seat, kind: "play", card: d.card, colour });
      }),
    );
    return panel;
  }
  panel.append(
    el("span", { class: "dispute-label" }, L.swapWith),
    seatButtons(
      d.seat,
      (target) => addMove({ seat: d.seat, kind: "play", card: d.card, colour: d.colour, target }),
      d.card === "WX"
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

// ----------------------------------------------------------------- the rules

const STORE = "unorules.dispute.rules";

function presetNames() {
  return state.rulesData?.presets.map((p) => p.name) ?? ["official", "svenska", "norsk", "kitchen-table", "kids"];
}

function allChoices() {
  return state.rulesData?.concerns.flatMap((c) => c.choices) ?? [];
}

function defaultsOf(preset) {
  return state.rulesData?.defaults?.[preset] ?? {};
}

// The rule-set string: the preset's name when every choice is the
// preset's; otherwise preset+ID... with the IDs that differ from it; when a
// switch the preset has on is turned off, or a reading the preset chose
// over the official one is changed (two readings of one rule cannot be
// combined), official+ every choice that differs from official's.
function ruleString() {
  if (state.ruleOverride) return state.ruleOverride;
  const preset = state.preset;
  if (state.engine) {
    // The library's own answer once it is loaded: it also checks the string
    // it gives (a preset's target score with single rounds picked, a rule
    // that makes a second choice too).
    try {
      return state.engine.rule_set(preset, state.choices);
    } catch {
      // An unknown preset: the string below, which the verdict then refuses.
    }
  }
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

function saveRules() {
  try {
    localStorage.setItem(STORE, JSON.stringify({ preset: state.preset, choices: state.choices }));
  } catch {
    // Private browsing: nothing remembered.
  }
}

function loadRules() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) ?? "null");
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

// The choices remembered that these rules do not have (an older site's,
// a hand-edited store) are dropped, and the rest saved again.
function cleanChoices() {
  if (!state.rulesData) return;
  const known = new Map(allChoices().map((c) => [c.key, c.options.map((o) => o.id)]));
  const kept = Object.fromEntries(
    Object.entries(state.choices).filter(([k, v]) => known.has(k) && (v === null || known.get(k).includes(v))),
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
    const choice = allChoices().find((c) => c.options.some((o) => o.id === id));
    if (!choice) {
      state.preset = preset;
      state.ruleOverride = text;
      return;
    }
    choices[choice.key] = id;
  }
  state.preset = preset;
  state.choices = choices;
  state.ruleOverride = ruleString() === text ? null : text;
}

// The groups of house rules left open stay open when the controls are drawn again.
const openConcerns = new Set();

function renderRules() {
  const box = $("dispute-rules-box");
  const data = state.rulesData;
  const force = inForce();
  state.force = force && force.error === undefined ? force : null;
  const select = el(
    "select",
    {
      id: "dispute-rules",
      onchange: (event) => {
        state.preset = event.target.value;
        state.choices = {};
        state.ruleOverride = null;
        saveRules();
        renderRules();
        rulesChanged();
      },
    },
    presetNames().map((name) => el("option", { value: name, selected: name === state.preset }, name)),
  );
  const description = data?.presets.find((p) => p.name === state.preset)?.description;
  const parts = [
    el("label", { class: "dispute-field" }, el("span", { class: "dispute-label" }, L.preset), select),
    description ? el("p", { class: "dispute-muted" }, description) : null,
  ];
  if (!data) {
    parts.push(el("p", { class: "dispute-muted", id: "dispute-rules-missing" }, L.rulesUnavailable));
  } else {
    const own = defaultsOf(state.preset);
    for (const concern of data.concerns) {
      const group = el(
        "details",
        {
          class: "dispute-concern",
          open: openConcerns.has(concern.key),
          dataset: { concern: concern.key },
          ontoggle: (event) => {
            if (event.target.open) openConcerns.add(concern.key);
            else openConcerns.delete(concern.key);
          },
        },
        el("summary", {}, concern.title),
      );
      let changedHere = 0;
      for (const choice of concern.choices) {
        const chosen = state.choices[choice.key] === undefined ? own[choice.key] ?? null : state.choices[choice.key];
        const current = state.force ? state.force.choices?.[choice.key] ?? null : chosen;
        // Held by another rule chosen, not by this switch.
        const implied = current !== chosen && current !== null ? el("em", { class: "dispute-implied", dataset: { implied: current } }, ` (${L.implied})`) : null;
        if (current !== (own[choice.key] ?? null)) changedHere += 1;
        const set = (value) => {
          state.choices = { ...state.choices, [choice.key]: value };
          state.ruleOverride = null;
          saveRules();
          renderRules();
          rulesChanged();
        };
        if (choice.options.length === 1) {
          const option = choice.options[0];
          group.append(
            el(
              "label",
              { class: "dispute-switch", dataset: { choice: choice.key } },
              el("input", {
                type: "checkbox",
                role: "switch",
                checked: current === option.id,
                dataset: { rule: option.id },
                onchange: (event) => set(event.target.checked ? option.id : null),
              }),
              el("span", {}, el("strong", {}, option.title), current === option.id ? implied : null, option.summary ? el("small", {}, option.summary) : null),
            ),
          );
        } else {
          const name = `dispute-choice-${choice.key}`;
          const options = [...choice.options];
          const radios = el("fieldset", { class: "dispute-radios", dataset: { choice: choice.key } });
          const radio = (id, title, summary) =>
            el(
              "label",
              { class: "dispute-radio" },
              el("input", { type: "radio", name, value: id ?? "", checked: current === id, dataset: { rule: id ?? "" }, onchange: () => set(id) }),
              el("span", {}, el("strong", {}, title), current === id ? implied : null, summary ? el("small", {}, summary) : null),
            );
          for (const o of options) radios.append(radio(o.id, o.title, o.summary));
          if (!choice.required) radios.append(radio(null, L.noReading, null));
          group.append(radios);
        }
      }
      if (changedHere) group.querySelector("summary").append(el("span", { class: "dispute-badge" }, String(changedHere)));
      parts.push(group);
    }
  }
  if (force?.error !== undefined) {
    parts.push(el("p", { class: "dispute-error", id: "dispute-rules-error", role: "alert" }, force.error));
  }
  parts.push(
    el(
      "p",
      { class: "dispute-ruleset" },
      `${L.ruleSet} `,
      el("code", { id: "dispute-ruleset" }, ruleString()),
      " ",
      el("span", { class: "dispute-muted" }, L.remembered),
    ),
  );
  box.replaceChildren(...parts.filter(Boolean));
  const go = $("dispute-ruleset-go");
  if (go) go.textContent = ruleString();
}

function rulesChanged() {
  // The swap target of a 7 depends on the rules: a card half entered is
  // chosen again under the new ones.
  if (state.draft?.kind === "play") {
    state.draft.card = undefined;
    state.draft.colour = undefined;
  }
  renderMoves();
  disputeChanged();
  compareButton();
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
function rich(text) {
  return String(text ?? "")
    .split("`")
    .map((part, i) => (i % 2 ? el("code", {}, part) : part))
    .filter((part) => part !== "");
}

function pageOf(id) {
  return state.rulesData?.pages?.[id];
}

function showVerdict(result) {
  const out = $("dispute-verdict");
  out.replaceChildren();
  out.classList.remove("dispute-verdict--stale");
  delete out.dataset.short;
  if (result.error !== undefined) {
    out.append(el("pre", { class: "dispute-error" }, result.error));
    out.dataset.state = "error";
    return;
  }
  out.append(el("p", { class: `dispute-headline dispute-headline--${result.verdict.replace(" ", "-")}` }, rich(result.headline || result.short)));
  if (result.next) out.append(el("p", { class: "dispute-next" }, rich(result.next)));
  const cited = result.cited ?? result.rule_ids.map((id) => ({ id, title: id, page: pageOf(id) }));
  if (cited.length) {
    out.append(
      el(
        "p",
        { class: "dispute-cited" },
        `${L.cited} `,
        cited.map((c, i) => [
          i ? ", " : "",
          c.page
            ? el("a", { href: `../${c.page}`, dataset: { cited: c.id } }, c.title && c.title !== c.id ? `${c.title} (${c.id})` : c.id)
            : el("code", {}, c.id),
        ]),
        el("span", { class: "dispute-muted" }, ` · ${result.rules}`),
      ),
    );
  }
  if (result.assumes.length) {
    out.append(
      el("div", { class: "dispute-assumes" }, el("p", {}, L.assumes), el("ul", {}, result.assumes.map((a) => el("li", {}, rich(a))))),
    );
  }
  if (result.moves.length > 1) {
    out.append(
      el(
        "details",
        { class: "dispute-steps" },
        el("summary", {}, L.eachMove),
        el(
          "ol",
          {},
          result.moves.map((m) =>
            el("li", { dataset: { move: m.move } }, el("strong", {}, m.said ?? m.move), el("br"), rich(m.short)),
          ),
        ),
      ),
    );
  }
  out.dataset.state = "done";
  out.dataset.short = result.short;
}

function compareRows(situation, moves, sets, lang) {
  if (typeof state.engine.compare === "function") {
    return plain(state.engine.compare(situation, moves, sets.join(","), lang));
  }
  // Without web.compare: each rule set judged on its own.
  const rows = [];
  for (const rules of sets) {
    const r = plain(state.engine.settle(situation, moves, rules, lang));
    if (r.error !== undefined) {
      if (!rows.length) return r;
      rows.push({ rules, short: r.error, headline: r.error, next: "", verdict: "error", rule_ids: [] });
    } else rows.push({ rules, ...r });
  }
  return { rows, assumes: rows[0]?.assumes ?? [], lang };
}

function showCompare(result) {
  const out = $("dispute-compare-out");
  out.replaceChildren();
  out.classList.remove("dispute-verdict--stale");
  if (result.error !== undefined) {
    out.append(el("pre", { class: "dispute-error" }, result.error));
    out.dataset.state = "error";
    return;
  }
  const list = el("ol", { class: "dispute-rows" });
  result.rows.forEach((row, i) => {
    // A rule set that cannot judge the dispute comes with its error (and
    // differs from one that can).
    const said = (r) => (r.error !== undefined ? `error ${r.error}` : `${r.verdict}|${r.headline}|${r.next}`);
    const differs = i > 0 && said(row) !== said(result.rows[0]);
    list.append(
      el(
        "li",
        { class: `dispute-cmp${differs ? " dispute-cmp--differs" : ""}`, dataset: { rules: row.rules, differs: String(differs) } },
        el(
          "div",
          { class: "dispute-cmp__head" },
          el("code", {}, row.rules),
          i === 0 ? el("span", { class: "dispute-badge" }, L.ours) : el("span", { class: differs ? "dispute-badge dispute-badge--differs" : "dispute-badge dispute-badge--same" }, differs ? L.differs : L.same),
        ),
        row.error !== undefined
          ? el("pre", { class: "dispute-error" }, row.error)
          : el("p", { class: "dispute-cmp__headline" }, rich(row.headline || row.short)),
        row.next ? el("p", { class: "dispute-cmp__next" }, rich(row.next)) : null,
        // "move 1 (0 play R7) is refused first, so ...": said as a sentence.
        row.stopped ? el("p", { class: "dispute-muted", dataset: { stopped: String(row.stopped_at) } }, `${capitalised(row.stopped)}.`) : null,
      ),
    );
  });
  out.append(list);
  out.dataset.state = "done";
}

function compareSets() {
  const ours = ruleString();
  return [ours, ...state.compare.filter((s) => s !== ours)];
}

// Anything unexpected (a bug, the engine failing mid-way) is said where the
// answer would be, and the page stays usable.
function guarded(out, run) {
  try {
    run();
  } catch (error) {
    out.replaceChildren(el("pre", { class: "dispute-error" }, say("oops", { error: error?.message ?? String(error) })));
    out.classList.remove("dispute-verdict--stale");
    out.dataset.state = "error";
  }
}

function settle() {
  guarded($("dispute-verdict"), settleNow);
}

function settleNow() {
  const out = $("dispute-verdict");
  if (!state.engine) {
    state.pending = true;
    $("dispute-submit").textContent = L.settlePending;
    return;
  }
  state.pending = false;
  $("dispute-submit").textContent = L.settle;
  readText();
  const situation = $("dispute-situation").value;
  const moves = $("dispute-moves").value;
  const rules = ruleString();
  const lang = state.lang;
  const t0 = performance.now();
  const result = plain(state.engine.settle(situation, moves, rules, lang));
  showVerdict(result);
  out.dataset.ms = String(Math.round(performance.now() - t0));
  if (state.tab === "compare") runCompare();
  updateUrl();
}

function runCompare() {
  guarded($("dispute-compare-out"), compareNow);
}

function compareNow() {
  if (!state.engine) return;
  if (compareSets().length < 2) {
    showCompare({ error: L.compareTwo });
    return;
  }
  const result = compareRows($("dispute-situation").value, $("dispute-moves").value, compareSets(), state.lang);
  showCompare(result);
  updateUrl();
}

// ----------------------------------------------------------------- share

function fragment() {
  const params = new URLSearchParams();
  params.set("situation", $("dispute-situation").value);
  params.set("moves", $("dispute-moves").value);
  params.set("rules", ruleString());
  params.set("lang", state.lang);
  if (state.tab === "compare") params.set("compare", state.compare.join(","));
  return params.toString();
}

function updateUrl() {
  history.replaceState(null, "", `${location.pathname}${location.search}#${fragment()}`);
  updateLangLinks();
}

// The dispute as the page in `lang` should open it: the situation and the
// moves in that language's colour codes and the verdict in that language;
// typed text not read into the taps goes as it is, in its own language.
function fragmentFor(lang) {
  const typed = state.situationDirty || state.moves.some((m) => m.raw !== undefined);
  const to = typed || !LANGS.includes(lang) ? state.lang : lang;
  const params = new URLSearchParams();
  params.set("situation", typed ? $("dispute-situation").value : writeSituation(state.table, to));
  params.set("moves", typed ? $("dispute-moves").value : state.moves.map((m) => writeMove(m, to)).join("; "));
  params.set("rules", ruleString());
  params.set("lang", to);
  if (state.tab === "compare") params.set("compare", state.compare.join(","));
  return params.toString();
}

// The theme's language selector (its links to /sv/dispute/, /nb/dispute/,
// /dispute/) keeps the dispute: otherwise switching language loses the table.
function updateLangLinks() {
  if (!$("dispute-situation")) return;
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
  const params = new URLSearchParams(hash);
  if (!params.has("situation") && !params.has("moves")) return null;
  // What the link leaves out is what a fresh page has: the page's language,
  // the verdict tab (and the rules remembered, in the caller).
  const lang = params.get("lang");
  state.lang = LANGS.includes(lang) ? lang : PAGE;
  if (params.has("compare")) {
    state.compare = params.get("compare").split(",").map((s) => s.trim()).filter(Boolean);
    state.tab = "compare";
  } else {
    state.compare = [...DEFAULT_COMPARE];
    state.tab = "verdict";
  }
  // A rule-set string has no spaces: a hand-written + decodes to one.
  const rules = (params.get("rules") ?? "").trim().replace(/\s+/g, "+");
  return { situation: params.get("situation") ?? "", moves: params.get("moves") ?? "", rules: rules || null };
}

// ----------------------------------------------------------------- the page

function section(title, id, ...children) {
  return el("section", { class: "dispute-section", id }, el("h2", {}, title), ...children);
}

function renderTabs() {
  for (const tab of ["verdict", "compare"]) {
    const button = $(`dispute-tab-${tab}`);
    button.setAttribute("aria-selected", String(state.tab === tab));
    $(`dispute-panel-${tab}`).hidden = state.tab !== tab;
  }
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
  const names = [...presetNames(), ...state.compare.filter((s) => !presetNames().includes(s))];
  box.replaceChildren(
    ...names.map((name) =>
      el(
        "label",
        { class: "dispute-check" },
        el("input", {
          type: "checkbox",
          value: name,
          checked: state.compare.includes(name),
          dataset: { compare: name },
          onchange: (event) => {
            state.compare = event.target.checked ? [...state.compare, name] : state.compare.filter((s) => s !== name);
            markStale($("dispute-compare-out"), L.staleCompare);
            compareButton();
          },
        }),
        name,
      ),
    ),
  );
  compareButton();
}

function build() {
  const status = $("dispute-status");
  const submitLabel = () => (state.engine ? L.settle : state.pending ? L.settlePending : L.settleWaiting);
  const form = el(
    "form",
    {
      id: "dispute-form",
      class: "dispute-board",
      onsubmit: (event) => {
        event.preventDefault();
        settle();
        if (state.engine) $("dispute-tabs").scrollIntoView({ behavior: "smooth", block: "start" });
      },
    },
    section(L.table, "dispute-table-section", el("div", { id: "dispute-table" })),
    section(L.moves, "dispute-moves-section", el("div", { id: "dispute-moves-taps" })),
    el(
      "div",
      { class: "dispute-go" },
      el(
        "label",
        { class: "dispute-field" },
        el("span", { class: "dispute-label" }, L.verdictLang),
        el(
          "select",
          {
            id: "dispute-lang",
            onchange: (event) => {
              // The text is rewritten with the codes of the new language,
              // unless typed text could not be read yet.
              if (state.situationDirty && state.engine) readText();
              const from = state.lang;
              state.lang = event.target.value;
              if (!state.situationDirty) {
                $("dispute-situation").value = writeSituation();
                state.textLang = state.lang;
              }
              // Typed moves too: their cards' colour codes in the new language.
              $("dispute-moves").value = state.moves
                .map((m) => (m.raw !== undefined ? recode(m.raw, from, state.lang) : writeMove(m)))
                .join("; ");
              state.moves = splitMoves($("dispute-moves").value);
              renderMoves();
              disputeChanged();
            },
          },
          LANGS.map((l) => el("option", { value: l, selected: l === state.lang }, LANG_NAMES[l])),
        ),
      ),
      el(
        "p",
        { class: "dispute-muted dispute-ours" },
        `${L.rules}: `,
        el("code", { id: "dispute-ruleset-go" }, ruleString()),
        " ",
        el(
          "button",
          {
            type: "button",
            class: "dispute-linkbutton",
            onclick: () => $("dispute-rules-section").scrollIntoView({ behavior: "smooth" }),
          },
          L.change,
        ),
      ),
      el("button", { type: "submit", id: "dispute-submit", class: "dispute-button dispute-primary" }, submitLabel()),
      el("button", { type: "button", id: "dispute-share", class: "dispute-button", onclick: share }, `⤴ ${L.share}`),
      el("p", { id: "dispute-share-note", class: "dispute-muted", "aria-live": "polite" }),
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
              if (tab === "compare") runCompare();
              else if (state.engine) updateUrl();
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
    section(L.rules, "dispute-rules-section", el("div", { id: "dispute-rules-box" })),
    el(
      "details",
      { class: "dispute-section dispute-text", id: "dispute-text", open: true },
      el("summary", {}, L.asText),
      el("label", { for: "dispute-situation", class: "dispute-label" }, L.situation),
      el("textarea", {
        id: "dispute-situation",
        rows: "3",
        autocapitalize: "off",
        autocomplete: "off",
        spellcheck: "false",
        oninput: () => {
          if (!state.situationDirty) state.textLang = state.lang;
          state.situationDirty = true;
          disputeChanged();
          if (!state.engine) renderTable();
        },
        onchange: () => readText(),
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
          disputeChanged();
        },
      }),
      el("pre", { id: "dispute-read-error", class: "dispute-error", hidden: true, role: "alert" }),
      el("button", { type: "button", class: "dispute-button", id: "dispute-read", onclick: () => readText() }, L.read),
    ),
  );
  status.after(form);
  state.submitLabel = submitLabel;
}

async function main() {
  if (!root) return;
  status(L.loading, 0, 1);
  // The house rules' labels come first (a small JSON), the engine after.
  const rulesLoaded = fetch(new URL(`engine/rules-${PAGE}.json`, siteRoot()))
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  const engineLoaded = loadEngine((step, done, total) => status(L[step] ?? step, done, total));
  engineLoaded.catch(() => {}); // handled below
  loadRules();
  const linked = readFragment();
  build();
  if (linked) {
    showLink(linked);
    if (linked.rules) state.ruleOverride = linked.rules;
  } else {
    syncText();
  }
  renderTable();
  renderMoves();
  renderRules();
  renderTabs();
  $("dispute-submit").textContent = state.submitLabel();
  state.rulesData = await rulesLoaded;
  if (state.rulesData && !presetNames().includes(state.preset)) {
    state.preset = "official";
    state.choices = {};
  }
  cleanChoices();
  if (linked?.rules) applyRuleString(linked.rules);
  renderRules();
  renderMoves();
  renderComparePicker();
  updateLangLinks();
  const started = performance.now();
  try {
    state.engine = await engineLoaded;
  } catch (error) {
    status(error.message === "unavailable" ? L.unavailable : say("failed", { error: error.message }));
    root.dataset.engine = "unavailable";
    // Nothing will read the text now: the table can be tapped again.
    state.engineFailed = true;
    renderTable();
    $("dispute-submit").disabled = true;
    $("dispute-submit").textContent = L.settle;
    return;
  }
  root.dataset.engine = "ready";
  $("dispute-progress").hidden = true;
  root.dataset.steps = document.documentElement.dataset.engineSteps;
  root.dataset.loadMs = String(Math.round(performance.now() - started));
  $("dispute-submit").textContent = state.submitLabel();
  // Typed (or linked) text is read back into the taps now.
  if (state.situationDirty) readText();
  renderTable();
  renderRules();
  if (state.pending) {
    settle();
    // A shared link: its answer is what the reader came for.
    if (linked) showAnswer();
  }
  // Another dispute's link followed on this page (only the fragment changes).
  window.addEventListener("hashchange", () => {
    const next = readFragment();
    if (!next) return;
    showLink(next);
    if (next.rules) applyRuleString(next.rules);
    else {
      state.preset = "official";
      state.choices = {};
      state.ruleOverride = null;
      loadRules();
      cleanChoices();
    }
    renderRules();
    renderComparePicker();
    renderTabs();
    settle();
    showAnswer();
  });
}

// The verdict scrolled into view (under the theme's header).
function showAnswer() {
  $("dispute-tabs").scrollIntoView({ behavior: "smooth", block: "start" });
}

// A link's text in the text boxes, to be read and settled.
function showLink(linked) {
  $("dispute-situation").value = linked.situation;
  state.situationDirty = true;
  state.textLang = state.lang;
  state.moves = splitMoves(linked.moves);
  state.draft = null;
  $("dispute-moves").value = linked.moves;
  state.pending = true;
  $("dispute-lang").value = state.lang;
  renderMoves();
  // A link opens with the answer a tap away, at the top of the page.
  if (!$("dispute-jump")) {
    $("dispute-status").after(
      el("button", { type: "button", id: "dispute-jump", class: "dispute-button dispute-jump", onclick: showAnswer }, L.jump),
    );
  }
}

main();
