// The table page: a live game over the websocket, as a seat (with its invite token) or as a spectator.
// An invite link is claimed once: this browser gets the seat's own secret, kept in localStorage, and joins with it;
// the link opened anywhere else says the seat is taken and offers to watch.
//
// States from the server are shown one after another at a card room's pace: a played card moves from its
// seat to the trick, a finished trick stays a moment on the felt, then goes to the seat that took it.
// With prefers-reduced-motion nothing moves, but a finished trick still stays a moment.

import { announce, h } from "./dom.js";
import { cardElement, cardName, cardText, suitSymbol } from "./cards.js";
import { drawFelt } from "./felt.js";
import { rememberTable } from "./mine.js";
import { openReview } from "./review.js";
import {
  actionHelp, actionLabel, actionSentence, botWords, handSummary, nameNode, partnerOf, phaseWords, seatKind, seatName, seatObject, seatRole, seatTitle,
  playerName, teamName, teamNode, teamWins, trumpWords,
} from "./words.js";

// Returning twos and threes is one choice (all of them, or none): a button, like a bid.
const CARD_KINDS = new Set(["play", "discard", "give"]);
const MOVE_MS = 320; // a card's move from its seat to the trick
const TRICK_STAYS_MS = 1200; // a finished trick on the felt before it is taken
const SWEEP_MS = 420; // the trick's move to the seat that took it
const BEHIND = 30; // states waiting past this many (a tab left in the background) are shown without pauses
const ONLY_CHOICE_MS = 600; // with the setting on, a forced choice is made after this moment to see it
const ONLY_CHOICE_KEY = "bowers:only-choice"; // the setting, remembered in this browser
const IDLE_CLOSE = 4008; // the server closed a socket that had been quiet for its idle time
const SLOW_RETRY_MS = 30000; // this address holds too many sockets: the next try waits this long
const JOIN_RETRY_MS = 5000; // too many joins from this address: ask again after this long
const CLOSED_FOR_GOOD = [4001, 4002, 4003, 4004, 4009]; // moved to another window, released, bad key, no table, claimed

/** Whether this browser's player asked the page to make a forced choice (the only legal one) for them. */
function onlyChoiceForMe() {
  try {
    return localStorage.getItem(ONLY_CHOICE_KEY) === "auto";
  } catch {
    return false;
  }
}

function setOnlyChoiceForMe(on) {
  try {
    if (on) localStorage.setItem(ONLY_CHOICE_KEY, "auto");
    else localStorage.removeItem(ONLY_CHOICE_KEY);
  } catch {
    // Storage refused (a private window): the setting lasts as long as the page.
  }
}

/** Split the legal actions into card actions (one card: click it; several: select them) and buttons. */
function sortActions(legal) {
  const single = new Map(); // card -> action
  const multi = []; // { action, keyword, cards }
  const buttons = [];
  for (const action of legal) {
    const [keyword, rest, extra] = action.split(":");
    if (CARD_KINDS.has(keyword) && rest && !extra) {
      const cards = rest.split(",");
      if (cards.length === 1) single.set(cards[0], action);
      else multi.push({ action, keyword, cards });
    } else buttons.push(action);
  }
  return { single, multi, buttons };
}

function reduceMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

