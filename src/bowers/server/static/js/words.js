// Words for seats, teams and actions: what the page shows and what screen readers say.
//
// A player's name is the player's own text: in plain strings it is wrapped in Unicode isolates
// (FSI … PDI) and in the page in <bdi>, so a right-to-left name never pulls a score or a verb into it.

import { cardName, cardText, suitSymbol, SUITS } from "./cards.js";
import { h } from "./dom.js";

const RELATIVE = {
  2: ["You", "Opponent"],
  3: ["You", "Left", "Right"],
  4: ["You", "Left", "Partner", "Right"],
  6: ["You", "Left", "Left 2", "Across", "Right 2", "Right"],
};
// Seats as a spectator, who sits nowhere, calls them: the points of the compass, as card tables name them.
const COMPASS = {
  2: ["South", "North"],
  3: ["South", "West", "East"],
  4: ["South", "West", "North", "East"],
  6: ["South", "Southwest", "Northwest", "North", "Northeast", "Southeast"],
};

/** Every word the page uses for a place at the table, in lower case: a player's name must not be one of them. */
export const PLACE_WORDS = new Set([...Object.values(RELATIVE), ...Object.values(COMPASS)].flat().map((word) => word.toLowerCase()));

const FSI = "\u2068";
const PDI = "\u2069";

/** ``text`` set apart from its surroundings for the bidirectional algorithm. */
export function isolate(text) {
  return FSI + text + PDI;
}

/** Where a seat sits as the viewer sees it ("Left", "Partner"; "You" for the viewer; "Seat 3" for a spectator). */
export function seatPlace(state, seat, viewer = state.seat) {
  const players = state.seats?.length || 4;
  if (viewer === null || viewer === undefined) return (COMPASS[players] || [])[seat] || `Seat ${seat + 1}`;
  return (RELATIVE[players] || [])[(seat - viewer + players) % players] || `Seat ${seat + 1}`;
}

/** The player's own name in a seat, or null. */
export function playerName(state, seat) {
  return state.seats?.[seat]?.name || null;
}

/** A seat as the subject of a sentence: "You", the player's name, or where it sits ("Left"). */
export function seatName(state, seat, viewer = state.seat) {
  if (viewer !== null && viewer !== undefined && seat === viewer) return "You";
  const name = playerName(state, seat);
  return name ? isolate(name) : seatPlace(state, seat, viewer);
}

/** A seat as the object of a sentence: "you", "Bob", "your partner", "Left". */
export function seatObject(state, seat, viewer = state.seat) {
  const subject = seatName(state, seat, viewer);
  if (subject === "You") return "you";
  if (subject === "Partner") return "your partner";
  if (subject === "Opponent") return "your opponent";
  return subject;
}

/** How a named seat relates to the viewer ("partner", "left"), or "" for the viewer's own seat and for spectators. */
export function seatRole(state, seat, viewer = state.seat) {
  if (viewer === null || viewer === undefined || seat === viewer) return "";
  return seatPlace(state, seat, viewer).toLowerCase();
}

/** A seat with its place when it has a name: "Bob (partner)"; "Left"; "You". */
export function seatTitle(state, seat, viewer = state.seat) {
  const name = seatName(state, seat, viewer);
  const role = playerName(state, seat) ? seatRole(state, seat, viewer) : "";
  return role ? `${name} (${role})` : name;
}

/** A seat's name as page content: the name in <bdi>, so its direction stays its own. */
export function nameNode(state, seat, viewer = state.seat) {
  const name = playerName(state, seat);
  if (viewer !== null && viewer !== undefined && seat === viewer) return h("span", { class: "name" }, "You");
  if (!name) return h("span", { class: "name" }, seatPlace(state, seat, viewer));
  return h("bdi", { class: "name", title: name }, name);
}

const BOT_WORDS = { pimc: "Strong bot", heuristic: "Simple bot", random: "Random bot" };

/** A bot kind in words ("Strong bot"); unknown kinds keep their own name. */
export function botWords(kind) {
  return BOT_WORDS[kind] || `${kind.charAt(0).toUpperCase()}${kind.slice(1)} bot`;
}

/** The kind of player in a seat, in words: "Strong bot, level 3", "away" for a person not at the table, "" for a person here. */
export function seatKind(info) {
  if (!info || !info.kind) return "";
  if (info.kind === "human") return info.connected ? "" : "away";
  const level = info.settings?.level;
  return `${botWords(info.kind)}${level ? `, level ${level}` : ""}`;
}

