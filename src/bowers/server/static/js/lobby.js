// The first page: one click to play the default game against bots, and the form for any variant, its
// options (from /api/variants, never hard-coded) and who sits where, one step away.

import { h } from "./dom.js";
import { myTables } from "./mine.js";
import { botWords, PLACE_WORDS } from "./words.js";

const SEAT_NAMES = {
  2: ["You", "Opponent"],
  4: ["You", "Left", "Partner", "Right"],
  6: ["You", "Left", "Left 2", "Across", "Right 2", "Right"],
};

// Card players' names for the options; an option not listed here shows its own name.
const OPTION_WORDS = {
  deck: "Deck",
  stick_the_dealer: "Stick the dealer",
  discard_turn_up: "Dealer may discard the card picked up",
  defend_alone: "Defending alone",
  alone_lead: "Who leads against a loner",
  target: "Points to win",
  initial_scores: "Starting scores",
  reneges: "Reneges allowed",
  draw: "Draw for partners and first deal",
  going_alone: "Going alone",
  joker: "The Joker in the deck",
};

const CHOICE_WORDS = {
  deck: { 24: "24 cards (9 to Ace)", 32: "32 cards (7 to Ace)", 25: "25 cards (9 to Ace and the Joker)", 4: "4 cards, for research (red jacks and aces)" },
  alone_lead: { "dealer-left": "The dealer's left", "maker-left": "The loner's left" },
};
// Where a variant adds the Joker to the deck chosen, its choices count it, as its summary does (Railroad's
// Joker is an option of its own, so its choices say what the Joker adds).
const VARIANT_CHOICE_WORDS = {
  railroad: { deck: { 32: "33 cards (7 to Ace and the Joker; 32 without it)", 24: "25 cards (9 to Ace and the Joker; 24 without it)" } },
};

// The page's own sentence for an option whose engine description names values as typed on a command line.
const OPTION_DOCS = {
  discard_turn_up: "Unticked, the dealer keeps the card picked up and discards another.",
  alone_lead: "Who leads the first trick when someone goes alone.",
  joker: "Unticked, the Joker is left out: no no-trump hands, and a Jamboree is the five highest trumps left.",
};

// A variant's name as players say it: the words of its summary before the colon, as the terminal titles it.
function variantTitle(variant) {
  const head = variant.summary.split(":")[0].split(";")[0].trim();
  const words = variant.name.replaceAll("-", " ");
  return head.length <= 30 ? head : `${words.charAt(0).toUpperCase()}${words.slice(1)} Euchre`;
}

const LEVEL_WORDS = { 1: "level 1 (quick)", 2: "level 2", 3: "level 3", 4: "level 4", 5: "level 5 (strongest)" };

function optionLabel(option) {
  const words = option.name.replaceAll("_", " ");
  return OPTION_WORDS[option.name] || words.charAt(0).toUpperCase() + words.slice(1);
}

function optionControl(option, variant) {
  const id = `option-${option.name}`;
  const label = h("label", { for: id }, optionLabel(option));
  let input;
  if (option.kind === "bool") {
    input = h("input", { type: "checkbox", id, name: option.name, checked: option.default === true });
  } else if (option.kind === "choice") {
    input = h("select", { id, name: option.name });
    for (const choice of option.choices) {
      input.append(h("option", { value: String(choice), selected: choice === option.default }, VARIANT_CHOICE_WORDS[variant]?.[option.name]?.[choice] || CHOICE_WORDS[option.name]?.[choice] || String(choice)));
    }
  } else if (option.kind === "positive-int") {
    input = h("input", { type: "number", id, name: option.name, min: "1", step: "1", value: String(option.default), inputmode: "numeric" });
    if (option.max) input.max = String(option.max);
  } else {
    input = h("input", { type: "text", id, name: option.name, value: Array.isArray(option.default) ? option.default.join(", ") : String(option.default) });
  }
  input.dataset.kind = option.kind;
  // The option's own sentence; where the control cannot hold a wrong value, the allowed values are left out.
  const allowed = option.kind === "scores" ? ` (one whole number per team, each below the points to win, such as ${option.default.join(", ")})` : "";
  const doc = h("small", { class: "muted", id: `${id}-doc` }, `${OPTION_DOCS[option.name] || option.doc}${allowed}`);
  input.setAttribute("aria-describedby", `${id}-doc`);
  return h("div", { class: `field option kind-${option.kind}` }, label, input, doc);
}

