// Words for seats, teams and actions: what the page shows and what screen readers say.

import { cardName, cardText, suitSymbol, SUITS } from "./cards.js";

const RELATIVE = {
  2: ["You", "Opponent"],
  3: ["You", "Left", "Right"],
  4: ["You", "Left", "Partner", "Right"],
  6: ["You", "Left", "Left 2", "Across", "Right 2", "Right"],
};

/** The name of a seat as the viewer sees it (relative to the viewer's own seat). */
export function seatName(state, seat, viewer = state.seat) {
  const info = state.seats?.[seat];
  const players = state.seats?.length || 4;
  let base;
  if (viewer === null || viewer === undefined) base = `Seat ${seat + 1}`;
  else base = (RELATIVE[players] || [])[(seat - viewer + players) % players] || `Seat ${seat + 1}`;
  if (info?.name) return `${base} (${info.name})`;
  return base;
}

/** The kind of player in a seat, in words. */
export function seatKind(info) {
  if (!info || !info.kind) return "";
  if (info.kind === "human") return info.connected ? "person" : "person, away";
  const level = info.settings?.level;
  return `${info.kind} bot${level ? ` level ${level}` : ""}`;
}

/** A team's name: its seats by name. */
export function teamName(state, team, viewer = state.seat) {
  const players = state.seats.length;
  const teams = players === 6 ? 3 : 2;
  const members = [];
  for (let seat = team; seat < players; seat += teams) members.push(seatName(state, seat, viewer));
  return members.join(" & ");
}

function suitWords(letter) {
  if (letter === "NT" || letter === "N") return "no trump";
  return SUITS[letter] ? `${SUITS[letter].name.toLowerCase()} ${SUITS[letter].symbol}` : letter;
}

/** Short label of an action for a button ("Call ♠", "Pass"). */
export function actionLabel(action, state) {
  const [keyword, rest, extra] = action.split(":");
  switch (keyword) {
    case "pass": return "Pass";
    case "order":
      if (rest) return `Order ${suitSymbol(rest)}`;
      return state && state.observation?.dealer === state.seat ? "Pick it up" : "Order it up";
    case "call": return rest === "NT" ? "Call no trump" : `Call ${suitSymbol(rest)}`;
    case "partner": return "With partner";
    case "alone": return "Go alone";
    case "jambone": return "Jambone";
    case "defend-alone": return "Defend alone";
    case "decline": return "Decline";
    case "bid": {
      const tricks = rest.match(/^\d+/)?.[0] || rest;
      const suit = rest.slice(tricks.length);
      return `Bid ${tricks} ${suit === "NT" ? "NT" : suitSymbol(suit)}`;
    }
    case "play":
      if (extra) return `Lead ${cardText(rest)} as ${suitSymbol(extra)}`;
      return `Play ${cardText(rest)}`;
    case "discard": return `Discard ${rest.split(",").map(cardText).join(" ")}`;
    case "give": return `Give ${cardText(rest)}`;
    case "twos-threes": return `Return ${rest.split(",").map(cardText).join(" ")}`;
    default: return action;
  }
}

const SECOND_PERSON = {
  passes: "pass", plays: "play", orders: "order", calls: "call", goes: "go", declares: "declare",
  defends: "defend", declines: "decline", bids: "bid", discards: "discard", gives: "give", returns: "return",
};

/** A sentence for an action someone took ("Left plays the Jack of Hearts", "You pass"). */
export function actionSentence(state, seat, action) {
  const sentence = thirdPerson(state, seat, action);
  if (!sentence.startsWith("You ")) return sentence;
  const [you, verb, ...rest] = sentence.split(" ");
  return [you, SECOND_PERSON[verb] || verb, ...rest].join(" ");
}

function thirdPerson(state, seat, action) {
  const who = seatName(state, seat);
  const [keyword, rest, extra] = action.split(":");
  switch (keyword) {
    case "pass": return `${who} passes`;
    case "order": return rest ? `${who} orders ${suitWords(rest)}` : `${who} orders it up`;
    case "call": return `${who} calls ${suitWords(rest)}`;
    case "partner": return `${who} plays with partner`;
    case "alone": return `${who} goes alone`;
    case "jambone": return `${who} declares a Jambone`;
    case "defend-alone": return `${who} defends alone`;
    case "decline": return `${who} declines`;
    case "bid": return `${who} bids ${actionLabel(action).slice(4)}`;
    case "play": return `${who} plays ${cardName(rest)}${extra ? ` as ${suitWords(extra)}` : ""}`;
    case "discard": return rest.includes("??") ? `${who} discards` : `${who} discards ${rest.split(",").map(cardName).join(", ")}`;
    case "give": return rest.includes("??") ? `${who} passes a card` : `${who} gives ${cardName(rest)}`;
    case "twos-threes": return `${who} returns ${rest.split(",").map(cardName).join(", ")}`;
    default: return `${who}: ${action}`;
  }
}

export function trumpWords(trump) {
  if (!trump) return "not yet named";
  return suitWords(trump);
}

export function phaseWords(phase) {
  return (phase || "").replaceAll("-", " ");
}
