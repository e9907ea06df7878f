// The replay viewer: step through a finished game or an uploaded record (bowers JSON or EGN), every hand shown.
// The viewer fits the window: the table takes what the file chooser, the controls and the words leave.

import { announce, h } from "./dom.js";
import { drawFelt } from "./felt.js";
import { mySeatAt } from "./mine.js";
import { openReview } from "./review.js";
import { actionLabel, actionSentence, handSummary, teamName, trumpWords } from "./words.js";

export function openReplay(root, tableId) {
  root.replaceChildren();
  const message = h("p", { class: "error", role: "alert" });
  const file = h("input", { type: "file", id: "record-file", accept: ".json,.egn,application/json" });
  const upload = h("section", { class: "panel upload" },
    h("h1", {}, "Replay a game"),
    h("label", { for: "record-file" }, "Open a bowers JSON record or an EGN file"), " ", file, message);
  const viewer = h("div", { class: "replay" });
  const page = h("div", { class: "replay-page" }, upload, viewer);
  root.append(page);
  // The viewer's height is the window's less the file chooser's, whose words may wrap.
  const sizer = new ResizeObserver(() => page.style.setProperty("--upload-h", `${upload.offsetHeight}px`));
  sizer.observe(upload);
  let cleanup = () => {};

  async function load(body, query = "") {
    message.textContent = "Loading…";
    let response;
    let answer;
    try {
      response = await fetch(`/api/replays${query}`, { method: "POST", body });
      answer = await response.json();
    } catch {
      message.textContent = "The server could not be reached; try again.";
      return;
    }
    if (!response.ok) {
      // An upload the server cannot read is the file's fault, said as such; a table's game is the server's answer.
      message.textContent = query ? answer.error : `This file is not a game record bowers can read: ${answer.error}.`;
      return;
    }
    message.textContent = "";
    cleanup();
    cleanup = show(viewer, answer, tableId ? mySeatAt(tableId) : null);
  }
  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    if (chosen) load(await chosen.text());
  });
  if (tableId) load("", `?table=${encodeURIComponent(tableId)}`);
  return () => {
    sizer.disconnect();
    cleanup();
  };
}

/** The board at a deal's end: the position before its last card with that card added to the trick, the tricks
 * taken from the deal's ``result`` (and nobody to act). */
function lastTrick(positions, within, result) {
  const before = positions[within - 1];
  const action = positions[within].action;
  if (!before || !action || !action[1].startsWith("play:")) return { observation: positions[within].observation, hands: positions[within].hands };
  const card = action[1].split(":")[1];
  // Whose card it is: the hand that held it (in a Jambone an opponent chooses the exposed hand's card).
  const owner = before.hands.findIndex((hand) => hand.includes(card));
  const o = before.observation;
  return {
    observation: { ...o, trick: [...o.trick, [owner, card]], tricks_won: result.tricks, to_act: null, legal_actions: [] },
    hands: before.hands.map((hand) => hand.filter((c) => c !== card)),
  };
}

