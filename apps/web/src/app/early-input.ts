// What a visitor does on a page the server rendered (app/prerender.ts) before the app's code has
// taken it over. Links are real links and the home search is a GET form, so they need nothing here.
// The rest would be lost: a button does nothing until React hydrates it, and a filter select does
// nothing until the app navigates on its change. boot.ts installs this before the app is fetched:
// - a click on a button the app has not taken over yet is held, and replayed on the same element as
//   soon as React has hydrated it (hydration keeps the server's elements, so the element is still
//   the one the visitor clicked);
// - a change of a select in a form marked data-submit-on-change leaves for the form's GET address
//   at once, as the app would navigate (empty fields left out, dependent fields dropped).
// Nothing here runs once React owns an element, or once the app has marked the page as its own
// (<html data-app-ready>, set by app/router.tsx): React's own handlers answer instead.

/**
 * React DOM keeps each element's current props under a key starting with this prefix, set when it
 * renders or hydrates the element; its event handlers are read from there. early-input.test.ts
 * hydrates a page with the React DOM we ship and checks this, so an upgrade that changes it fails.
 */
const REACT_PROPS_KEY_PREFIX = '__reactProps$';

/** Clicks held for longer than this are dropped: the app did not arrive (offline, blocked script). */
export const HELD_CLICK_TIMEOUT_MS = 30_000;

export function isTakenOver(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith(REACT_PROPS_KEY_PREFIX));
}

function isAppReady(): boolean {
  return document.documentElement.hasAttribute('data-app-ready');
}

/** The GET address a filter form states, empty fields left out; `changed` drops what depends on it. */
export function formAddress(form: HTMLFormElement, changed?: string): string {
  const params = new URLSearchParams();
  const data = new FormData(form);
  const dropped = new Set<string>();
  if (changed) {
    for (const field of form.querySelectorAll('[data-depends-on]')) {
      const name = field.getAttribute('name');
      if (name && field.getAttribute('data-depends-on') === changed) dropped.add(name);
    }
  }
  for (const [name, value] of data) {
    if (typeof value === 'string' && value !== '' && !dropped.has(name)) params.append(name, value);
  }
  const action = new URL(form.getAttribute('action') ?? window.location.pathname, window.location.href);
  const search = params.toString();
  return `${action.pathname}${search ? `?${search}` : ''}`;
}

function heldButton(event: Event): HTMLButtonElement | null {
  if (isAppReady() || !(event.target instanceof Element)) return null;
  const button = event.target.closest('button');
  if (!button || button.disabled || isTakenOver(button)) return null;
  // A submit button of a form with an address works without the app (the home search).
  if (button.type === 'submit' && button.form?.hasAttribute('action')) return null;
  return button;
}

export interface EarlyInputOptions {
  /** Called at the visitor's first input: the app should be fetched now, not after the load event. */
  onFirstInput: () => void;
  /** Where the page goes on a filter change; tests replace it. */
  navigate?: (address: string) => void;
  /** Runs `step` again shortly; tests replace it. */
  schedule?: (step: () => void) => void;
  now?: () => number;
}

/** Installs the listeners on `document`; returns a function that removes them. */
export function holdEarlyInput(options: EarlyInputOptions): () => void {
  const navigate = options.navigate ?? ((address: string) => window.location.assign(address));
  const schedule = options.schedule ?? ((step: () => void) => window.setTimeout(step, 16));
  const now = options.now ?? (() => Date.now());
  const held: { button: HTMLButtonElement; at: number }[] = [];
  let isReplaying = false;
  let hasStarted = false;

  const firstInput = () => {
    if (hasStarted) return;
    hasStarted = true;
    options.onFirstInput();
  };

  const replay = () => {
    for (let i = 0; i < held.length;) {
      const { button, at } = held[i]!;
      if (!button.isConnected || now() - at > HELD_CLICK_TIMEOUT_MS) {
        held.splice(i, 1);
      } else if (isTakenOver(button)) {
        held.splice(i, 1);
        button.click();
      } else {
        i += 1;
      }
    }
    if (held.length > 0) schedule(replay);
    else isReplaying = false;
  };

  const onClick = (event: MouseEvent) => {
    const button = heldButton(event);
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // One replay per element: a second impatient click on the same button is not a second action.
    if (!held.some((h) => h.button === button)) held.push({ button, at: now() });
    firstInput();
    if (!isReplaying) {
      isReplaying = true;
      schedule(replay);
    }
  };

  const onChange = (event: Event) => {
    const select = event.target;
    if (isAppReady() || !(select instanceof HTMLSelectElement) || isTakenOver(select)) return;
    const form = select.form;
    if (!form?.hasAttribute('data-submit-on-change') || !form.hasAttribute('action')) return;
    event.stopImmediatePropagation();
    firstInput();
    navigate(formAddress(form, select.name));
  };

  const onInput = () => firstInput();

  document.addEventListener('click', onClick, true);
  document.addEventListener('change', onChange, true);
  document.addEventListener('pointerdown', onInput, { capture: true, passive: true });
  document.addEventListener('keydown', onInput, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('change', onChange, true);
    document.removeEventListener('pointerdown', onInput, true);
    document.removeEventListener('keydown', onInput, true);
  };
}
