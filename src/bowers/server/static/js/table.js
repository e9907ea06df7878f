// The table page: a live game over the websocket, as a seat (with its invite token) or as a spectator.

import { announce, h } from "./dom.js";
import { cardElement, cardName, cardText, suitSymbol } from "./cards.js";
import { drawFelt } from "./felt.js";
import { actionLabel, actionSentence, phaseWords, seatName, teamName, trumpWords } from "./words.js";

const CARD_KINDS = new Set(["play", "discard", "give", "twos-threes"]);

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

export function openTable(root, tableId, token) {
  let socket = null;
  let state = null;
  let hint = null;
  let selection = new Set();
  let retry = 0;
  let closedForGood = false;
  let lastAnnounced = -1;
  let showLastTrick = false;
  let holdTrick = 0; // a timer while a just-finished trick stays on the felt
  let error = "";

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

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws`);
    socket.addEventListener("open", () => {
      retry = 0;
      error = "";
      send({ type: "join", table: tableId, token: token || null });
    });
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("close", (event) => {
      if (closedForGood || [4003, 4004, 4001].includes(event.code)) {
        closedForGood = true;
        render();
        return;
      }
      retry = Math.min(retry + 1, 6);
      error = "Connection lost; reconnecting…";
      render();
      window.setTimeout(connect, 250 * 2 ** retry);
    });
  }

  function receive(message) {
    if (message.type === "state") {
      const moved = !state || state.actions !== message.actions;
      state = message;
      if (moved) {
        hint = null;
        selection = new Set();
        error = "";
        window.clearTimeout(holdTrick);
        holdTrick = 0;
        const [, last] = message.last_action || [];
        if (last?.startsWith("play:") && !message.observation.trick.length && message.last_trick) {
          holdTrick = window.setTimeout(() => { holdTrick = 0; render(); }, 1400);
        }
      }
      render();
      if (moved && message.last_action && message.actions !== lastAnnounced) {
        lastAnnounced = message.actions;
        let text = actionSentence(state, ...message.last_action);
        if (state.observation.to_act === state.seat && state.seat !== null && state.winner === null) text += ". Your turn.";
        announce(text);
      }
    } else if (message.type === "hint") {
      hint = message;
      render();
      if (message.advice.length) announce(`Hint: ${actionLabel(message.advice[0].action, state)}`);
    } else if (message.type === "error") {
      error = message.message;
      if (["bad-token", "no-table", "seat-taken"].includes(message.code)) closedForGood = true;
      render();
      announce(error);
    }
  }

  function act(action) {
    send({ type: "act", action, expect: state.actions });
  }

  function render() {
    if (!state) {
      status.textContent = error || "Joining the table…";
      return;
    }
    const o = state.observation;
    const mine = state.seat;
    const myTurn = mine !== null && o.to_act === mine && state.winner === null;
    const legal = myTurn ? o.legal_actions : [];
    const { single, multi, buttons } = sortActions(legal);
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
        h("span", { class: "score-team" }, teamName(state, team)), " ", h("b", {}, String(score))));
    });
    scores.append(h("span", { class: "target" }, `to ${o.target}`));
    const turnText = state.winner !== null
      ? `${teamName(state, state.winner)} win${state.winner === o.team && mine !== null ? "!" : ""}`
      : o.to_act === null ? "" : myTurn ? "Your turn" : `${seatName(state, o.to_act)} to act`;
    status.append(
      scores,
      h("div", { class: "facts" },
        h("span", { class: "fact" }, `Hand ${o.hand_number + 1}`),
        h("span", { class: `fact trump${o.trump ? " set" : ""}` }, `Trump: ${trumpWords(o.trump)}`),
        h("span", { class: "fact" }, phaseWords(o.phase)),
        h("span", { class: `fact turn${myTurn ? " mine" : ""}`, "aria-live": "off" }, turnText)),
    );
    if (error) status.append(h("div", { class: "error", role: "alert" }, error));

    // Felt.
    drawFelt(felt, {
      state,
      observation: (showLastTrick || holdTrick) && state.last_trick ? { ...o, trick: state.last_trick } : o,
      bottom: mine ?? 0,
      hideHandOf: mine ?? undefined,
      legalCards: playingFor !== undefined ? new Set(single.keys()) : null,
      chooseCard: playingFor !== undefined ? (card) => act(single.get(card)) : null,
      describe: (action) => actionLabel(action, state),
    });
    if ((showLastTrick || holdTrick) && state.last_trick) felt.classList.add("showing-last");
    else felt.classList.remove("showing-last");

    // Controls: buttons for the non-card choices, selection confirm, hint, undo, last trick.
    controls.replaceChildren();
    if (state.winner !== null) {
      const final = o.scores.map((score, team) => `${teamName(state, team)} ${score}`).join(", ");
      controls.append(h("div", { class: "banner", role: "status" }, h("strong", {}, `${teamName(state, state.winner)} win.`), ` ${final}. `,
        h("a", { href: `/replay/${state.table}`, class: "button" }, "Replay this game"), " ",
        h("a", { href: "/", class: "button secondary" }, "New table")));
    } else if (state.previous_hand && !o.history.length) {
      const r = state.previous_hand.result;
      const points = r.points.map((p, team) => (p ? `${teamName(state, team)} +${p}` : null)).filter(Boolean).join(", ") || "no points";
      controls.append(h("div", { class: "banner small" }, `Hand ${state.previous_hand.hand_number + 1}: ${r.misdeal ? "misdeal" : r.made ? "made" : "euchred"}, ${points}.`));
    }
    if (myTurn) {
      const prompt = playingFor !== undefined
        ? `Choose the card ${seatName(state, playingFor)} plays`
        : buttons.length ? "Your call"
        : multi.length ? `Choose ${multi[0].cards.length} cards to ${multi[0].keyword === "twos-threes" ? "return" : "discard"}`
        : [...single.values()].some((a) => a.startsWith("discard:")) ? "Discard a card"
        : [...single.values()].some((a) => a.startsWith("give:")) ? "Give your partner a card"
        : "Your play";
      controls.append(h("span", { class: "prompt" }, prompt));
    }
    for (const action of buttons) {
      const best = hint?.advice?.[0]?.action === action;
      controls.append(h("button", { type: "button", class: `action${best ? " hinted" : ""}`, onclick: () => act(action), "data-action": action }, actionLabel(action, state)));
    }
    if (multi.length) {
      const chosen = [...selection].sort();
      const match = multi.find((m) => m.cards.length === chosen.length && [...m.cards].sort().every((c, i) => c === chosen[i]));
      const verb = multi[0].keyword === "twos-threes" ? "Return" : "Discard";
      controls.append(h("button", { type: "button", class: "action", disabled: !match, onclick: () => match && act(match.action) },
        `${verb} ${chosen.map(cardText).join(" ") || `${multi[0].cards.length} cards`}`));
      // An empty selection is a choice too where the rules allow none (e.g. no twos and threes to return).
    }
    const tools = h("div", { class: "tools" });
    if (myTurn && state.hint_available) tools.append(h("button", { type: "button", class: "tool", onclick: () => send({ type: "hint" }), "aria-keyshortcuts": "h" }, "Hint (h)"));
    if (state.can_undo) tools.append(h("button", { type: "button", class: "tool", onclick: () => send({ type: "undo" }), "aria-keyshortcuts": "u" }, "Undo (u)"));
    if (state.last_trick) tools.append(h("button", { type: "button", class: "tool", "aria-pressed": String(showLastTrick), onclick: () => { showLastTrick = !showLastTrick; render(); }, "aria-keyshortcuts": "l" }, showLastTrick ? "Hide last trick (l)" : "Last trick (l)"));
    controls.append(tools);
    if (hint) {
      const list = h("ol", { class: "hint", "aria-label": "Hint" });
      for (const advice of hint.advice.slice(0, 3)) {
        list.append(h("li", {}, h("b", {}, actionLabel(advice.action, state)), ` ${advice.value >= 0 ? "+" : ""}${advice.value.toFixed(2)} pts — ${advice.reason}`));
      }
      controls.append(list);
    }

    // My hand.
    handRow.replaceChildren();
    if (mine !== null) {
      const hand = o.hand;
      handRow.style.setProperty("--count", String(Math.max(hand.length, 1)));
      hand.forEach((card, index) => {
        let onChoose = null;
        let isLegal = false;
        if (playingFor === undefined && single.has(card)) {
          isLegal = true;
          onChoose = () => act(single.get(card));
        } else if (multiCards.has(card)) {
          isLegal = true;
          onChoose = () => {
            if (selection.has(card)) selection.delete(card);
            else selection.add(card);
            render();
            handRow.querySelector(`[data-card="${card}"]`)?.focus();
          };
        } else if (myTurn || true) {
          onChoose = () => {};
        }
        const node = cardElement(card, { onChoose, legal: isLegal, selected: selection.has(card) });
        if (!isLegal && (single.size || multi.length)) node.classList.add("dim");
        if (hint?.advice?.[0]?.action?.endsWith(":" + card)) node.classList.add("hinted");
        node.dataset.index = index;
        handRow.append(node);
      });
      if (!hand.length) handRow.append(h("p", { class: "muted" }, "No cards in hand."));
    } else {
      handRow.append(h("p", { class: "muted" }, "You are watching this table."));
    }

    renderSide();
    if (focusedCard) (handRow.querySelector(`[data-card="${focusedCard}"]`) || handRow.querySelector(".card"))?.focus();
    else if (focusedAction) {
      const again = [...controls.querySelectorAll("button")].find((b) => (b.dataset.action || b.textContent) === focusedAction);
      (again || controls.querySelector("button") || handRow.querySelector(".card"))?.focus();
    }
  }

  function renderSide() {
    const o = state.observation;
    side.replaceChildren();
    if (state.winner !== null) {
      const final = o.scores.map((score, team) => `${teamName(state, team)} ${score}`).join(", ");
      side.append(h("section", { class: "panel summary game-over", "aria-label": "Game summary" },
        h("h2", {}, "Game over"),
        h("p", {}, `${teamName(state, state.winner)} win. ${final}.`),
        h("p", {}, h("a", { href: `/replay/${state.table}`, class: "button" }, "Replay this game"), " ",
          h("a", { href: "/", class: "button secondary" }, "New table"))));
    }
    // This hand so far.
    const log = h("ol", { class: "log" });
    for (const [seat, action] of o.history) log.append(h("li", {}, actionSentence(state, seat, action)));
    const empty = o.history.length ? null : h("p", { class: "muted" }, "No action yet this hand.");
    side.append(h("section", { class: "panel", "aria-label": "This hand" },
      h("h2", {}, `Hand ${o.hand_number + 1}`),
      h("p", { class: "muted" }, `Dealer: ${seatName(state, o.dealer)}. Trump: ${trumpWords(o.trump)}.${o.maker !== null ? ` Maker: ${seatName(state, o.maker)}${o.alone ? " (alone)" : ""}.` : ""}`),
      empty || log));
    // Last hand.
    const previous = state.previous_hand;
    if (previous) {
      const r = previous.result;
      const lines = [];
      if (r.misdeal) lines.push("Misdeal: no points.");
      else {
        if (r.maker !== null && r.maker !== undefined) lines.push(`${seatName(state, r.maker)} named ${r.trump ? trumpWords(r.trump) : "the contract"}${r.alone ? " alone" : ""}: ${r.made ? "made it" : "euchred"}.`);
        lines.push(`Tricks: ${r.tricks.map((t, seat) => `${seatName(state, seat)} ${t}`).join(", ")}.`);
        lines.push(`Points: ${r.points.map((p, team) => `${teamName(state, team)} ${p}`).join(", ")}.`);
      }
      side.append(h("section", { class: "panel summary", "aria-label": "Last hand" }, h("h2", {}, `Hand ${previous.hand_number + 1} summary`), ...lines.map((line) => h("p", {}, line))));
    }
    // Seats and invitations.
    const invites = JSON.parse(localStorage.getItem(`bowers:invites:${state.table}`) || "null");
    const seatList = h("ul", { class: "seats" });
    state.seats.forEach((info, seat) => {
      const item = h("li", {}, `${seatName(state, seat)}: ${info.kind === "human" ? (info.connected ? "here" : "not here") : actionBot(info)}`);
      if (invites && invites[seat] && seat !== state.seat) {
        const url = `${location.origin}/t/${state.table}#${invites[seat]}`;
        item.append(" ", h("button", { type: "button", class: "tool small", onclick: () => copy(url) , "aria-label": `Copy the invite link for ${seatName(state, seat)}` }, "Copy invite"),
          h("input", { class: "invite", readonly: true, value: url, "aria-label": `Invite link for ${seatName(state, seat)}` }));
      }
      seatList.append(item);
    });
    const watch = `${location.origin}/t/${state.table}`;
    side.append(h("section", { class: "panel", "aria-label": "Seats" }, h("h2", {}, "Seats"), seatList,
      h("p", { class: "muted" }, "Spectators: ", h("a", { href: watch }, "public view"))));
    side.append(h("section", { class: "panel keys", "aria-label": "Keyboard" }, h("h2", {}, "Keyboard"),
      h("p", { class: "muted" }, "Tab or ←/→ move between cards, Enter plays. h: hint, u: undo, l: last trick.")));
  }

  function actionBot(info) {
    return `${info.kind} bot${info.settings?.level ? ` level ${info.settings.level}` : ""}`;
  }

  function copy(text) {
    navigator.clipboard?.writeText(text).then(() => announce("Invite link copied"), () => {});
  }

  function onKey(event) {
    if (!state || event.target.tagName === "INPUT" || event.target.tagName === "SELECT" || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "h" && state.hint_available) send({ type: "hint" });
    else if (event.key === "u" && state.can_undo) send({ type: "undo" });
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
  connect();
  render();
  return () => {
    closedForGood = true;
    document.removeEventListener("keydown", onKey);
    socket?.close();
  };
}

export { cardName, suitSymbol };
