// The new-table page: variant and options (from /api/variants, never hard-coded), and who sits where.

import { h } from "./dom.js";

const SEAT_NAMES = {
  2: ["You", "Opponent"],
  4: ["You", "Left", "Partner", "Right"],
  6: ["You", "Left", "Left 2", "Across", "Right 2", "Right"],
};

function optionControl(option) {
  const id = `option-${option.name}`;
  const label = h("label", { for: id }, option.name.replaceAll("_", " "));
  let input;
  if (option.kind === "bool") {
    input = h("input", { type: "checkbox", id, name: option.name, checked: option.default === true });
  } else if (option.kind === "choice") {
    input = h("select", { id, name: option.name });
    for (const choice of option.choices) input.append(h("option", { value: String(choice), selected: choice === option.default }, String(choice)));
  } else if (option.kind === "positive-int") {
    input = h("input", { type: "number", id, name: option.name, min: "1", step: "1", value: String(option.default), inputmode: "numeric" });
  } else {
    input = h("input", { type: "text", id, name: option.name, value: Array.isArray(option.default) ? option.default.join(", ") : String(option.default) });
  }
  input.dataset.kind = option.kind;
  const doc = h("small", { class: "muted", id: `${id}-doc` }, `${option.doc} (${option.allowed})`);
  input.setAttribute("aria-describedby", `${id}-doc`);
  return h("div", { class: `field option kind-${option.kind}` }, label, input, doc);
}

function readOption(input) {
  if (input.dataset.kind === "bool") return input.checked;
  if (input.dataset.kind === "positive-int") return Number(input.value);
  if (input.dataset.kind === "scores") return input.value.split(",").map((part) => Number(part.trim()));
  return input.value;
}

export async function openLobby(root) {
  root.replaceChildren(h("p", {}, "Loading variants…"));
  const catalogue = await (await fetch("/api/variants")).json();
  const form = h("form", { class: "lobby", "aria-label": "New table" });
  const variantSelect = h("select", { id: "variant", name: "variant" });
  for (const variant of catalogue.variants) variantSelect.append(h("option", { value: variant.name }, variant.name));
  const summary = h("p", { class: "muted", id: "variant-summary" });
  const optionsBox = h("fieldset", { class: "options" }, h("legend", {}, "Options"));
  const seatsBox = h("fieldset", { class: "seats-form" }, h("legend", {}, "Seats"));
  const message = h("p", { class: "error", role: "alert" });
  const submit = h("button", { type: "submit", class: "button primary" }, "Open the table");

  function seatControl(seat, players) {
    const names = SEAT_NAMES[players] || [];
    const id = `seat-${seat}`;
    const kind = h("select", { id, name: id, "data-seat": seat });
    kind.append(h("option", { value: "human" }, seat === 0 ? "Me" : "A friend (invite link)"));
    const strongest = catalogue.bots.find((b) => b.levels) || catalogue.bots[catalogue.bots.length - 1];
    for (const bot of catalogue.bots) kind.append(h("option", { value: bot.name, selected: seat !== 0 && bot === strongest }, `${bot.name} bot`));
    const level = h("select", { id: `${id}-level`, "aria-label": `Level of the bot in seat ${seat + 1}` });
    for (let value = 1; value <= 5; value += 1) level.append(h("option", { value: String(value), selected: value === 3 }, `level ${value}`));
    const name = h("input", { type: "text", id: `${id}-name`, maxlength: "40", placeholder: "name (optional)", "aria-label": `Name for seat ${seat + 1}` });
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
    optionsBox.replaceChildren(h("legend", {}, "Options"), ...variant.options.map(optionControl));
    seatsBox.replaceChildren(h("legend", {}, "Seats"));
    for (let seat = 0; seat < variant.players; seat += 1) seatsBox.append(seatControl(seat, variant.players));
  }
  variantSelect.addEventListener("change", showVariant);

  form.append(
    h("h1", {}, "A new table"),
    h("div", { class: "field" }, h("label", { for: "variant" }, "Variant"), variantSelect, summary),
    optionsBox, seatsBox, message, submit,
    h("p", { class: "muted" }, "Friends get their own private link. Anyone with the table's public link can watch."),
  );
  form.addEventListener("submit", async (event) => {
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
      const name = form.querySelector(`#seat-${seat}-name`).value.trim() || null;
      const settings = bot && bot.levels ? { level: Number(form.querySelector(`#seat-${seat}-level`).value) } : {};
      seats.push({ kind, settings, name });
    }
    submit.disabled = true;
    message.textContent = "";
    const response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ variant: variant.name, options, seats }) });
    const answer = await response.json();
    submit.disabled = false;
    if (!response.ok) {
      message.textContent = answer.error;
      return;
    }
    const tokens = answer.seats.map((seat) => seat.token);
    localStorage.setItem(`bowers:invites:${answer.table}`, JSON.stringify(tokens));
    const mine = tokens[0];
    window.history.pushState({}, "", `/t/${answer.table}${mine ? `#${mine}` : ""}`);
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  root.replaceChildren(form);
  showVariant();
}
