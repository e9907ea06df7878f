// The felt: seats around an oval, the trick in the middle, the turn-up; used by the table and the replay viewer.

import { cardElement } from "./cards.js";
import { seatKind, seatName, trumpWords } from "./words.js";

function position(relative, players, radiusX, radiusY) {
  const angle = Math.PI / 2 + (relative * 2 * Math.PI) / players;
  return { left: 50 + radiusX * Math.cos(angle), top: 50 + radiusY * Math.sin(angle) };
}

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
  for (const [seat, action] of o.history || []) {
    if (!action.startsWith("play:")) bidsThisHand[seat] = action;
  }

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
    const name = seatName(state, seat);
    const tags = [];
    if (o.dealer === seat) tags.push("dealer");
    if (o.maker === seat) tags.push(o.alone ? "maker, alone" : "maker");
    if (o.high_bidder === seat && o.phase === "bidding") tags.push("high bid");
    if ((o.sitting_out || []).includes(seat)) tags.push("sits out");
    badge.setAttribute("aria-label", `${name}${seatKind(state.seats[seat]) ? ", " + seatKind(state.seats[seat]) : ""}${tags.length ? ", " + tags.join(", ") : ""}${toAct ? ", to act" : ""}`);
    const title = document.createElement("div");
    title.className = "seat-title";
    title.innerHTML = "";
    const nameNode = document.createElement("strong");
    nameNode.textContent = name;
    title.append(nameNode);
    if (o.dealer === seat) {
      const chip = document.createElement("span");
      chip.className = "chip dealer-chip";
      chip.title = "Dealer";
      chip.textContent = "D";
      title.append(chip);
    }
    if (o.maker === seat) {
      const chip = document.createElement("span");
      chip.className = "chip maker-chip";
      chip.title = o.alone ? "Maker, alone" : "Maker";
      chip.textContent = o.alone ? "M★" : "M";
      title.append(chip);
    }
    badge.append(title);
    const detail = document.createElement("div");
    detail.className = "seat-detail";
    const tricks = o.tricks_won?.[seat] ?? 0;
    const kind = seatKind(state.seats[seat]);
    if (kind) {
      const kindNode = document.createElement("span");
      kindNode.className = "seat-kind";
      kindNode.textContent = `${kind} · `;
      detail.append(kindNode);
    }
    detail.append(`${tricks} trick${tricks === 1 ? "" : "s"}`);
    badge.append(detail);
    const bid = bidsThisHand[seat];
    if (bid && o.phase !== "play" && o.phase !== "over") {
      const bubble = document.createElement("div");
      bubble.className = "bubble";
      bubble.textContent = model.describe ? model.describe(bid) : bid;
      badge.append(bubble);
    }
    // Cards shown at the seat: full hands in a replay, an exposed hand, or card backs.
    const shown = model.hands ? model.hands[seat] : o.exposed?.[String(seat)];
    if (shown && seat !== model.hideHandOf) {
      const row = document.createElement("div");
      row.className = "seat-cards open";
      for (const card of shown) {
        const legal = model.legalCards?.has(card) && model.chooseCard;
        row.append(cardElement(card, legal ? { onChoose: model.chooseCard, legal: true } : {}));
      }
      badge.append(row);
    } else if (relative !== 0 || model.hideHandOf === undefined) {
      const count = o.hand_sizes?.[seat] ?? 0;
      if (relative !== 0 && count) {
        const row = document.createElement("div");
        row.className = "seat-cards backs";
        row.setAttribute("aria-label", `${count} card${count === 1 ? "" : "s"}`);
        row.setAttribute("role", "img");
        for (let i = 0; i < Math.min(count, 12); i += 1) row.append(cardElement("??"));
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
    for (const [seat, card] of trick) {
      const relative = (seat - bottom + players) % players;
      const place = players > 4 ? position(relative, players, 34, 36) : position(relative, players, 17, 22);
      const node = cardElement(card);
      node.setAttribute("aria-label", `${seatName(state, seat)} played ${node.getAttribute("aria-label")}`);
      node.classList.add("trick-card");
      node.style.left = `${place.left}%`;
      node.style.top = `${place.top}%`;
      centre.append(node);
    }
  } else if (o.turn_up && o.turn_up_state === "face-up") {
    const node = cardElement(o.turn_up);
    node.classList.add("turn-up");
    node.setAttribute("aria-label", `Turned up: ${node.getAttribute("aria-label")}`);
    const caption = document.createElement("div");
    caption.className = "caption";
    caption.textContent = "turned up";
    centre.append(node, caption);
  } else if (o.trump) {
    const caption = document.createElement("div");
    caption.className = "caption big";
    caption.textContent = `Trump: ${trumpWords(o.trump)}`;
    centre.append(caption);
  }
  container.append(centre);
}