function middle(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** The seat that took the trick just finished: the server says so within a hand; at a hand's end, the seat whose count grew. */
function trickWinner(previous, next) {
  if (next.last_trick_winner !== null && next.last_trick_winner !== undefined) return next.last_trick_winner;
  const before = previous.observation.tricks_won || [];
  const after = next.previous_hand?.result?.tricks || [];
  const seat = after.findIndex((count, index) => count > (before[index] ?? 0));
  return seat < 0 ? null : seat;
}

/** What happened to a seat, from the table's notices, as the viewer reads it. */
function noticeWords(state, notice) {
  const mine = notice.seat === state.seat;
  const whose = mine ? "your" : `${seatName(state, notice.seat)}’s`;
  const Whose = mine ? "Your" : whose;
  switch (notice.event) {
    case "claimed": return mine ? "You took your seat with its invite link." : `${Whose} seat was taken with its invite link.`;
    case "moved": return `${Whose} seat was taken by another window.`;
    case "released": return `The person who opened the table released ${whose} seat: its invite link opens it again.`;
    case "stand-in": return mine ? "A bot played for you while you were away." : `A bot plays for ${seatObject(state, notice.seat)} until they come back.`;
    case "back": return mine ? "You are back: your seat is yours again." : `${seatName(state, notice.seat)} is back and plays again.`;
    default: return "";
  }
}

export function openTable(root, tableId, invite) {
  let socket = null;
  let key = null; // what opens this page's seat: the seat's secret once this browser claimed it
  let displaced = false; // the seat was opened in another window: this one may take it back
  let released = false; // the opener released the seat: its invite link may claim it again
  let noticed = null; // the last seat notice announced
  let state = null; // the state message on screen
  let frozen = null; // while a finished trick stays: { observation, ending, previousHand } drawn instead of the state's
  const queue = []; // state messages received, not yet shown
  let pumping = false;
  let hurry = null; // ends the current pause early
  let hint = null;
  // The state message this seat last chose on: no second choice on it.  Any new state from the server (the table's
  // answer, an undo, the state sent again after a reconnection) opens the choices again.
  let sent = null;
  let online = false; // joined and answered: while the connection is lost, choices wait (and the page says so)
  let selection = new Set();
  let retry = 0;
  let slowRetry = false; // this address has too many tables open: try again every half minute
  let closedForGood = false;
  let showLastTrick = false;
  let error = "";
  let confirmingEnd = false; // the opener asked to end the table and is asked to confirm
  let onlyChoiceFor = null; // the state whose only choice is being made for this seat (the page's setting)

  root.replaceChildren();
  const layout = h("div", { class: "table-layout" });
  const status = h("div", { class: "status-bar", role: "status" });
  const felt = h("div", { class: "felt", role: "region", "aria-label": "Card table" });
  const controls = h("div", { class: "controls", role: "group", "aria-label": "Your choices" });
  const handRow = h("div", { class: "hand", role: "group", "aria-label": "Your hand" });
  const side = h("aside", { class: "side", "aria-label": "Game information" });
  const main = h("div", { class: "play-area" }, status, felt, controls, handRow);
  layout.append(main, side);
  root.append(layout);
  felt.addEventListener("click", () => hurry?.()); // a click on the table takes a finished trick at once

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws`);
    socket.addEventListener("open", () => {
      retry = 0;
      slowRetry = false;
      error = "";
      send({ type: "join", table: tableId, token: key });
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      online = false;
      if (closedForGood || CLOSED_FOR_GOOD.includes(event.code)) {
        closedForGood = true;
        render();
        return;
      }
      if (event.code === IDLE_CLOSE) {
        // Closed after a long quiet spell: back at the next sign of the player, not in a loop while no one looks.
        error = "The table was left quiet for a long while; it comes back as soon as you press a key, click or return to this tab.";
        render();
        reconnectOnReturn();
        return;
      }
      retry = Math.min(retry + 1, 6);
      if (!slowRetry) error = "Connection lost; reconnecting… Your choices wait until the table is back.";
      render();
      window.setTimeout(connect, slowRetry ? SLOW_RETRY_MS : 250 * 2 ** retry);
    });
  }

  const claimsKey = `bowers:claims:${tableId}`; // this browser's secrets at this table, by invite token

  function storedClaims() {
    try {
      return JSON.parse(localStorage.getItem(claimsKey) || "{}") || {};
    } catch {
      return {};
    }
  }

  function keepClaim(secret) {
    const claims = storedClaims();
    if (secret) claims[invite] = secret;
    else delete claims[invite];
    try {
      localStorage.setItem(claimsKey, JSON.stringify(claims));
    } catch {
      // Storage refused (a private window): the seat is this page's until it closes.
    }
  }

  /** Open the table: with an invite link, first claim its seat (or use the secret this browser holds for it). */
  async function start() {
    key = invite ? storedClaims()[invite] || null : null;
    if (invite && !key) {
      let response = null;
      let answer = null;
      try {
        response = await fetch(`/api/tables/${tableId}/claim`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: invite }) });
        answer = await response.json();
      } catch {
        response = null; // the server is away: joining with the link says what it can
      }
      if (response?.ok) {
        key = answer.secret;
        keepClaim(key);
      } else if (response?.status === 409) {
        seatTaken();
        return;
      } else key = invite;
    }
    connect();
  }

  function seatTaken() {
    showProblem("This seat is taken",
      "Someone has already taken this seat with its invite link, in another browser. You can watch the table. If the seat is yours (this browser's data was cleared, or you moved to another device), ask the person who opened the table to release it, then open your link again.",
      [[`/t/${tableId}`, "Watch this table"], ["/", "Start a new table"]]);
  }

  function takeBack() {
    displaced = false;
    released = false;
    closedForGood = false;
    error = "";
    start();
  }

  async function post(path, body) {
    let answer;
    try {
      const response = await fetch(`/api/tables/${tableId}/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      answer = response.ok ? null : await response.json();
    } catch {
      answer = { error: "The server could not be reached; try again." };
    }
    if (answer) {
      error = answer.error;
      announce(error);
      render();
    }
  }

  /** Reconnect once, at the player's next key, click or return to the tab. */
  function reconnectOnReturn() {
    const events = ["keydown", "pointerdown"];
    const back = () => {
      if (document.visibilityState !== "visible") return;
      events.forEach((name) => window.removeEventListener(name, back));
      document.removeEventListener("visibilitychange", back);
      connect();
    };
    events.forEach((name) => window.addEventListener(name, back));
    document.addEventListener("visibilitychange", back);
  }

  /** A page in place of the table, for a link that opens no table or no seat, with the ways on. */
  function showProblem(title, text, links) {
    closedForGood = true;
    socket?.close();
    root.replaceChildren(h("section", { class: "panel problem", role: "alert" },
      h("h1", {}, title), h("p", {}, text),
      h("p", { class: "links" }, ...links.map(([href, label], index) => h("a", { href, class: `button${index ? " secondary" : " primary"}` }, label)))));
    document.title = `bowers — ${title}`;
  }

  /** The key that lets this page end the table: the opener's seat token, or the key kept when it was opened. */
  function ownerKey() {
    return localStorage.getItem(`bowers:owner:${tableId}`) || (state?.can_end ? invite : null);
  }

  async function endTable() {
    confirmingEnd = false;
    let answer;
    try {
      const response = await fetch(`/api/tables/${tableId}/end`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: ownerKey() }) });
      answer = response.ok ? null : await response.json();
    } catch {
      answer = { error: "The server could not be reached; the table goes on." };
    }
    if (answer) {
      error = answer.error;
      announce(error);
    }
    render(); // the table's own message, sent to everyone at it, says it ended
  }

  function receive(message) {
    if (message.type === "state") {
      online = true;
      queue.push(message);
      if (queue.length > BEHIND) hurry?.();
      pump();
    } else if (message.type === "hint") {
      if (state && message.actions !== state.actions) return;
      hint = message;
      render();
      if (message.advice.length) announce(`Hint: ${actionLabel(message.advice[0].action, state)}`);
    } else if (message.type === "error") {
      if (!state && message.code === "no-table") {
        showProblem("No table at this link", "There is no table at this address: the link may be incomplete or mistyped.",
          [["/", "Start a new table"], ["/replay", "Replay a game"]]);
        return;
      }
      if (message.code === "seat-claimed") {
        keepClaim(null);
        seatTaken();
        return;
      }
      if (!state && (message.code === "bad-token" || message.code === "malformed")) {
        showProblem("This invite link opens no seat", "The seat's part of the link (after #) is not right: ask for the link again, or watch the table.",
          [["/", "Start a new table"], [`/t/${tableId}`, "Watch this table"]]);
        return;
      }
      error = message.message;
      sent = null;
      if (["bad-token", "no-table", "seat-taken", "seat-released"].includes(message.code)) closedForGood = true;
      if (message.code === "seat-taken") {
        displaced = true;
        error = "Your seat was opened in another window, which now plays it.";
      }
      if (message.code === "seat-released") {
        released = true;
        keepClaim(null);
        error = "The person who opened this table released your seat.";
      }
      slowRetry = message.code === "too-many-sockets"; // the server closes this socket: the next try waits
      if (message.code === "too-many-joins" && !state) {
        window.setTimeout(() => send({ type: "join", table: tableId, token: key }), JOIN_RETRY_MS);
      }
      render();
      announce(error);
    }
  }

  function pause(ms) {
    return new Promise((resolve) => {
      const done = () => {
        window.clearTimeout(timer);
        if (hurry === done) hurry = null;
        resolve();
      };
      const timer = window.setTimeout(done, queue.length > BEHIND ? 0 : ms);
      hurry = done;
    });
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length) await present(queue.shift());
    } finally {
      pumping = false;
    }
  }

  /** Show one state; resolves when the next may be shown. */
  async function present(next) {
    const previous = state;
    if (next.ended && !previous?.ended) {
      announce(next.ended);
      confirmingEnd = false;
    }
    const step = previous && next.actions === previous.actions + 1;
    const moved = !previous || previous.actions !== next.actions;
    const [actor, action] = next.last_action || [];
    const played = step && action?.startsWith("play:");
    const card = played ? action.split(":")[1] : null;
    // Where the card comes from: this seat's own hand (whoever chose it), else its player's place at the table.
    const from = played ? handRow.querySelector(`[data-card="${card}"]`)?.getBoundingClientRect() : null;
    state = next;
    const done = next.winner !== null || Boolean(next.ended);
    if ((!previous || done !== (previous.winner !== null || Boolean(previous.ended))) && (next.seat !== null || ownerKey())) {
      rememberTable({ table: tableId, seat: next.seat, token: next.seat !== null ? invite : null, variant: next.variant, done });
    }
    if (moved) {
      hint = null;
      selection = new Set();
      error = "";
    }
    const finished = played && !next.observation.trick.length && next.last_trick;
    frozen = null;
    if (finished) {
      const ending = next.observation.hand_number !== previous.observation.hand_number || next.winner !== null;
      frozen = { observation: { ...next.observation, trick: next.last_trick }, ending: false, previousHand: next.previous_hand };
      if (ending) {
        const p = previous.observation;
        const observation = {
          ...p, trick: next.last_trick, to_act: null, legal_actions: [], history: [...p.history, next.last_action],
          hand: actor === next.seat ? p.hand.filter((c) => c !== card) : p.hand,
          hand_sizes: p.hand_sizes.map((n, seat) => (seat === actor ? n - 1 : n)),
        };
        delete observation.playing_for;
        frozen = { observation, ending: true, previousHand: previous.previous_hand };
      }
    }
    render();
    if (moved && next.last_action) speak(next);
    const news = (next.notices || []).filter((notice) => noticed !== null && notice.number > noticed);
    if (news.length) announce(news.map((notice) => noticeWords(next, notice)).join(" "));
    noticed = next.notices?.length ? next.notices[next.notices.length - 1].number : noticed ?? 0;
    if (played) moveIn(card, from);
    if (finished) {
      await pause(TRICK_STAYS_MS + (reduceMotion() ? 0 : MOVE_MS));
      await sweep(trickWinner(previous, next));
      frozen = null;
      render();
      if (next.observation.hand_number !== previous.observation.hand_number || next.winner !== null) speakHandEnd();
    } else if (played) await pause(MOVE_MS);
  }

  function speak(message) {
    const o = message.observation;
    const phase = message.variant === "ultimate" && o.history.length <= message.seats.length ? "twos-threes" : null;
    const [actor, action] = message.last_action;
    const inHand = o.history.length && o.history[o.history.length - 1][1] === action;
    let owner = inHand ? cardOwners(o, message.seats.length)[o.history.length - 1] : actor;
    if (!inHand && action.startsWith("play:")) {
      // The hand's last card: the next hand is already dealt, and the finished hand's tricks name each card's owner.
      const last = message.previous_hand?.tricks?.at(-1)?.at(-1);
      if (last && action.split(":")[1] === last[1]) owner = last[0];
    }
    let text = actionSentence(message, owner, action, { long: true, turnUp: o.turn_up, dealer: o.dealer, phase });
    if (owner !== actor) text += chooserNote(message, actor);
    if (o.to_act === message.seat && message.seat !== null && message.winner === null) text += ". Your turn.";
    announce(text);
  }

  function speakHandEnd() {
    if (state.winner !== null) announce(`Game over. ${teamWins(state, state.winner)}.`);
    else if (state.previous_hand) announce(handSummary(state, state.previous_hand.result).slice(0, 2).join(" "));
  }

  /** The played card moves to the trick.  It is found by its face, not by who chose it: in a Jambone an opponent
   * chooses the exposed hand's card, which the trick names as its player's and which comes from that player's place. */
  function moveIn(card, fromRect) {
    if (reduceMotion()) return;
    const node = felt.querySelector(`.trick-card[data-card="${card}"]`);
    const from = fromRect || felt.querySelector(`.seat[data-seat="${node?.dataset.seat}"]`)?.getBoundingClientRect();
    if (!node || !from) return;
    const a = middle(from);
    const b = middle(node.getBoundingClientRect());
    node.animate(
      [{ transform: `translate(-50%, -50%) translate(${a.x - b.x}px, ${a.y - b.y}px) scale(.85)` }, { transform: "translate(-50%, -50%)" }],
      { duration: MOVE_MS, easing: "cubic-bezier(.2, .7, .3, 1)", id: "to-trick" },
    );
  }

  function sweep(winner) {
    const seat = felt.querySelector(`.seat[data-seat="${winner}"]`);
    if (reduceMotion() || !seat) return Promise.resolve();
    const target = middle(seat.getBoundingClientRect());
    const moves = [...felt.querySelectorAll(".trick-card")].map((node) => {
      const b = middle(node.getBoundingClientRect());
      return node.animate(
        [{ transform: "translate(-50%, -50%)", opacity: 1 }, { transform: `translate(-50%, -50%) translate(${target.x - b.x}px, ${target.y - b.y}px) scale(.4)`, opacity: 0.2 }],
        { duration: SWEEP_MS, easing: "ease-in", fill: "forwards", id: "to-winner" },
      );
    });
    return Promise.all(moves.map((move) => move.finished.catch(() => {})));
  }

  function act(action) {
    if (sent === state || !online) return;
    sent = state;
    hurry?.();
    send({ type: "act", action, expect: state.actions });
    render();
  }

  /** The words for this turn, so a new player knows what is asked. */
  function promptFor(o, { single, multi, buttons }) {
    if (o.playing_for !== undefined) return `Choose the card ${seatName(state, o.playing_for)} plays`;
    if (buttons.length) {
      const turnUp = o.turn_up ? cardText(o.turn_up) : "the turn-up";
      switch (o.phase) {
        case "round-1": return o.dealer === state.seat ? `Pick up ${turnUp}, or pass?` : `Order ${turnUp} up to ${seatObjectName(o.dealer)}, or pass?`;
        case "round-2": return "Name trump, or pass?";
        case "pickup-choice": return `Pick up ${turnUp}, or decline it?`;
        case "maker-choice": return "Go alone, or play with your partner?";
        case "defend": return "Defend alone against the loner?";
        case "auction": return "Your bid";
        case "twos-threes": {
          // Returning takes three twos or threes, and three kitty cards left to draw: else keeping is the one choice.
          if (o.legal_actions.some((a) => a.startsWith("twos-threes:"))) return "Return three twos and threes for new cards, or keep your cards?";
          const low = o.hand.filter((c) => c[0] === "2" || c[0] === "3").length;
          return low >= 3 ? "No cards are left to draw for your twos and threes: keep your cards" : "You hold fewer than three twos and threes: keep your cards";
        }
        default: return "Your call";
      }
    }
    if (multi.length) return `Choose ${multi[0].cards.length} cards to ${multi[0].keyword === "twos-threes" ? "return" : "discard"}`;
    if ([...single.values()].some((a) => a.startsWith("discard:"))) return "Discard a card";
    if ([...single.values()].some((a) => a.startsWith("give:"))) return "Give your partner a card";
    return o.trick.length ? "Your play" : "Your lead";
  }

  function seatObjectName(seat) {
    const name = seatName(state, seat);
    return name === "Partner" ? "your partner" : name;
  }

  function render() {
    if (closedForGood && !root.contains(layout)) return;
    if (!state) {
      status.textContent = error || "Joining the table…";
      return;
    }
    const o = frozen?.observation || state.observation;
    const winner = frozen?.ending ? null : state.winner;
    const ended = frozen?.ending ? null : state.ended;
    const mine = state.seat;
    // Choices wait while a finished trick is on the felt (a click on the table takes it at once).
    const myTurn = mine !== null && o.to_act === mine && winner === null && !state.ended && sent !== state && !frozen;
    // Offline, the choices are shown but wait: a click then would be lost.
    const legal = myTurn ? o.legal_actions : [];
    const sorted = sortActions(legal);
    const { single, multi, buttons } = sorted;
    const multiCards = new Set(multi.flatMap((m) => m.cards));
    const playingFor = o.playing_for;
    // Keep keyboard focus across a redraw: on the same card or button, else on the hand.
    const active = document.activeElement;
    const focusedCard = handRow.contains(active) ? active.dataset.card : null;
    const focusedAction = controls.contains(active) ? active.dataset.action || active.textContent : null;

    // Status: scores, trump, turn.
    status.replaceChildren();
    const scores = h("div", { class: "scores", "aria-label": "Scores" });
    o.scores.forEach((score, team) => {
      const mineTeam = mine !== null && team === o.team;
      scores.append(h("span", { class: `score${mineTeam ? " ours" : ""}`, title: teamName(state, team) },
        h("span", { class: "score-team" }, teamNode(state, team)), h("b", {}, String(score))));
    });
    scores.append(h("span", { class: "target" }, `to ${o.target}`));
    const turnText = winner !== null
      ? `${teamWins(state, winner)}${winner === o.team && mine !== null ? "!" : ""}`
      : ended || o.to_act === null ? "" : o.to_act === mine ? "Your turn" : `${seatName(state, o.to_act)} to ${o.phase === "play" ? "play" : "choose"}`;
    status.append(
      scores,
      h("div", { class: "facts" },
        h("span", { class: "fact" }, winner !== null ? "Game over" : ended ? "Table ended" : `Hand ${o.hand_number + 1}`),
        h("span", { class: `fact trump${o.trump ? " set" : ""}` }, `Trump: ${trumpWords(o.trump)}`),
        winner !== null || ended ? null : h("span", { class: "fact" }, phaseWords(o.phase)),
        turnText ? h("span", { class: `fact turn${myTurn ? " mine" : ""}`, "aria-live": "off" }, turnText) : null),
    );
    if (error) status.append(h("div", { class: "error", role: "alert" }, error));

    // Felt.
    const shown = ended ? { ...o, to_act: null } : o; // at an ended table no one is to act
    drawFelt(felt, {
      state,
      observation: showLastTrick && state.last_trick && !frozen ? { ...shown, trick: state.last_trick } : shown,
      bottom: mine ?? 0,
      hideHandOf: mine ?? undefined,
      legalCards: playingFor !== undefined && online ? new Set(single.keys()) : null,
      chooseCard: playingFor !== undefined ? (card) => act(single.get(card)) : null,
      describe: (action, seat) => bubbleWords(action, seat, o),
    });
    felt.classList.toggle("showing-last", Boolean(showLastTrick && state.last_trick && !frozen));
    felt.classList.toggle("trick-done", Boolean(frozen));

    // Controls: buttons for the non-card choices, selection confirm, hint, undo, last trick.
    controls.replaceChildren();
    if (winner !== null) {
      const final = o.scores.map((score, team) => `${teamName(state, team)} ${score}`).join(", ");
      controls.append(h("div", { class: "banner", role: "status" }, h("strong", {}, `${teamWins(state, winner)}.`), ` ${final}. `,
        h("a", { href: `/replay/${state.table}`, class: "button" }, "Replay this game"), " ", reviewButton(), " ",
        h("a", { href: "/", class: "button secondary" }, "New table")));
    } else if (ended) {
      controls.append(h("div", { class: "banner ended", role: "status" }, h("strong", {}, ended), " ",
        h("a", { href: `/replay/${state.table}`, class: "button" }, "Replay this game"), " ", reviewButton(), " ",
        h("a", { href: "/", class: "button secondary" }, "New table")));
    } else if (state.previous_hand && !o.history.length && !frozen) {
      controls.append(h("div", { class: "banner small" }, `Hand ${state.previous_hand.hand_number + 1}: ${handSummary(state, state.previous_hand.result)[0]}`));
    } else if (mine !== null && (o.sitting_out || []).includes(mine)) {
      controls.append(h("div", { class: "banner small sitting-out-note", role: "status" }, sittingOutWords(o)));
    }
    if (myTurn) {
      controls.append(online
        ? h("span", { class: "prompt" }, promptFor(o, sorted))
        : h("span", { class: "prompt offline" }, "Reconnecting… your choice waits until the table is back"));
    }
    for (const action of buttons) {
      const best = hint?.advice?.[0]?.action === action;
      const help = actionHelp(action);
      controls.append(h("button", { type: "button", class: `action${best ? " hinted" : ""}`, onclick: () => act(action), "data-action": action, title: help, disabled: !online }, buttonLabel(action, o)));
    }
    if (multi.length) {
      const chosen = [...selection].sort();
      const match = multi.find((m) => m.cards.length === chosen.length && [...m.cards].sort().every((c, i) => c === chosen[i]));
      const verb = multi[0].keyword === "twos-threes" ? "Return" : "Discard";
      controls.append(h("button", { type: "button", class: "action", disabled: !match || !online, onclick: () => match && act(match.action) },
        `${verb} ${chosen.map(cardText).join(" ") || `${multi[0].cards.length} cards`}`));
    }
    const tools = h("div", { class: "tools" });
    if (myTurn && state.hint_available) tools.append(h("button", { type: "button", class: "tool", onclick: () => send({ type: "hint" }), "aria-keyshortcuts": "h", disabled: !online }, "Hint", keyName("h")));
    if (state.can_undo) tools.append(h("button", { type: "button", class: "tool", onclick: () => send({ type: "undo" }), "aria-keyshortcuts": "u", disabled: !online }, "Undo", keyName("u")));
    if (state.last_trick && !frozen) tools.append(h("button", { type: "button", class: "tool", "aria-pressed": String(showLastTrick), onclick: () => { showLastTrick = !showLastTrick; render(); }, "aria-keyshortcuts": "l" }, showLastTrick ? "Hide last trick" : "Last trick", keyName("l")));
    const canEnd = !state.ended && state.winner === null && ownerKey();
    if (canEnd && !confirmingEnd) {
      tools.append(h("button", { type: "button", class: "tool end-table", id: "end-table", onclick: () => { confirmingEnd = true; render(); controls.querySelector("#end-confirm")?.focus(); } }, "End table…"));
    }
    controls.append(tools);
    if (canEnd && confirmingEnd) {
      controls.append(h("div", { class: "banner confirm-end", role: "alertdialog", "aria-label": "End the table?" },
        h("p", {}, h("strong", {}, "End this table for everyone?"), " The game stops here and cannot go on; everyone at the table is told."),
        h("button", { type: "button", class: "button danger", id: "end-confirm", onclick: endTable }, "End the table"), " ",
        h("button", { type: "button", class: "button secondary", onclick: () => { confirmingEnd = false; render(); } }, "Keep playing")));
    }
    if (hint?.advice?.length && myTurn) controls.append(hintBox(hint));
    if (displaced || released) {
      controls.append(h("div", { class: "banner seat-lost", role: "status" }, h("strong", {}, error), " ",
        h("button", { type: "button", class: "button", id: "take-back", onclick: takeBack }, displaced ? "Take my seat back" : "Take my seat again")));
    }
    const away = state.replaceable;
    if (away !== null && away !== undefined && mine !== null && away !== mine && online && winner === null && !ended) {
      controls.append(h("div", { class: "banner small absent-note", role: "status" },
        `${seatName(state, away)} is not at the table, and it is their turn. `,
        h("button", { type: "button", class: "button", id: "stand-in", onclick: () => post("stand-in", { token: key, seat: away }) },
          `Let a bot play for ${seatObject(state, away)}`)));
    }

    // My hand.
    handRow.replaceChildren();
    if (mine !== null) {
      const hand = o.hand;
      handRow.style.setProperty("--count", String(Math.max(hand.length, 1)));
      const pickedUp = o.phase === "discard" && o.turn_up_state === "taken" && o.dealer === mine ? o.turn_up : null;
      hand.forEach((card, index) => {
        let onChoose = () => {};
        let isLegal = false;
        // Offline, the cards wait with the buttons.
        if (online && playingFor === undefined && single.has(card)) {
          isLegal = true;
          onChoose = () => act(single.get(card));
        } else if (online && multiCards.has(card)) {
          isLegal = true;
          onChoose = () => {
            if (selection.has(card)) selection.delete(card);
            else selection.add(card);
            render();
            handRow.querySelector(`[data-card="${card}"]`)?.focus();
          };
        }
        const label = card === pickedUp ? `${cardName(card)}, the turn-up you picked up` : null;
        const node = cardElement(card, { onChoose, legal: isLegal, selected: selection.has(card), label });
        if (!isLegal && (single.size || multi.length)) node.classList.add("dim");
        if (hint?.advice?.[0]?.action?.endsWith(":" + card)) {
          node.classList.add("hinted");
          node.append(h("span", { class: "hint-tag card-hint", "aria-hidden": "true" }, "hint"));
        }
        if (card === pickedUp) {
          node.classList.add("picked-up");
          node.append(h("span", { class: "card-tag", "aria-hidden": "true" }, "picked up"));
        }
        node.dataset.index = index;
        handRow.append(node);
      });
      if (!hand.length) handRow.append(h("p", { class: "muted" }, "No cards in hand."));
    } else {
      handRow.append(h("p", { class: "muted" }, "You are watching this table."));
    }

    renderSide(o, winner);
    // The player's setting: a forced choice is made for them, after a moment in which they see it.
    if (myTurn && online && o.legal_actions.length === 1 && onlyChoiceFor !== state && onlyChoiceForMe()) {
      const asked = state;
      onlyChoiceFor = asked;
      window.setTimeout(() => {
        if (state === asked && frozen) onlyChoiceFor = null; // a trick on the felt: made when it is taken
        else if (state === asked) act(o.legal_actions[0]);
      }, ONLY_CHOICE_MS);
    }
    if (focusedCard) (handRow.querySelector(`[data-card="${focusedCard}"]`) || handRow.querySelector(".card"))?.focus();
    else if (focusedAction) {
      const again = [...controls.querySelectorAll("button")].find((b) => (b.dataset.action || b.textContent) === focusedAction);
      (again || controls.querySelector("button") || handRow.querySelector(".card"))?.focus();
    }
  }

  /** Why this seat has nothing to do this hand: its partner plays or defends alone. */
  function sittingOutWords(o) {
    const partner = partnerOf(state, state.seat);
    if (o.alone && o.maker === partner) return `${seatName(state, o.maker)} goes alone: you sit out this hand.`;
    if (partner !== null && o.lone_defender === partner) return `${seatName(state, o.lone_defender)} defends alone: you sit out this hand.`;
    return "You sit out this hand.";
  }

  /** A button's words; passing on twos and threes keeps the cards. */
  function buttonLabel(action, o) {
    if (action === "pass" && o.phase === "twos-threes") return "Keep my cards";
    return actionLabel(action, state);
  }

  function bubbleWords(action, seat, o) {
    const [keyword, rest] = action.split(":");
    if (o.phase === "twos-threes") return keyword === "pass" ? "Kept cards" : `Returned ${rest.split(",").map(cardText).join(" ")}`;
    if (keyword === "order" && !action.includes(":")) return o.dealer === seat ? "Picked up" : "Ordered up";
    if (keyword === "partner") return "With partner";
    if (keyword === "discard" || keyword === "give") return keyword === "give" ? "Gave a card" : "Discarded";
    return actionLabel(action, { observation: o, seat: -1 });
  }

  /** The hint: the suggested choice on one line that stays in sight, then (opened on demand) why, and every choice
   * the advisers rank in their order, each named as its button or card is. */
  function hintBox(message) {
    const [best] = message.advice;
    const list = h("ol", { class: "hint-list", "aria-label": "Every choice, best first" });
    message.advice.forEach((advice, index) => {
      list.append(h("li", { "data-action": advice.action, class: index === 0 ? "best" : null },
        h("b", { class: "hint-choice" }, buttonLabel(advice.action, state.observation)), " ",
        h("span", { class: "hint-value" }, hintValue(advice)),
        advice.reason ? h("span", { class: "hint-reason" }, plainReason(advice.reason)) : null));
    });
    return h("div", { class: "hint", role: "note", "aria-label": "Hint" },
      h("p", { class: "hint-best" }, h("span", { class: "hint-tag" }, "Hint"), " ",
        h("b", {}, buttonLabel(best.action, state.observation)), `: ${hintValue(best)}.`),
      h("details", {}, h("summary", {}, "Why, and the other choices"), list));
  }

  // The game's review: a seat reviews its own decisions, a spectator chooses whose.
  function reviewButton() {
    const mine = state.seat;
    const source = { table: state.table, token: mine === null ? null : key || token }; // the seat's secret once claimed
    const open = () => openReview({ source, seat: mine, viewer: mine, seats: state.seats, chooser: mine === null });
    return h("button", { type: "button", class: "button review-open", onclick: open }, "Review this game");
  }

  function renderSide(o, winner) {
    // The log follows the newest action, unless the player scrolled up to read this hand: then it stays where it was.
    const before = side.querySelector(".log");
    const atEnd = before && before.scrollHeight - before.scrollTop - before.clientHeight < 8;
    const readAt = before?.scrollTop ?? 0;
    side.replaceChildren();
    if (state.ended && !frozen?.ending) {
      side.append(h("section", { class: "panel summary game-over", "aria-label": "Table ended" },
        h("h2", {}, "Table ended"),
        h("p", {}, state.ended),
        h("p", {}, `Score when it ended: ${o.scores.map((score, team) => `${teamName(state, team)} ${score}`).join(", ")}.`),
        h("p", {}, h("a", { href: `/replay/${state.table}`, class: "button" }, "Replay this game"), " ", reviewButton(), " ",
          h("a", { href: "/", class: "button secondary" }, "New table"))));
    }
    if (winner !== null) {
      const final = o.scores.map((score, team) => `${teamName(state, team)} ${score}`).join(", ");
      side.append(h("section", { class: "panel summary game-over", "aria-label": "Game summary" },
        h("h2", {}, "Game over"),
        h("p", {}, `${teamWins(state, winner)}. ${final}.`),
        h("p", {}, h("a", { href: `/replay/${state.table}`, class: "button" }, "Replay this game"), " ", reviewButton(), " ",
          h("a", { href: "/", class: "button secondary" }, "New table"))));
    }
    const previous = frozen ? frozen.previousHand : state.previous_hand;
    // This hand so far.  When the game is over the hand count has moved past the last hand, whose actions
    // these are: they are headed with that hand's number and dealer, as its summary below is.
    const last = winner !== null && previous ? previous : null;
    const number = last ? last.hand_number : o.hand_number;
    const dealer = last ? last.dealer : o.dealer;
    if (winner === null || o.history.length) {
      const log = h("ol", { class: "log", "data-hand": String(number) });
      // Ultimate opens each hand with every seat's twos-and-threes choice, before the bidding.
      const opening = state.variant === "ultimate" ? state.seats.length : 0;
      const owners = cardOwners(o, state.seats.length);
      o.history.forEach(([seat, action], index) => {
        const phase = index < opening ? "twos-threes" : null;
        const owner = owners[index];
        let text = actionSentence(state, owner, action, { turnUp: o.turn_up, dealer: o.dealer, phase });
        if (owner !== seat) text += chooserNote(state, seat);
        log.append(h("li", {}, h("span", { class: "log-n", "aria-hidden": "true" }, String(index + 1)),
          h("span", { class: "log-text" }, text)));
      });
      const empty = o.history.length ? null : h("p", { class: "muted" }, "No action yet this hand.");
      side.append(h("section", { class: "panel", "aria-label": "This hand" },
        h("h2", {}, `Hand ${number + 1}`),
        h("p", { class: "muted" }, `Dealer: ${seatName(state, dealer)}. Trump: ${trumpWords(o.trump)}.${o.maker !== null ? ` Maker: ${seatName(state, o.maker)}${o.alone ? " (alone)" : ""}.` : ""}${o.lone_defender !== null && o.lone_defender !== undefined ? ` Defending alone: ${seatName(state, o.lone_defender)}.` : ""}`),
        empty || log));
      log.scrollTop = atEnd || before?.dataset.hand !== String(number) ? log.scrollHeight : readAt;
    }
    // Last hand.
    if (previous) {
      side.append(h("section", { class: "panel summary", "aria-label": "Last hand" },
        h("h2", {}, `Hand ${previous.hand_number + 1} summary`), ...handSummary(state, previous.result).map((line) => h("p", {}, line))));
    }
    // Seats and invitations.
    const invites = JSON.parse(localStorage.getItem(`bowers:invites:${state.table}`) || "null");
    const seatList = h("ul", { class: "seats" });
    state.seats.forEach((info, seat) => {
      const kind = seatKind(info);
      const role = playerName(state, seat) ? seatRole(state, seat) : "";
      const standIn = info.stand_in ? `, a bot (${botWords(info.stand_in.kind).toLowerCase()}) plays for them` : "";
      const item = h("li", {}, nameNode(state, seat), role ? ` (${role})` : "", `: ${info.kind === "human" ? (kind === "away" ? "away" : "here") : kind}${standIn}`);
      if (info.claimed && invites && ownerKey() && seat !== state.seat) {
        item.append(" ", h("button", { type: "button", class: "tool small release", onclick: () => post("release", { token: ownerKey(), seat }), "aria-label": `Release the seat of ${seatTitle(state, seat)} so that its invite link opens it again` }, "Release seat"));
      } else if (invites && invites[seat] && seat !== state.seat && !info.claimed) {
        const url = `${location.origin}/t/${state.table}#${invites[seat]}`;
        item.append(" ", h("button", { type: "button", class: "tool small", onclick: () => copy(url), "aria-label": `Copy the invite link for ${seatTitle(state, seat)}` }, "Copy invite"),
          h("input", { class: "invite", readonly: true, value: url, "aria-label": `Invite link for ${seatTitle(state, seat)}` }));
      }
      seatList.append(item);
    });
    if (state.notices?.length) {
      side.append(h("section", { class: "panel notices", "aria-label": "At the table" }, h("h2", {}, "At the table"),
        h("ul", { class: "notice-list" }, ...state.notices.map((notice) => h("li", {}, noticeWords(state, notice))))));
    }
    const watch = `${location.origin}/t/${state.table}`;
    side.append(h("section", { class: "panel", "aria-label": "Seats" }, h("h2", {}, "Seats"), seatList,
      h("p", { class: "muted" }, "Spectators: ", h("a", { href: watch }, "public view"))));
    if (state.seat !== null) {
      const only = h("input", { type: "checkbox", id: "only-choice", checked: onlyChoiceForMe() });
      only.addEventListener("change", () => { setOnlyChoiceForMe(only.checked); render(); });
      side.append(h("section", { class: "panel settings", "aria-label": "Settings" }, h("h2", {}, "Settings"),
        h("p", { class: "setting" }, only, " ", h("label", { for: "only-choice" }, "Make my only choice for me"),
          h("small", { class: "muted" }, " (a forced card or call; remembered in this browser)"))));
    }
    side.append(h("section", { class: "panel keys", "aria-label": "Keyboard" }, h("h2", {}, "Keyboard"),
      h("p", { class: "muted" }, "Tab or ←/→ move between cards, Enter plays. h: hint, u: undo, l: last trick. A click on the table takes a finished trick at once.")));
  }

  function copy(text) {
    navigator.clipboard?.writeText(text).then(() => announce("Invite link copied"), () => {});
  }

  function onKey(event) {
    if (!state || event.target.tagName === "INPUT" || event.target.tagName === "SELECT" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "h" && state.hint_available && online) send({ type: "hint" });
    else if (event.key === "u" && state.can_undo && online) send({ type: "undo" });
    else if (event.key === "l" && state.last_trick) { showLastTrick = !showLastTrick; render(); }
    else if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && event.target.closest?.(".hand")) {
      const cards = [...handRow.querySelectorAll(".card")];
      const index = cards.indexOf(event.target.closest(".card"));
      const next = cards[(index + (event.key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length];
      next?.focus();
      event.preventDefault();
    }
  }
  document.addEventListener("keydown", onKey);
  start();
  render();
  return () => {
    closedForGood = true;
    hurry?.();
    document.removeEventListener("keydown", onKey);
    socket?.close();
  };
}