/** Show a replay; ``seat`` is this browser's seat at the table it comes from (named "You", drawn at the bottom). */
function show(viewer, replay, seat) {
  // The answer holds the first deal's positions and how many each deal has; each other deal is asked for when shown.
  const counts = replay.deals;
  const starts = [];
  let total = 0;
  for (const count of counts) {
    starts.push(total);
    total += count;
  }
  const loaded = new Map([[0, replay.positions]]);
  const results = new Map([[0, replay.result]]); // each deal's result, said at its end
  const pending = new Map();
  const players = replay.positions[0].hands.length;
  // A table's game names its players as the table did; an uploaded file's seats are the points of the compass.
  const seats = replay.seats || Array.from({ length: players }, () => ({ kind: "", settings: {}, name: null }));
  const state = { seat, variant: replay.variant, seats: seats.map((info) => ({ ...info, connected: true })) };
  let index = 0;
  const evaluations = new Map();
  const felt = h("div", { class: "felt", role: "region", "aria-label": "Replay table" });
  const slider = h("input", { type: "range", min: "0", max: String(total - 1), value: "0", id: "replay-step", "aria-label": "Position in the game" });
  const where = h("p", { class: "where", "aria-live": "polite" });
  const result = h("div", { class: "banner small hand-result", hidden: true });
  const evaluation = h("div", { class: "evaluation", "aria-live": "polite" });
  const button = (label, text, step) => h("button", { type: "button", class: "tool", "aria-label": label, onclick: () => go(step()) }, text);
  const controls = h("div", { class: "replay-controls", role: "group", "aria-label": "Replay controls" },
    button("First position", "|◀", () => 0),
    button("Previous hand", "◀◀", () => previousDealStart()),
    button("Back one action", "◀", () => index - 1),
    button("Forward one action", "▶", () => index + 1),
    button("Next hand", "▶▶", () => nextDealStart()),
    button("Last position", "▶|", () => total - 1),
    slider);
  viewer.replaceChildren(h("div", { class: "table-layout" },
    h("div", { class: "play-area" }, controls, where, result, felt),
    h("aside", { class: "side" }, h("section", { class: "panel" }, h("h2", {}, "Evaluation"), evaluation),
      h("section", { class: "panel" }, h("button", { type: "button", class: "button review-open",
        onclick: () => openReview({ source: { replay: replay.replay }, seat: seat ?? 0, viewer: seat, seats }) }, "Review this game")),
      h("section", { class: "panel keys" }, h("h2", {}, "Keys"), h("p", { class: "muted" }, "←/→ step, PageUp/PageDown change hand, Home/End.")))));

  // [deal, index within the deal] of a position counted over the whole game.
  function locate(step) {
    let low = 0;
    let high = counts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= step) low = middle;
      else high = middle - 1;
    }
    return [low, step - starts[low]];
  }
  function dealPositions(deal) {
    if (!pending.has(deal)) {
      pending.set(deal, fetch(`/api/replays/${replay.replay}/deals/${deal}`)
        .then(async (response) => {
          const answer = await response.json();
          if (!response.ok) throw new Error(answer.error || "the hand could not be loaded");
          loaded.set(deal, answer.positions);
          results.set(deal, answer.result);
        })
        .finally(() => pending.delete(deal)));
    }
    return pending.get(deal);
  }
  function previousDealStart() {
    const [deal, within] = locate(index);
    const target = within === 0 ? deal - 1 : deal;
    return target < 0 ? 0 : starts[target];
  }
  function nextDealStart() {
    const [deal] = locate(index);
    return deal + 1 < counts.length ? starts[deal + 1] : total - 1;
  }

  function go(step) {
    index = Math.max(0, Math.min(total - 1, step));
    slider.value = String(index);
    render();
  }

  function render() {
    const [deal, within] = locate(index);
    const positions = loaded.get(deal);
    if (!positions) {
      where.textContent = `Hand ${deal + 1}: loading…`;
      dealPositions(deal)
        .then(() => { if (locate(index)[0] === deal) render(); })
        .catch((problem) => { if (locate(index)[0] === deal) where.textContent = `Hand ${deal + 1} could not be loaded: ${problem.message}.`; });
      return;
    }
    const position = positions[within];
    const o = position.observation;
    // The deal's last position says how the hand ended, its last trick on the felt (the engine has dealt the next hand).
    const ended = within === counts[deal] - 1 ? results.get(deal) : null;
    const board = ended ? lastTrick(positions, within, ended) : { observation: o, hands: position.hands };
    drawFelt(felt, { state, ...board, bottom: seat ?? 0, describe: (a) => actionLabel(a, null) });
    result.hidden = !ended;
    result.replaceChildren(ended ? h("strong", {}, `Hand ${deal + 1}: `) : "", ended ? handSummary(state, ended).join(" ") : "");
    const next = positions[within + 1];
    const nextAction = next ? next.action : null;
    if (deal + 1 < counts.length && !loaded.has(deal + 1)) dealPositions(deal + 1).catch(() => {});  // the next hand, ahead of time
    const scores = o.scores.map((score, team) => `${teamName(state, team)} ${score}`).join(", ");
    const text = position.action ? actionSentence(state, ...position.action) : `Deal ${position.deal + 1} begins`;
    where.textContent = `Hand ${position.deal + 1}, action ${position.index}: ${text}. Trump: ${trumpWords(board.observation.trump)}. Scores: ${scores}.`;
    announce(ended ? `${where.textContent} ${result.textContent}` : where.textContent);
    evaluation.replaceChildren();
    if (!replay.solver) {
      evaluation.append(h("p", { class: "muted" }, "The solver is not part of this installation."));
      return;
    }
    const isPlay = (o.legal_actions || []).some((a) => a.startsWith("play:"));
    if (!isPlay) {
      evaluation.append(h("p", { class: "muted" }, "The solver evaluates plays of the cards."));
      return;
    }
    const key = `${position.deal}:${position.index}`;
    const shown = (result) => {
      const [nowDeal, nowWithin] = locate(index);
      if (nowDeal !== position.deal || nowWithin !== position.index) return;
      evaluation.replaceChildren();
      const values = Object.entries(result.values || {});
      if (!values.length) {
        evaluation.append(h("p", { class: "muted" }, result.reason || "No evaluation here."));
        return;
      }
      const best = Math.max(...values.map(([, v]) => v));
      const list = h("ul", { class: "values", "aria-label": "Each legal play and the tricks it takes from here with best play by all" });
      for (const [action, tricks] of values.sort((a, b) => b[1] - a[1])) {
        const played = nextAction && nextAction[1] === action;
        list.append(h("li", { class: `${tricks === best ? "best" : ""}${played ? " played" : ""}` },
          `${actionLabel(action, null)}: ${tricks}`, played ? " ← played" : ""));
      }
      evaluation.append(h("p", { class: "muted" }, "Tricks still to take for the side to play, with best play by everyone:"), list);
    };
    if (evaluations.has(key)) shown(evaluations.get(key));
    else {
      evaluation.append(h("p", { class: "muted" }, "Solving…"));
      fetch(`/api/replays/${replay.replay}/evaluation?deal=${position.deal}&index=${position.index}`)
        .then((r) => r.json())
        .then((result) => { evaluations.set(key, result); shown(result); });
    }
  }
  slider.addEventListener("input", () => go(Number(slider.value)));
  function onKey(event) {
    if (event.target.tagName === "INPUT" && event.target.type !== "range") return;
    const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: total - 1, PageDown: nextDealStart(), PageUp: previousDealStart() };
    if (event.key in moves) {
      go(moves[event.key]);
      event.preventDefault();
    }
  }
  document.addEventListener("keydown", onKey);
  render();
  return () => document.removeEventListener("keydown", onKey);
}
