/**
 * Tab 7 opens Multi Docs, which is a mode of the chat (tab 9), not a screen of its own: the tab asks
 * the chat to enter the mode through this one-shot request, then hands over to the chat.
 */
const EVENT = 'hangar:multidocs-request';
let pending = false;

export function requestMultidocs() {
  pending = true;
  window.dispatchEvent(new Event(EVENT));
}

/** Calls `enter` for a request made before or after the chat mounted. */
export function onMultidocsRequest(enter: () => void): () => void {
  const take = () => {
    if (!pending) return;
    pending = false;
    enter();
  };
  take();
  window.addEventListener(EVENT, take);
  return () => window.removeEventListener(EVENT, take);
}
