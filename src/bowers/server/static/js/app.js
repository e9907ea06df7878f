// The page's router: the new-table form, a table (/t/ID#TOKEN) or the replay viewer (/replay, /replay/ID).

import { openLobby } from "./lobby.js";
import { openReplay } from "./replay.js";
import { openTable } from "./table.js";

const root = document.getElementById("app");
let close = () => {};

function route() {
  close();
  close = () => {};
  const path = location.pathname;
  const table = path.match(/^\/t\/([A-Za-z0-9_-]+)$/);
  const replay = path.match(/^\/replay(?:\/([A-Za-z0-9_-]+))?$/);
  if (table) {
    const token = decodeURIComponent(location.hash.slice(1)) || null;
    document.title = "bowers — table";
    close = openTable(root, table[1], token) || close;
  } else if (replay) {
    document.title = "bowers — replay";
    close = openReplay(root, replay[1]) || close;
  } else {
    document.title = "bowers — new table";
    openLobby(root);
  }
}

window.addEventListener("popstate", route);
route();
