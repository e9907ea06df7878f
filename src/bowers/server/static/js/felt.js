// The felt: seats around an oval, the trick in the middle, the turn-up; used by the table and the replay viewer.

import { cardElement, cardName, cardText, suitSymbol } from "./cards.js";
import { h } from "./dom.js";
import { nameNode, playerName, seatKind, seatName, seatRole, seatTitle, trumpWords } from "./words.js";

function position(relative, players, radiusX, radiusY) {
  const angle = Math.PI / 2 + (relative * 2 * Math.PI) / players;
  return { left: 50 + radiusX * Math.cos(angle), top: 50 + radiusY * Math.sin(angle) };
}

// Where each seat's card lies in the trick, as steps of one card's width and height from the centre:
// a cross whose cards never cover another card's corner, whoever played first.
const CROSS = {
  2: [[0, 0.55], [0, -0.55]],
  4: [[0, 0.58], [-1.02, 0], [0, -0.58], [1.02, 0]],
};

/**
 * Draw the felt into ``container``.
 * model: { state (seats, seat), observation, bottom (seat drawn at the bottom), hands (full hands, replay only),
 *          chooseCard(card) for cards of the exposed hand the viewer may choose, legalCards (Set) }
 */
export function drawFelt(container, model) {
  const { state, observation: o } = model;
  const players = state.seats.length;
  const bottom = model.bottom ?? 0;
  container.replaceChildren();
  container.classList.add("felt");
  container.dataset.players = players;

  const bidsThisHand = {};
  // Ultimate opens each hand with every seat's twos-and-threes choice: shown while that step lasts, never as a bid.
  const opening = state.variant === "ultimate" ? players : 0;
  (o.history || []).forEach(([seat, action], index) => {
    if (action.startsWith("play:") || (index < opening && o.phase !== "twos-threes")) return;
    bidsThisHand[seat] = action;
  });

  for (let seat = 0; seat < players; seat += 1) {
    const relative = (seat - bottom + players) % players;
    const place = position(relative, players, 41, 40);
    const badge = document.createElement("section");
    badge.className = "seat";
    badge.dataset.seat = seat;
    badge.dataset.relative = relative;
    badge.style.left = `${place.left}%`;
    badge.style.top = `${place.top}%`;
    if (place.top < 25) badge.classList.add("edge-top");
    if (place.left < 25) badge.classList.add("edge-left");
    else if (place.left > 75) badge.classList.add("edge-right");
    const toAct = o.to_act === seat;
    if (toAct) badge.classList.add("to-act");
    if ((o.sitting_out || []).includes(seat)) badge.classList.add("sitting-out");
    const kind = seatKind(state.seats[seat]);
    const tags = [];
    if (o.dealer === seat) tags.push("dealer");
    if (o.maker === seat) tags.push(o.alone ? "maker, alone" : "maker");
    if (o.lone_defender === seat) tags.push("defends alone");
    if (o.high_bidder === seat && o.phase === "auction") tags.push("high bid");
    if ((o.sitting_out || []).includes(seat)) tags.push("sits out");
    badge.setAttribute("aria-label", [seatTitle(state, seat), kind, ...tags, toAct ? "to act" : ""].filter(Boolean).join(", "));

    const title = h("div", { class: "seat-title" }, nameNode(state, seat));
    if (kind === "away") title.append(h("span", { class: "away" }, "(away)"));
    if (o.dealer === seat) title.append(h("span", { class: "chip dealer-chip", title: "Dealer" }, "D"));
    if (o.maker === seat) {
      // The maker's chip shows the trump suit it named (a star before trump is named, as in a bid).
      const suit = o.trump ? (o.trump === "NT" ? "NT" : suitSymbol(o.trump)) : "★";
      title.append(h("span", { class: `chip maker-chip${o.trump && "DH".includes(o.trump) ? " red" : ""}`, title: o.alone ? "Named trump, playing alone" : "Named trump" },
        suit, o.alone ? h("span", { class: "chip-word" }, " alone") : null));
    }
    if (o.lone_defender === seat) title.append(h("span", { class: "chip defender-chip", title: "Defends alone" }, "1", h("span", { class: "chip-word" }, " defends alone")));
    badge.append(title);

    const tricks = o.tricks_won?.[seat] ?? 0;
    const role = playerName(state, seat) ? seatRole(state, seat) : "";
    const about = [role, kind && kind !== "away" ? kind : ""].filter(Boolean).join(" · ");
    badge.append(h("div", { class: "seat-detail" },
      about ? h("span", { class: "seat-kind" }, `${about} · `) : null,
      (o.sitting_out || []).includes(seat) ? "sits out" : `${tricks} trick${tricks === 1 ? "" : "s"}`));
    const bid = bidsThisHand[seat];
    if (bid && o.phase !== "play" && o.phase !== "over") {
      badge.append(h("div", { class: "bubble" }, model.describe ? model.describe(bid, seat) : bid));
    }
    // Cards shown at the seat: full hands in a replay, an exposed hand, or card backs.
    const shown = model.hands ? model.hands[seat] : o.exposed?.[String(seat)];
    if (shown && seat !== model.hideHandOf) {
      const row = h("div", { class: "seat-cards open" });
      row.style.setProperty("--count", String(Math.max(shown.length, 1)));
      for (const card of shown) {
        const legal = model.legalCards?.has(card) && model.chooseCard;
        row.append(cardElement(card, legal ? { onChoose: model.chooseCard, legal: true } : {}));
      }
      badge.append(row);
    } else if (relative !== 0 || model.hideHandOf === undefined) {
      const count = o.hand_sizes?.[seat] ?? 0;
      if (relative !== 0 && count) {
        const row = h("div", { class: "seat-cards backs", role: "img", "aria-label": `${count} card${count === 1 ? "" : "s"}` });
        row.style.setProperty("--count", String(count));
        for (let i = 0; i < count; i += 1) row.append(cardElement("??"));
        badge.append(row);
      }
    }
    container.append(badge);
  }

  const centre = document.createElement("section");
  centre.className = "centre";
  centre.setAttribute("aria-label", "The trick");
  const trick = o.trick || [];
  if (trick.length) {
    const cross = CROSS[players];
    for (const [seat, card] of trick) {
      const relative = (seat - bottom + players) % players;
      const node = cardElement(card);
      node.setAttribute("aria-label", `${seatName(state, seat)} played ${node.getAttribute("aria-label")}`);
      node.classList.add("trick-card");
      node.dataset.seat = seat;
      if (cross) {
        const [x, y] = cross[relative];
        node.style.left = `calc(50% + ${x} * var(--trick-w))`;
        node.style.top = `calc(50% + ${y} * var(--trick-w) * 1.4)`;
      } else {
        const place = position(relative, players, 34, 36);
        node.style.left = `${place.left}%`;
        node.style.top = `${place.top}%`;
      }
      centre.append(node);
    }
  } else if (o.turn_up && o.turn_up_state === "face-up") {
    const node = cardElement(o.turn_up);
    node.classList.add("turn-up");
    node.setAttribute("aria-label", `Turned up: ${node.getAttribute("aria-label")}`);
    centre.append(node, h("div", { class: "caption" }, "turned up"));
  } else if (o.turn_up && o.turn_up_state === "taken" && o.phase === "discard" && o.dealer !== null) {
    // The dealer holds the turn-up until the discard: everyone sees which card went into that hand.
    const node = cardElement(o.turn_up);
    node.classList.add("turn-up", "taken");
    const who = seatName(state, o.dealer);
    const words = `${who} picked up ${cardName(o.turn_up)}`;
    node.setAttribute("aria-label", words);
    centre.append(node, h("div", { class: "caption", "aria-hidden": "true" }, `${who} picked up ${cardText(o.turn_up)}`));
  } else if (o.trump) {
    centre.append(h("div", { class: "caption big" }, `Trump: ${trumpWords(o.trump)}`));
  }
  container.append(centre);
}