export { cardName, suitSymbol };

// A button's key, after its words: " (h)"; a touch screen leaves it out, as it leaves out the keyboard's help.
function keyName(key) {
  return h("span", { class: "key-name" }, ` (${key})`);
}

// Who chose a Jambone hand's card, said after the card: " (you chose it)" or " (chosen by Left)".
function chooserNote(state, chooser) {
  return chooser === state.seat ? " (you chose it)" : ` (chosen by ${seatName(state, chooser)})`;
}

// Who each action of the hand came from: its actor, except in a Jambone, where an opponent chooses the exposed
// hand's card; that card is the maker's.  In a finished trick the chooser acts twice, and the maker's card is the
// one that makes the trick go round the table in turn; the trick in progress names its cards' seats itself.
function cardOwners(o, players) {
  const owners = o.history.map(([seat]) => seat);
  if (!o.jambone || o.maker === null || o.maker === undefined) return owners;
  const out = new Set(o.sitting_out || []);
  const active = [...Array(players).keys()].filter((seat) => !out.has(seat));
  const next = new Map(active.map((seat, i) => [seat, active[(i + 1) % active.length]]));
  const plays = o.history.map(([, action], index) => [action, index]).filter(([action]) => action.startsWith("play:")).map(([, index]) => index);
  const inProgress = (o.trick || []).length;
  const finished = plays.length - inProgress;
  const inTurn = (seats) => seats.every((seat, j) => j === 0 || next.get(seats[j - 1]) === seat);
  for (let start = 0; start + active.length <= finished; start += active.length) {
    const trick = plays.slice(start, start + active.length);
    const seats = trick.map((index) => owners[index]);
    if (new Set(seats).size === seats.length && inTurn(seats)) continue;
    for (let k = 0; k < seats.length; k++) {
      const candidate = seats.slice();
      candidate[k] = o.maker;
      if (new Set(candidate).size === candidate.length && inTurn(candidate)) {
        owners[trick[k]] = o.maker;
        break;
      }
    }
  }
  (o.trick || []).forEach(([seat], k) => { owners[plays[finished + k]] = seat; });
  return owners;
}

// What a choice is worth, in a player's words: "about +0.3 points for your side, 54% chance to win the game".
function hintValue(advice) {
  const points = `about ${advice.value >= 0 ? "+" : "−"}${Math.abs(advice.value).toFixed(1)} points for your side`;
  const chance = advice.win_chance === null || advice.win_chance === undefined ? null : `${Math.round(advice.win_chance * 100)}% chance to win the game`;
  return [points, chance].filter(Boolean).join(", ");
}

// The advisers' reason without where its numbers come from (self-play, solved deals): what it means at the table.
function plainReason(reason) {
  const text = reason
    .replace(/ \(learned from self-play\)/g, "")
    .replace(/: [+−-]?[\d.]+ as learned from self-play, [+−-]?[\d.]+ on solved worlds/g, "")
    .replace(/ in real play/g, "");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