function readOption(input) {
  if (input.dataset.kind === "bool") return input.checked;
  if (input.dataset.kind === "positive-int") return Number(input.value);
  if (input.dataset.kind === "scores") return input.value.split(",").map((part) => Number(part.trim()));
  return input.value;
}

/** How long ago, in words: "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
function ago(when) {
  const minutes = Math.floor((Date.now() - when) / 60_000);
  const say = (n, unit) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (minutes < 1) return "just now";
  if (minutes < 60) return say(minutes, "minute");
  if (minutes < 48 * 60) return say(Math.floor(minutes / 60), "hour");
  return say(Math.floor(minutes / (24 * 60)), "day");
}

/** The tables this browser opened or sat at, the latest first: back to one in play, or the replay of one finished. */
function tablesList(catalogue) {
  const kept = myTables();
  if (!kept.length) return null;
  const list = h("ul", { class: "my-tables" });
  for (const entry of kept) {
    const variant = catalogue.variants.find((v) => v.name === entry.variant);
    const title = variant ? variantTitle(variant) : entry.variant;
    const where = entry.seat === null || entry.seat === undefined ? "watching your table of bots" : "your seat";
    const href = entry.done ? `/replay/${entry.table}` : `/t/${entry.table}${entry.token ? `#${entry.token}` : ""}`;
    list.append(h("li", { "data-table": entry.table },
      h("a", { href }, entry.done ? `Replay ${title}` : `${title}: back to ${where}`),
      h("span", { class: "muted" }, ` · ${entry.done ? "finished" : "in play"}, seen ${ago(entry.seen)}`)));
  }
  return h("section", { class: "welcome my-tables-panel", "aria-label": "Your tables" }, h("h2", {}, "Your tables"), list,
    h("p", { class: "muted" }, "The tables this browser opened or sat at; a table no one plays at ends after a while."));
}

/** The bot the form offers first: the strongest with levels. */
function strongestBot(catalogue) {
  return catalogue.bots.find((b) => b.levels) || catalogue.bots[catalogue.bots.length - 1];
}

