import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formAddress, HELD_CLICK_TIMEOUT_MS, holdEarlyInput, isTakenOver } from './early-input';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        Save
      </button>
      <output>{count}</output>
    </div>
  );
}

let release: (() => void) | undefined;
let root: Root | undefined;

afterEach(() => {
  release?.();
  release = undefined;
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  delete document.documentElement.dataset.appReady;
});

/** The server's HTML, in the document, not yet hydrated. */
function serverPage(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Counter />);
  document.body.append(container);
  return container;
}

/** A schedule the test drives step by step instead of a timer. */
function manualSchedule() {
  const steps: (() => void)[] = [];
  return {
    schedule: (step: () => void) => steps.push(step),
    runNext: () => steps.shift()?.(),
    get pending() {
      return steps.length;
    },
  };
}

describe('isTakenOver', () => {
  it('tells the server’s element from the one React DOM has hydrated', () => {
    const container = serverPage();
    const button = container.querySelector('button')!;
    expect(isTakenOver(button)).toBe(false);
    act(() => {
      root = hydrateRoot(container, <Counter />);
    });
    // Hydration kept the element, and React DOM's props are now on it.
    expect(container.querySelector('button')).toBe(button);
    expect(isTakenOver(button)).toBe(true);
  });
});

describe('holdEarlyInput', () => {
  it('holds a click on a button the app has not taken over, and replays it once it has', () => {
    const container = serverPage();
    const onFirstInput = vi.fn();
    const timer = manualSchedule();
    release = holdEarlyInput({ onFirstInput, schedule: timer.schedule });

    container.querySelector('button')!.click();
    container.querySelector('button')!.click();
    expect(onFirstInput).toHaveBeenCalledTimes(1);
    timer.runNext(); // not hydrated yet: held on
    expect(timer.pending).toBe(1);

    act(() => {
      root = hydrateRoot(container, <Counter />);
    });
    expect(container.querySelector('output')!.textContent).toBe('0');
    act(() => timer.runNext());
    // Two impatient clicks on the same button are one action.
    expect(container.querySelector('output')!.textContent).toBe('1');
    expect(timer.pending).toBe(0);
  });

  it('leaves clicks alone once React owns the button', () => {
    const container = serverPage();
    const timer = manualSchedule();
    release = holdEarlyInput({ onFirstInput: () => undefined, schedule: timer.schedule });
    act(() => {
      root = hydrateRoot(container, <Counter />);
    });
    act(() => container.querySelector('button')!.click());
    expect(container.querySelector('output')!.textContent).toBe('1');
    expect(timer.pending).toBe(0);
  });

  it('drops a held click when its element is gone or the app never comes', () => {
    let clock = 0;
    const container = serverPage();
    const timer = manualSchedule();
    release = holdEarlyInput({ onFirstInput: () => undefined, schedule: timer.schedule, now: () => clock });
    const button = container.querySelector('button')!;
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    button.click();
    expect(clicked).not.toHaveBeenCalled();
    clock = HELD_CLICK_TIMEOUT_MS + 1;
    timer.runNext();
    expect(timer.pending).toBe(0);

    clock = 0;
    button.click();
    button.remove();
    timer.runNext();
    expect(timer.pending).toBe(0);
  });

  it('lets the submit button of a GET form submit without the app', () => {
    document.body.innerHTML = '<form action="/jobs" method="get"><button type="submit">Find jobs</button></form>';
    const timer = manualSchedule();
    release = holdEarlyInput({ onFirstInput: () => undefined, schedule: timer.schedule });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(timer.pending).toBe(0);
  });

  it('holds nothing once the app has marked the page as its own', () => {
    document.body.innerHTML = '<button type="button">Menu</button>';
    document.documentElement.dataset.appReady = '';
    const timer = manualSchedule();
    release = holdEarlyInput({ onFirstInput: () => undefined, schedule: timer.schedule });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('leaves for the filtered search when a filter select changes before the app runs', () => {
    document.body.innerHTML = `
      <form action="/jobs" method="get" data-submit-on-change="">
        <select name="country"><option value="china">China</option><option value="japan" selected>Japan</option></select>
        <select name="city" data-depends-on="country"><option value="">All cities</option><option value="Osaka" selected>Osaka</option></select>
        <select name="ageGroup"><option value="">All age groups</option><option value="Adults">Adults</option></select>
        <input type="hidden" name="page" value="1">
      </form>`;
    const navigate = vi.fn();
    const onFirstInput = vi.fn();
    release = holdEarlyInput({ onFirstInput, navigate });
    const [country, , ageGroup] = [...document.querySelectorAll('select')];

    ageGroup!.value = 'Adults';
    ageGroup!.dispatchEvent(new Event('change', { bubbles: true }));
    expect(navigate).toHaveBeenLastCalledWith('/jobs?country=japan&city=Osaka&ageGroup=Adults&page=1');
    expect(onFirstInput).toHaveBeenCalledTimes(1);

    // A new country drops the city, as the app does.
    country!.value = 'china';
    country!.dispatchEvent(new Event('change', { bubbles: true }));
    expect(navigate).toHaveBeenLastCalledWith('/jobs?country=china&ageGroup=Adults&page=1');
  });
});

describe('formAddress', () => {
  it('leaves out empty and disabled fields', () => {
    document.body.innerHTML = `
      <form action="/jobs"><select name="country"><option value="vietnam" selected>Vietnam</option></select>
      <select name="city" disabled><option value="Hanoi" selected>Hanoi</option></select>
      <select name="ageGroup"><option value="" selected>All</option></select></form>`;
    expect(formAddress(document.querySelector('form')!)).toBe('/jobs?country=vietnam');
  });
});
