/**
 * What a person does before the page's scripts have run is kept, and carried out once they have
 * (docs/decisions/0029-nothing-lost-before-the-scripts-run.md).
 *
 * Guests' pages load their scripts only after the page (decision 0008), and every page hydrates a
 * moment after its first paint. Until then a button's press does nothing, and React, once it runs,
 * sets every controlled field back to the value it was rendered with (a textarea already while it
 * hydrates). The inline script below runs before the page's content is parsed and, until the page
 * has hydrated:
 * - keeps each press of a button that does nothing without scripts (any button that does not
 *   submit a form) and of an element marked `data-keep-press` (a link that becomes a dialog; the
 *   space bar too where it acts as a button), marks it `data-press-pending` (styled as busy), and
 *   stops a marked link from leaving the page;
 * - once the page's scripts have started (`startKeepingLinks`, called by app/entry.client.tsx
 *   before it hydrates), also keeps each press of a link that would load another page of the site:
 *   a page load the browser starts while React hydrates is cancelled before the new page arrives
 *   (the staff screens' 'Ausstehend' stayed on today), so such a press waits for the page to be
 *   ready and is then carried out by the link itself (a client-side navigation);
 * - remembers the latest value of every field a person types into or chooses in.
 * Once the page has hydrated (`stopKeepingEarlyInput`, `replayEarlyInput`), each field gets back what
 * the person entered, as if they had just typed it (React's `onChange` runs, so a controlled field
 * adopts it), and the kept presses are pressed again, in order.
 *
 * A press React handled itself (it hydrates at once on a press that arrives while it hydrates) is
 * not pressed twice: the bubbling listeners drop a press once the page has hydrated during it. If
 * the scripts cannot be loaded at all, `fail` lets a kept link lead where it points after all.
 */
export const EARLY_INPUT_SCRIPT = `(function(){
var early = window.__tavolaEarly = { presses: [], values: new Map(), done: false, current: null };
function pressable(target, event) {
  var element = target instanceof Element ? target : null;
  target = element && element.closest("button,[data-keep-press]");
  if (!target) return early.starting && element ? leavingLink(element.closest("a[href]"), event) : null;
  if (target.disabled) return null;
  if (target.tagName === "BUTTON" && (target.type === "reset" || (target.type === "submit" && target.form))) return null;
  return target;
}
function leavingLink(link, event) {
  if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return null;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download") || link.origin !== location.origin) return null;
  if (link.hash && link.pathname === location.pathname && link.search === location.search) return null;
  return link;
}
function keep(target, event) {
  if (target.tagName === "A") event.preventDefault();
  if (early.presses[early.presses.length - 1] !== target) early.presses.push(target);
  target.setAttribute("data-press-pending", "");
  early.current = target;
}
addEventListener("click", function (event) {
  var target = !early.done && pressable(event.target, event);
  if (target) keep(target, event);
}, true);
addEventListener("keydown", function (event) {
  var target = !early.done && event.key === " " && event.target instanceof Element && event.target.closest("a[data-keep-press][role=button]");
  if (target) keep(target, event);
}, true);
function handledByReact() {
  var target = early.current;
  early.current = null;
  if (!target || !early.done || (target.tagName === "A" && !target.hasAttribute("data-keep-press"))) return;
  early.presses = early.presses.filter(function (press) { return press !== target; });
  target.removeAttribute("data-press-pending");
}
addEventListener("click", handledByReact);
addEventListener("keydown", handledByReact);
function remember(event) {
  var field = event.target;
  if (early.done || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) || field.type === "file") return;
  early.values.set(field, field.type === "checkbox" || field.type === "radio" ? field.checked : field.value);
}
addEventListener("input", remember, true);
addEventListener("change", remember, true);
early.fail = function () {
  if (early.done) return;
  early.done = true;
  var link = early.presses.filter(function (press) { return press.tagName === "A" && press.href; }).pop();
  early.presses.forEach(function (press) { press.removeAttribute("data-press-pending"); });
  early.presses = [];
  if (link) location.assign(link.href);
};
})();`;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type FieldValue = string | boolean;

interface EarlyInput {
  presses: Element[];
  values: Map<Field, FieldValue>;
  done: boolean;
  /** What came before has been carried out (the browser tests wait for this, not for a time). */
  carriedOut?: boolean;
  /** The page's scripts have started: a press of a link to another page of the site is kept too. */
  starting?: boolean;
  /** The page's scripts could not be loaded: a kept link is followed after all. */
  fail: () => void;
}

declare global {
  interface Window {
    __tavolaEarly?: EarlyInput;
  }
}

const UNCHANGEABLE_TYPES = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