export async function openLobby(root) {
  root.replaceChildren(h("p", {}, "Loading the games…"));
  let catalogue;
  try {
    const response = await fetch("/api/variants");
    catalogue = await response.json();
  } catch {
    root.replaceChildren(h("section", { class: "panel problem", role: "alert" }, h("h1", {}, "The card room is not answering"),
      h("p", {}, "The server could not be reached. Try again in a moment."), h("p", {}, h("a", { href: "/", class: "button primary" }, "Try again"))));
    return;
  }
  const defaultVariant = catalogue.variants[0];
  const strongest = strongestBot(catalogue);

  async function openTable(body, message, button) {
    button.disabled = true;
    message.textContent = "";
    let answer;
    let response;
    try {
      response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      answer = await response.json();
    } catch {
      response = { ok: false };
      answer = { error: "The server could not be reached; try again." };
    }
    button.disabled = false;
    if (!response.ok) {
      message.textContent = answer.error;
      return;
    }
    const tokens = answer.seats.map((seat) => seat.token);
    localStorage.setItem(`bowers:invites:${answer.table}`, JSON.stringify(tokens));
    localStorage.setItem(`bowers:owner:${answer.table}`, answer.owner); // the key that ends the table
    const mine = tokens[0];
    window.history.pushState({}, "", `/t/${answer.table}${mine ? `#${mine}` : ""}`);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }

  // One click: the default game, this player and bots.
  const quickMessage = h("p", { class: "error", role: "alert" });
    const quick = h("button", { type: "button", class: "button primary big", id: "play-now" }, `Play ${defaultVariant.name === "standard" ? "Euchre" : defaultVariant.name} now`);
  quick.addEventListener("click", () => {
    const seats = [{ kind: "human", settings: {}, name: null }];
    for (let seat = 1; seat < defaultVariant.players; seat += 1) seats.push({ kind: strongest.name, settings: strongest.levels ? { level: 3 } : {}, name: null });
    openTable({ variant: defaultVariant.name, options: {}, seats }, quickMessage, quick);
  });
  const custom = h("button", { type: "button", class: "button secondary", id: "choose-game", "aria-expanded": "false", "aria-controls": "new-table-form" }, "Choose the game and seats…");
  const welcome = h("section", { class: "welcome", "aria-label": "Play now" },
    h("h1", {}, "Play Euchre"),
    h("p", {}, `${defaultVariant.summary} You and a partner against two opponents: all three are ${botWords(strongest.name).toLowerCase()}s.`),
    h("p", { class: "welcome-buttons" }, quick, " ", custom),
    quickMessage,
    h("p", { class: "muted" }, "Choose the game to play another variant, change the rules, name the players or invite friends."));

  // The form.
  const form = h("form", { class: "lobby", "aria-label": "New table", id: "new-table-form", hidden: true });
  const variantSelect = h("select", { id: "variant", name: "variant" });
  for (const variant of catalogue.variants) variantSelect.append(h("option", { value: variant.name }, variantTitle(variant)));
  const summary = h("p", { class: "muted", id: "variant-summary" });
  const optionsBox = h("fieldset", { class: "options" }, h("legend", {}, "Rules"));
  const seatsBox = h("fieldset", { class: "seats-form" }, h("legend", {}, "Seats"));
  const message = h("p", { class: "error", role: "alert" });
  const submit = h("button", { type: "submit", class: "button primary" }, "Open the table");

  function seatControl(seat, players) {
    const names = SEAT_NAMES[players] || [];
    const id = `seat-${seat}`;
    const kind = h("select", { id, name: id, "data-seat": seat });
    kind.append(h("option", { value: "human" }, seat === 0 ? "Me" : "A friend (invite link)"));
    for (const bot of catalogue.bots) kind.append(h("option", { value: bot.name, selected: seat !== 0 && bot === strongest }, botWords(bot.name)));
    const level = h("select", { id: `${id}-level`, "aria-label": `How well the bot in seat ${seat + 1} plays` });
    for (let value = 1; value <= 5; value += 1) level.append(h("option", { value: String(value), selected: value === 3 }, LEVEL_WORDS[value]));
    const name = h("input", { type: "text", id: `${id}-name`, maxlength: "40", placeholder: seat === 0 ? "your name (optional)" : "name (optional)", "aria-label": `Name for seat ${seat + 1}` });
    function sync() {
      const bot = catalogue.bots.find((b) => b.name === kind.value);
      level.hidden = !(bot && bot.levels);
    }
    kind.addEventListener("change", sync);
    sync();
    return h("div", { class: "field seat-field" }, h("label", { for: id }, `${names[seat] || `Seat ${seat + 1}`}${players === 4 && (seat === 0 || seat === 2) ? " · your team" : ""}`), kind, level, name);
  }

  function showVariant() {
    const variant = catalogue.variants.find((v) => v.name === variantSelect.value);
    summary.textContent = `${variant.summary} ${variant.players} players.`;
    optionsBox.replaceChildren(h("legend", {}, "Rules"), ...variant.options.map((option) => optionControl(option, variant.name)));
    seatsBox.replaceChildren(h("legend", {}, "Seats"));
    for (let seat = 0; seat < variant.players; seat += 1) seatsBox.append(seatControl(seat, variant.players));
  }
  variantSelect.addEventListener("change", showVariant);

  form.append(
    h("h2", {}, "Choose the game"),
    h("div", { class: "field" }, h("label", { for: "variant" }, "Variant"), variantSelect, summary),
    optionsBox, seatsBox, message, submit,
    h("p", { class: "muted" }, "Friends get their own private link. Anyone with the table's public link can watch."),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const variant = catalogue.variants.find((v) => v.name === variantSelect.value);
    const options = {};
    for (const option of variant.options) {
      const value = readOption(form.querySelector(`[name="${option.name}"]`));
      if (JSON.stringify(value) !== JSON.stringify(option.default)) options[option.name] = value;
    }
    const seats = [];
    for (let seat = 0; seat < variant.players; seat += 1) {
      const kind = form.querySelector(`#seat-${seat}`).value;
      const bot = catalogue.bots.find((b) => b.name === kind);
      const input = form.querySelector(`#seat-${seat}-name`);
      const name = input.value.trim() || null;
      // A place at the table ("You", "Partner", "Left") as a name would say the wrong seat to everyone else.
      if (name && PLACE_WORDS.has(name.toLowerCase())) {
        message.textContent = `“${name}” is what the table calls a seat, and would confuse the players: choose another name.`;
        input.focus();
        return;
      }
      const settings = bot && bot.levels ? { level: Number(form.querySelector(`#seat-${seat}-level`).value) } : {};
      seats.push({ kind, settings, name });
    }
    openTable({ variant: variant.name, options, seats }, message, submit);
  });
  custom.addEventListener("click", () => {
    form.hidden = !form.hidden;
    custom.setAttribute("aria-expanded", String(!form.hidden));
    if (!form.hidden) variantSelect.focus();
  });
  root.replaceChildren(h("div", { class: "lobby-page" }, welcome, tablesList(catalogue), form));
  showVariant();
}
