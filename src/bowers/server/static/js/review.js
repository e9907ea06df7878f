// Reviewing a finished game, as chess sites do: each decision of one seat with what the strong bot would have done
// and the points it reckons each choice was worth, the largest losses first (or in game order), and the chance of
// winning hand by hand.  The review runs on the server (POST /api/reviews, asked again until it is done); the page
// shows how far it has come.  Only the reviewed seat's own cards are ever in it.

import { cardName, cardText } from "./cards.js";
import { announce, h } from "./dom.js";
import { actionLabel, phaseWords, seatName, seatTitle, teamName } from "./words.js";

const POLL_MS = 600; // how often a running review is asked about
const BUSY_MS = 3000; // how soon a review refused because another is under way is asked for again
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function points(value) {
  return `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value).toFixed(2)}`;
}

/**
 * Open the review of a finished game over the page.  ``source`` is ``{ table, token }`` (a table: a seat's key
 * reviews that seat) or ``{ replay }``; ``seat`` the seat to review first (null: the first); ``viewer`` the seat
 * named "You" (null for a spectator); ``seats`` who sat where (names), as the table showed them; ``chooser``
 * whether other seats may be chosen.  Returns a function that closes it.
 */
export function openReview({ source, seat = null, viewer = null, seats, chooser = true }) {
  const state = { seat: viewer, seats: seats.map((info) => ({ ...info })) };
  let current = seat ?? 0;
  let order = "loss";
  let answer = null;
  let timer = null;
  let asking = 0; // the latest request's number: an answer to an older one is dropped
  const status = h("p", { class: "review-status", role: "status", "aria-live": "polite" });
  const bar = h("progress", { class: "review-progress", max: "1", value: "0", "aria-label": "Review progress" });
  const body = h("div", { class: "review-body" });
  const title = h("h2", { id: "review-title" }, "Review");
  const close = h("button", { type: "button", class: "tool review-close", "aria-label": "Close the review" }, "Close");
  const header = h("div", { class: "review-head" }, title, close);
  const controls = h("div", { class: "review-controls" });
  if (chooser) {
    const select = h("select", { id: "review-seat" },
      state.seats.map((_, index) => h("option", { value: String(index), selected: index === current }, seatTitle(state, index))));
    select.addEventListener("change", () => {
      current = Number(select.value);
      ask();
    });
    controls.append(h("label", { for: "review-seat" }, "Decisions of "), select);
  }
  const orders = [["loss", "Largest losses first"], ["game", "In game order"]].map(([value, text]) => {
    const button = h("button", { type: "button", class: "small", "aria-pressed": String(value === order), "data-order": value }, text);
    button.addEventListener("click", () => {
      order = value;
      for (const other of orderGroup.querySelectorAll("button")) other.setAttribute("aria-pressed", String(other === button));
      if (answer) showDecisions();
    });
    return button;
  });
  const orderGroup = h("div", { class: "review-order", role: "group", "aria-label": "Order of the decisions" }, orders);
  controls.append(orderGroup);
  const list = h("ol", { class: "review-list", "aria-label": "Decisions" });
  const dialog = h("dialog", { class: "review", "aria-labelledby": "review-title" },
    header, controls, status, bar, body);
  document.body.append(dialog);
  dialog.showModal();
  // Keys pressed here are the review's own: the table or replay under it does not act on them.
  dialog.addEventListener("keydown", (event) => event.stopPropagation());
  function shut() {
    window.clearTimeout(timer);
    asking += 1;
    if (dialog.open) dialog.close();
    dialog.remove();
  }
  close.addEventListener("click", shut);
  dialog.addEventListener("close", shut);

  async function ask() {
    window.clearTimeout(timer);
    const number = ++asking;
    title.textContent = `Review: ${seatTitle(state, current)}`;
    answer = null;
    body.replaceChildren();
    bar.hidden = false;
    const request = source.table
      ? { table: source.table, token: source.token ?? null, seat: source.token ? null : current }
      : { replay: source.replay, seat: current };
    let response;
    let reply;
    try {
      response = await fetch("/api/reviews", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
      reply = await response.json();
    } catch {
      if (number !== asking) return;
      status.textContent = "The server could not be reached; trying again…";
      timer = window.setTimeout(ask, BUSY_MS);
      return;
    }
    if (number !== asking) return;
    if (response.status === 202) {
      status.textContent = `${reply.message.charAt(0).toUpperCase()}${reply.message.slice(1)}…`;
      bar.max = String(Math.max(1, reply.hands));
      bar.value = String(reply.hand);
      timer = window.setTimeout(ask, POLL_MS);
      return;
    }
    if (!response.ok) {
      bar.hidden = true;
      status.textContent = reply.busy ? `${reply.error.charAt(0).toUpperCase()}${reply.error.slice(1)}. Waiting…` : reply.error;
      if (reply.busy) timer = window.setTimeout(ask, BUSY_MS);
      return;
    }
    bar.hidden = true;
    answer = reply;
    show();
  }

  function show() {
    const who = seatName(state, answer.seat);
    const count = answer.decisions.length;
    const costly = answer.decisions.filter((d) => d.mistake).length;
    const lost = answer.decisions.reduce((sum, d) => sum + d.cost, 0);
    const reviewed = answer.first_hand > 0
      ? `The last ${answer.hands_reviewed} of ${answer.hands_total} hands are reviewed (a long game's review stops there).`
      : `All ${answer.hands_total} hands are reviewed.`;
    status.textContent = `${count} decision${count === 1 ? "" : "s"} by ${who}; ${costly} cost half a point or more against the strong bot's choice (about ${lost.toFixed(1)} points in all).`;
    announce(`Review ready. ${status.textContent}`);
    const notes = [h("p", { class: "muted" }, `${reviewed} Each choice is worth what the strong bot (level ${answer.level}) reckons it scores on average, in points for ${who === "You" ? "your" : "the player's"} side.`)];
    if (answer.hands_skipped.length) notes.push(h("p", { class: "muted" }, `${answer.hands_skipped.length === 1 ? "Hand" : "Hands"} ${answer.hands_skipped.map((n) => n + 1).join(", ")} took too long to review and ${answer.hands_skipped.length === 1 ? "is" : "are"} left out.`));
    body.replaceChildren(chart(), ...notes, list);
    showDecisions();
  }

  function showDecisions() {
    const shown = [...answer.decisions];
    if (order === "loss") shown.sort((a, b) => b.cost - a.cost || a.hand - b.hand || a.index - b.index);
    list.replaceChildren(...shown.map(decisionItem));
    if (!shown.length) list.append(h("li", { class: "muted" }, answer.hands_skipped.length ? "No decisions: no hand could be reviewed in time." : "No decisions: every choice of this seat was forced."));
  }

  function decisionItem(d) {
    const who = seatName(state, answer.seat);
    const you = who === "You";
    const chose = `${who} chose ${actionLabel(d.played, null)}`;
    const verdict = !d.judged
      ? "not judged: the record does not show every card of this hand"
      : d.best === d.played ? "the strong bot agrees"
        : d.cost < 0.005 ? `the strong bot rates it as high as its own choice, ${actionLabel(d.best, null)}`
        : `the strong bot's choice, ${actionLabel(d.best, null)}, is worth ${d.cost.toFixed(2)} points more`;
    const holding = h("span", { class: "review-cards", "aria-label": `Holding ${d.cards.map(cardName).join(", ")}` },
      d.cards.map((card) => h("span", { class: `review-card ${/[DH]$/.test(card) ? "red" : ""}` }, cardText(card))));
    const choices = h("ul", { class: "values review-choices" }, d.choices.map((choice) => {
      const played = choice.action === d.played;
      const best = choice.action === d.best;
      return h("li", { class: `${best ? "best" : ""}${played ? " played" : ""}` },
        `${actionLabel(choice.action, null)}: ${points(choice.value)}`,
        choice.chance === null || choice.chance === undefined ? "" : `, ${Math.round(choice.chance * 100)}% to win the game`,
        played ? ` ← ${you ? "yours" : "chosen"}` : "", best && !played ? " ← the bot's" : "");
    }));
    return h("li", { class: `review-decision${d.mistake ? " costly" : ""}`, "data-cost": String(d.cost) },
      h("p", { class: "review-where" }, h("strong", {}, `Hand ${d.hand + 1}`), ` · ${phaseWords(d.phase)}`, d.mistake ? h("span", { class: "review-tag" }, "costly") : ""),
      h("p", {}, "Holding ", holding),
      h("p", {}, `${chose}; ${verdict}.`),
      choices);
  }

  function chart() {
    const chances = answer.chances;
    if (!chances || chances.length < 2) return h("p", { class: "muted" }, "No chance-of-winning table covers this variant.");
    const team = teamName(state, answer.team);
    const width = 320;
    const height = 120;
    const left = 30;
    const x = (i) => left + (i * (width - left - 8)) / (chances.length - 1);
    const y = (p) => 8 + (1 - p) * (height - 24);
    const line = chances.map((point, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(point.chance).toFixed(1)}`).join(" ");
    const described = chances.map((point) => `${point.hand === 0 ? "at the start" : `after hand ${point.hand}`} ${Math.round(point.chance * 100)}%`).join(", ");
    const figure = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "review-chart", role: "img", "aria-label": `Chance that ${team} win, ${described}` },
      svg("line", { x1: left, x2: width - 8, y1: y(0.5), y2: y(0.5), class: "even" }),
      svg("text", { x: left - 4, y: y(1) + 4, "text-anchor": "end" }, "100%"),
      svg("text", { x: left - 4, y: y(0.5) + 4, "text-anchor": "end" }, "50%"),
      svg("text", { x: left - 4, y: y(0) + 4, "text-anchor": "end" }, "0%"),
      svg("text", { x: left, y: height - 2 }, "start"),
      svg("text", { x: width - 8, y: height - 2, "text-anchor": "end" }, `hand ${chances.length - 1}`),
      svg("path", { d: line, class: "chance" }),
      ...chances.map((point, i) => svg("circle", { cx: x(i).toFixed(1), cy: y(point.chance).toFixed(1), r: "2.5" },
        svg("title", {}, `${point.hand === 0 ? "Start" : `After hand ${point.hand}`}: ${Math.round(point.chance * 100)}% (${point.scores.join("–")})`))));
    return h("figure", { class: "review-figure" }, figure,
      h("figcaption", { class: "muted" }, `The chance that ${team} win the game, hand by hand, as the bots reckon it from the score.`));
  }

  ask();
  return shut;
}