function teamSeats(state, team) {
  const players = state.seats.length;
  const teams = players === 6 ? 3 : 2;
  const seats = [];
  for (let seat = team; seat < players; seat += teams) seats.push(seat);
  return seats;
}

/** The partner of a seat, or null where there are no partners. */
export function partnerOf(state, seat) {
  const players = state.seats.length;
  const teams = players === 6 ? 3 : 2;
  return players === teams ? null : (seat + teams) % players;
}

/** A team's name as text: "You & Bob", "Left & Right". */
export function teamName(state, team, viewer = state.seat) {
  return teamSeats(state, team).map((seat) => seatName(state, seat, viewer)).join(" & ");
}

/** A team's name as page content, each name isolated. */
export function teamNode(state, team, viewer = state.seat) {
  const node = h("span", { class: "team-name" });
  teamSeats(state, team).forEach((seat, index) => {
    if (index) node.append(" & ");
    node.append(nameNode(state, seat, viewer));
  });
  return node;
}

/** Whether a team's name is a plural subject ("You & Bob win", but a lone player "wins"). */
function teamVerb(state, team, plural, singular) {
  const seats = teamSeats(state, team);
  if (seats.length > 1 || seats[0] === state.seat) return plural;
  return singular;
}

/** "You & Bob win" / "Left wins". */
export function teamWins(state, team) {
  return `${teamName(state, team)} ${teamVerb(state, team, "win", "wins")}`;
}

function suitWords(letter) {
  if (letter === "NT" || letter === "N") return "no trump";
  return SUITS[letter] ? `${SUITS[letter].name.toLowerCase()} ${SUITS[letter].symbol}` : letter;
}

/** Short label of an action for a button ("Call ♠", "Pass"); the same words as the action's button. */
export function actionLabel(action, state) {
  const [keyword, rest, extra] = action.split(":");
  switch (keyword) {
    case "pass": return "Pass";
    case "order":
      if (rest) return `Order ${suitSymbol(rest)}`;
      return state && state.observation?.dealer === state.seat ? "Pick it up" : "Order it up";
    case "call": return rest === "NT" ? "Call no trump" : `Call ${suitSymbol(rest)}`;
    case "partner": return "Play with partner";
    case "alone": return "Go alone";
    case "jambone": return "Jambone";
    case "defend-alone": return "Defend alone";
    case "decline": return "Decline";
    case "bid": {
      const tricks = rest.match(/^\d+/)?.[0] || rest;
      const suit = rest.slice(tricks.length);
      return `Bid ${tricks} ${suit === "NT" ? "no trump" : suitSymbol(suit)}`;
    }
    case "play":
      if (extra) return `Lead ${cardText(rest)} as ${suitSymbol(extra)}`;
      return `Play ${cardText(rest)}`;
    case "discard": return `Discard ${rest.split(",").map(cardText).join(" ")}`;
    case "give": return `Give ${cardText(rest)}`;
    case "twos-threes": return rest ? `Return ${rest.split(",").map(cardText).join(" ")}` : "Return none";
    case "claim-renege": return "Claim a renege";
    default: return action;
  }
}

/** A one-line explanation of a choice, for the buttons whose words a new player may not know. */
export function actionHelp(action) {
  const keyword = action.split(":")[0];
  return {
    alone: "Play this hand without your partner: take all the tricks for extra points.",
    partner: "Play this hand with your partner.",
    jambone: "Play alone with your cards face up; the player on your left picks each card you play.",
    "defend-alone": "Defend against the loner without your partner, for extra points if you euchre them.",
    "claim-renege": "Say that someone failed to follow suit; a wrong claim costs your team.",
    decline: "Refuse this choice.",
  }[keyword] || null;
}

function cards(list, long) {
  return list.map(long ? cardName : cardText).join(long ? ", " : " ");
}

/**
 * A sentence for an action someone took ("Bob plays K♠", "You pass").  With ``long`` the cards are named
 * in words ("King of Spades"), for screen readers; the page shows them as on the buttons.
 * ``context.turnUp`` names the card ordered up.
 */
