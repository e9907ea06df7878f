// Small DOM helpers shared by the pages.

/** An element with attributes (``class``, ``on<event>`` handlers, the rest as attributes) and children. */
export function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** Say ``text`` to screen readers through the page's live region (cleared first, so a repeat is spoken again). */
export function announce(text) {
  const node = document.getElementById("announcer");
  node.textContent = "";
  window.setTimeout(() => { node.textContent = text; }, 30);
}
