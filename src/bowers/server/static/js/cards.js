// Cards drawn as SVG, with words for screen readers.

const SVG = "http://www.w3.org/2000/svg";

export const SUITS = {
  C: { symbol: "♣", name: "Clubs", colour: "black" },
  D: { symbol: "♦", name: "Diamonds", colour: "red" },
  H: { symbol: "♥", name: "Hearts", colour: "red" },
  S: { symbol: "♠", name: "Spades", colour: "black" },
};

const RANKS = {
  2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
  9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King", A: "Ace",
};

const JOKERS = { JK: "Joker", RJ: "Big Joker", LJ: "Little Joker" };

/** The card's name in words ("Jack of Hearts"); "a hidden card" for ??. */
export function cardName(card) {
  if (!card || card === "??") return "a hidden card";
  if (JOKERS[card]) return JOKERS[card];
  return `${RANKS[card[0]] || card[0]} of ${SUITS[card[1]]?.name || card[1]}`;
}

/** Short text of a card ("J♥"). */
export function cardText(card) {
  if (!card || card === "??") return "??";
  if (JOKERS[card]) return card === "LJ" ? "Little Joker" : card === "RJ" ? "Big Joker" : "Joker";
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + (SUITS[card[1]]?.symbol || card[1]);
}

/** Replace suit letters in notation by symbols: "call:S" -> "♠". */
export function suitSymbol(letter) {
  return SUITS[letter]?.symbol || letter;
}

function el(name, attributes = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An SVG face-up card (or a back for "??" / null). */
export function cardSvg(card) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true", focusable: "false" });
  if (!card || card === "??") {
    svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-back" }));
    svg.append(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, class: "card-back-inner" }));
    return svg;
  }
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-face" }));
  if (JOKERS[card]) {
    const colour = card === "LJ" ? "black" : "red";
    svg.classList.add(`suit-${colour}`);
    svg.append(el("text", { x: 6, y: 16, class: "card-corner" }, "★"));
    svg.append(el("text", { x: 30, y: 50, class: "card-pip joker", "text-anchor": "middle" }, "★"));
    svg.append(el("text", { x: 30, y: 72, class: "card-joker-word", "text-anchor": "middle" },
      card === "LJ" ? "LITTLE" : card === "RJ" ? "BIG" : "JOKER"));
    return svg;
  }
  const suit = SUITS[card[1]];
  svg.classList.add(`suit-${suit.colour}`, `suit-${card[1]}`);
  const rank = card[0] === "T" ? "10" : card[0];
  svg.append(el("text", { x: 5, y: 17, class: "card-corner" }, rank));
  svg.append(el("text", { x: 5, y: 31, class: "card-corner-suit" }, suit.symbol));
  const pip = el("text", { x: 32, y: 60, class: "card-pip", "text-anchor": "middle" }, suit.symbol);
  svg.append(pip);
  if ("JQK".includes(card[0])) {
    svg.append(el("text", { x: 32, y: 60, class: "card-court", "text-anchor": "middle" }, card[0]));
    pip.setAttribute("class", "card-pip court-pip");
  }
  return svg;
}

/** A card element: a button when ``onChoose`` is given, else a figure with its name. */
export function cardElement(card, { onChoose = null, legal = false, selected = false, label = null } = {}) {
  const node = document.createElement(onChoose ? "button" : "span");
  node.className = "card";
  node.dataset.card = card || "??";
  node.append(cardSvg(card));
  const name = label || cardName(card);
  if (onChoose) {
    node.type = "button";
    node.setAttribute("aria-label", name + (legal ? "" : ", not playable now"));
    if (!legal) node.setAttribute("aria-disabled", "true");
    if (legal) node.classList.add("legal");
    if (selected) {
      node.classList.add("selected");
      node.setAttribute("aria-pressed", "true");
    }
    node.addEventListener("click", () => { if (legal) onChoose(card); });
  } else {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", name);
  }
  return node;
}