export function actionSentence(state, seat, action, { long = false, turnUp = null, dealer = null, phase = null } = {}) {
  const who = seatName(state, seat);
  const you = who === "You";
  const verb = (base, third = `${base}s`) => `${who} ${you ? base : third}`;
  const [keyword, rest, extra] = action.split(":");
  const card = (c) => (long ? cardName(c) : cardText(c));
  const partner = partnerOf(state, seat);
  switch (keyword) {
    case "pass": return phase === "twos-threes" ? `${verb("keep")} ${you ? "your" : "their"} cards` : `${verb("pass", "passes")}`;
    case "order": {
      if (rest) return `${verb("order")} ${suitWords(rest)}`;
      const what = turnUp ? card(turnUp) : "it";
      if (dealer !== null && dealer === seat) return `${verb("pick")} up ${what}`;
      return turnUp ? `${verb("order")} up ${what}` : `${verb("order")} it up`;
    }
    case "call": return `${verb("call")} ${suitWords(rest)}`;
    case "partner":
      return partner === null ? `${verb("play")} with a partner` : `${verb("play")} with ${seatObject(state, partner)}`;
    case "alone": return `${verb("go", "goes")} alone`;
    case "jambone": return `${verb("declare")} a Jambone`;
    case "defend-alone": return `${verb("defend")} alone`;
    case "decline": return `${verb("decline")}`;
    case "bid": return `${verb("bid")} ${actionLabel(action).slice(4)}`;
    case "play": return extra ? `${verb("lead")} ${card(rest)} as ${suitWords(extra)}` : `${verb("play")} ${card(rest)}`;
    case "discard": {
      const list = rest.split(",");
      if (list.includes("??")) return `${verb("discard")} ${list.length === 1 ? "a card" : `${list.length} cards`}`;
      return `${verb("discard")} ${cards(list, long)}`;
    }
    case "give": {
      const to = partner === null ? "" : ` ${seatObject(state, partner)}`;
      return rest.includes("??") ? `${verb("give")}${to} a card` : `${verb("give")}${to} ${card(rest)}`;
    }
    case "twos-threes": return rest ? `${verb("return")} ${cards(rest.split(","), long)}` : `${verb("return")} no twos or threes`;
    case "claim-renege": return `${verb("claim")} a renege`;
    default: return `${who}: ${action}`;
  }
}

export function trumpWords(trump) {
  if (!trump) return "not yet named";
  return suitWords(trump);
}

const PHASES = {
  "round-1": "Bidding: order up or pass",
  "round-2": "Bidding: name trump or pass",
  "pickup-choice": "Dealer: pick up or decline",
  "maker-choice": "Maker: alone or with partner",
  defend: "Defend alone?",
  exchange: "Loner's exchange",
  discard: "Discarding",
  "twos-threes": "Returning twos and threes",
  auction: "Bidding",
  play: "Playing tricks",
  over: "Hand over",
};

/** A phase of the hand in a card player's words. */
export function phaseWords(phase) {
  return PHASES[phase] || (phase || "").replaceAll("-", " ");
}

/** A finished hand's result (``previous_hand.result``, or a record's deal ``result``) in sentences: the contract and
 * its result first, then how it went, tricks and points. */
export function handSummary(state, r) {
  if (r.misdeal) return ["Misdeal: no points."];
  const lines = [];
  if (r.maker !== null && r.maker !== undefined) {
    const who = seatName(state, r.maker);
    const named = r.contract ? `bid ${actionLabel(`bid:${r.contract}`).slice(4)}` : `named ${trumpWords(r.trump)}`;
    const how = r.jambone ? " in a Jambone" : r.alone ? " alone" : "";
    const result = r.made === true ? "made it" : r.made === false ? "euchred" : "no contract scored";
    lines.push(`${who} ${named}${how}: ${result}.`);
  }
  if (r.lone_defender !== null && r.lone_defender !== undefined) lines.push(`${seatName(state, r.lone_defender)} defended alone.`);
  for (const seat of r.jamboree || []) lines.push(`${seatName(state, seat)} showed a Jamboree${r.jamboree_scored ? ", scored" : ""}.`);
  for (const seat of r.twos_threes || []) lines.push(`${seatName(state, seat)} returned twos and threes.`);
  if (r.renege) lines.push(`${seatName(state, r.renege.reneger)} reneged; ${seatName(state, r.renege.claimant)} caught it (${r.renege.penalty} points).`);
  for (const claim of r.renege_claims || []) if (!claim.correct) lines.push(`${seatName(state, claim.claimant)} claimed a renege that was not.`);
  lines.push(`Tricks: ${r.tricks.map((t, seat) => `${seatName(state, seat)} ${t}`).join(", ")}.`);
  lines.push(`Points: ${r.points.map((p, team) => `${teamName(state, team)} ${p ? `+${p}` : "0"}`).join(", ")}.`);
  return lines;
}
