// The page's router: the first page (play now, or the new-table form), a table (/t/ID#TOKEN) or the
// replay viewer (/replay, /replay/ID).  A link that leads nowhere gets a page that says so, with a way back.

import { h } from "./dom.js";
import { openLobby } from "./lobby.js";
import { openReplay } from "./replay.js";
import { openTable } from "./table.js";

const root = document.getElementById("app");
let close = () => {};

function problem(title, text) {
  document.title = `bowers — ${title}`;
  root.replaceChildren(h("section", { class: "panel problem", role: "alert" },
    h("h1", {}, title), h("p", {}, text),
    h("p", { class: "links" }, h("a", { href: "/", class: "button primary" }, "Start a new table"), " ",
      h("a", { href: "/replay", class: "button secondary" }, "Replay a game"))));
}

function route() {
  close();
  close = () => {};
  window.scrollTo(0, 0); // each page opens at its top, not where the last one was scrolled to
  const path = location.pathname;
  const table = path.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  const replay = path.match(/^\/replay(?:\/([A-Za-z0-9_-]+))?\/?$/);
  try {
    if (table) {
      let token = null;
      try {
        token = decodeURIComponent(location.hash.slice(1)) || null;
      } catch {
        problem("This invite link is damaged", "The part of the link after # is not a seat's key: ask for the link again, or start a table of your own.");
        return;
      }
      document.title = "bowers — table";
      close = openTable(root, table[1], token) || close;
    } else if (replay) {
      document.title = "bowers — replay";
      close = openReplay(root, replay[1]) || close;
    } else if (path === "/" || path === "") {
      document.title = "bowers — Euchre";
      openLobby(root);
    } else {
      problem("No table at this link", "This address is not a table, a replay or the first page: the link may be incomplete or mistyped.");
    }
  } catch (failure) {
    problem("Something went wrong", `The page could not be drawn (${failure.message}).`);
    throw failure;
  }
}

window.addEventListener("popstate", route);
route();
