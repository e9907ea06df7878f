// The tables this browser opened or joined, kept in localStorage: the first page lists them, and a replay names
// the seats as the table did, "You" included.

const KEY = "bowers:tables";
const KEEP = 20; // the most recent tables kept

/** The tables kept, the most recently seen first: { table, seat, token, variant, done, seen }. */
export function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((entry) => entry && typeof entry.table === "string") : [];
  } catch {
    return [];
  }
}

/** Keep (or bring to the top) a table this browser sits at or opened. */
export function rememberTable(entry) {
  const list = myTables().filter((kept) => kept.table !== entry.table);
  list.unshift({ ...entry, seen: Date.now() });
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, KEEP)));
  } catch {
    // Storage full or refused (a private window): the list is a convenience only.
  }
}

/** The seat this browser had at a table, or null. */
export function mySeatAt(table) {
  return myTables().find((kept) => kept.table === table)?.seat ?? null;
}