/**
 * Fields that differ from what the page was rendered with although nobody typed into them while the
 * inline script listened: filled in by the browser (autofill, or a form restored on going back).
 */
function changedWithoutEvents(known: ReadonlyMap<Field, FieldValue>): Array<[Field, FieldValue]> {
  const changed: Array<[Field, FieldValue]> = [];
  for (const field of document.querySelectorAll<Field>("input, textarea, select")) {
    if (known.has(field)) continue;
    if (field instanceof HTMLSelectElement) {
      if (!field.multiple && [...field.options].some((option) => option.selected !== option.defaultSelected))
        changed.push([field, field.value]);
    } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.checked !== field.defaultChecked) changed.push([field, field.checked]);
    } else if (!UNCHANGEABLE_TYPES.has(field.type) && field.value !== field.defaultValue) {
      changed.push([field, field.value]);
    }
  }
  return changed;
}

/** Gives a field back its value the way typing does, so React's change handler sees it. */
function restore(field: Field, value: FieldValue): void {
  if (!field.isConnected) return;
  if (typeof value === "boolean") {
    if (field instanceof HTMLInputElement && field.checked !== value) field.click();
    return;
  }
  // React remembers the value it last saw through the element's own `value` property and reports a
  // change only when the field differs from it: so first through that property to a value the person
  // did not enter, then through the prototype's setter, which React does not watch, to theirs.
  field.value = value === "" ? " " : "";
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
  if (!(field instanceof HTMLSelectElement)) field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * The page's scripts have started and will hydrate: from now on a press of a link to another page of
 * the site is kept instead of left to the browser, whose page load hydration would cancel.
 */
export function startKeepingLinks(): void {
  const early = window.__tavolaEarly;
  if (early && !early.done) early.starting = true;
}

let replaying = false;

/**
 * True while a kept press is being carried out: a synthetic click, which browsers do not let open a
 * file picker (a control that opens one says so instead, app/features/gallery).
 */
export function isReplayingEarlyPress(): boolean {
  return replaying;
}

let carriedValues: Array<[Field, FieldValue]> | undefined;

/**
 * The page has hydrated (the root's layout effect): from now on React handles every press and
 * keystroke. The presses stay with the inline script until they are carried out, so that a press
 * React handled itself while it hydrated can still be taken off the list.
 */
export function stopKeepingEarlyInput(): void {
  const early = window.__tavolaEarly;
  if (!early || early.done) return;
  early.done = true;
  const values: Array<[Field, FieldValue]> = [...early.values, ...changedWithoutEvents(early.values)];
  // Earlier fields first: a later field may depend on an earlier one (the times offered on a day).
  values.sort(([a], [b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  carriedValues = values;
  early.values = new Map();
}

/**
 * Carries out what came before (the root's passive effect): a task later, when React has finished
 * the renders that follow hydration — one of them sets controlled fields back. Fields first, then
 * presses, each in a task of its own: what the fields or one press changed is rendered, and its
 * effects have run, before the next press is carried out (a change, then a link: the screen's question about
 * unsaved changes is in place). One that fails does not stop the others.
 */
export function replayEarlyInput(): () => void {
  let timer = setTimeout(() => {
    const early = window.__tavolaEarly;
    const values = carriedValues ?? [];
    const presses = early?.presses ?? [];
    carriedValues = undefined;
    if (early) early.presses = [];
    for (const [field, value] of values) attempt(() => restore(field, value));
    const next = () => {
      const element = presses.shift();
      if (!element) {
        if (early) early.carriedOut = true;
        return;
      }
      element.removeAttribute("data-press-pending");
      if (element.isConnected && element instanceof HTMLElement)
        attempt(() => {
          replaying = true;
          try {
            press(element);
          } finally {
            replaying = false;
          }
        });
      timer = setTimeout(next, 0);
    };
    timer = setTimeout(next, 0);
  }, 0);
  return () => clearTimeout(timer);
}

function attempt(step: () => void): void {
  try {
    step();
  } catch (error) {
    console.error("could not carry out an early press or entry", error);
  }
}

/**
 * Presses an element as a mouse does: some controls act on `pointerdown` or `mousedown` (tabs, select
 * menus), most on `click`; the element takes the focus, so a dialog it opens gives it back on closing.
 */
function press(element: HTMLElement): void {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
  const pointer = { ...init, pointerId: 1, pointerType: "mouse", isPrimary: true };
  element.dispatchEvent(new PointerEvent("pointerdown", pointer));
  element.dispatchEvent(new MouseEvent("mousedown", init));
  element.focus({ preventScroll: true });
  element.dispatchEvent(new PointerEvent("pointerup", pointer));
  element.dispatchEvent(new MouseEvent("mouseup", init));
  element.click();
}
