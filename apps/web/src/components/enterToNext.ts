/**
 * Counter keyboard behaviour for forms: Enter moves focus to the next field instead of submitting.
 *
 *   <Form {...enterToNextProps}>   (the first field gets autoFocus)
 *
 * - Enter in a text field, checkbox, radio group or switch → the next field (one stop per radio group).
 * - Enter on a button (the submit button "บันทึก", "อ่านบัตรประชาชน", …) → the button acts as usual.
 * - Enter in a textarea → a new line.
 * - antd Select and AutoComplete: Enter on an open list picks the highlighted option AND moves on (one stroke a
 *   field); Enter on a closed Select that has a value (or is optional) moves on; Enter on an empty required
 *   Select opens its list.
 * - DatePicker: Enter accepts the typed date (วว/ดด/ปปปป) and moves on.
 * - A field that handles Enter itself sets data-enter="keep" (e.g. the promotion code check).
 * - A button that is a step of the form on screen (e.g. "เพิ่มค่าธรรมเนียม" between the course lines and the
 *   payment) sets data-enter-stop: Enter reaches it, and Enter on it presses it.
 */
import type { KeyboardEvent } from 'react';

const FOCUSABLE = [
  'input:not([disabled]):not([type=hidden]):not([type=file]):not([readonly])',
  'input[role=combobox]:not([disabled])', // antd Select without search renders a readonly input
  'textarea:not([disabled])',
  'button[type=submit]:not([disabled])',
  'button[data-enter-stop]:not([disabled])',
  '[role=switch]:not([disabled])',
].join(', ');

function candidates(scope: ParentNode): HTMLElement[] {
  const all = Array.from(scope.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (x) => x.offsetParent !== null && x.tabIndex !== -1,
  );
  // one stop per radio group, like Tab: the checked radio, or the first one when none is checked
  const seen = new Set<string>();
  return all.filter((x) => {
    if (!(x instanceof HTMLInputElement) || x.type !== 'radio' || !x.name) return true;
    if (seen.has(x.name)) return false;
    const group = all.filter(
      (y): y is HTMLInputElement => y instanceof HTMLInputElement && y.type === 'radio' && y.name === x.name,
    );
    if (x !== (group.find((y) => y.checked) ?? group[0])) return false;
    seen.add(x.name);
    return true;
  });
}

/** Moves focus to the next field of the form (or page) after `from`; returns the focused element. */
export function focusNext(from: HTMLElement): HTMLElement | null {
  const scope = from.closest('form') ?? document.body;
  const all = candidates(scope);
  let i = all.indexOf(from);
  if (i < 0 && from instanceof HTMLInputElement && from.type === 'radio')
    i = all.findIndex((x) => x instanceof HTMLInputElement && x.name === from.name);
  const next = i >= 0 ? all[i + 1] : undefined;
  if (!next) return null;
  next.focus();
  if (
    next instanceof HTMLInputElement &&
    ['text', 'tel', 'email', 'search', 'password', ''].includes(next.type) &&
    next.getAttribute('role') !== 'combobox'
  ) {
    try {
      next.select();
    } catch {
      /* not selectable */
    }
  }
  return next;
}

const modified = (e: KeyboardEvent) => e.shiftKey || e.ctrlKey || e.altKey || e.metaKey;

/**
 * Capture phase: a closed antd Select or AutoComplete opens its list on Enter (a Select also swallows the
 * key), and the list would stay open after focus moved on. A closed AutoComplete, and a closed Select that
 * has a value or is optional, move on instead; an empty required Select still opens so it can be picked.
 */
export function enterOnClosedSelect(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Enter' || modified(e) || e.nativeEvent.isComposing) return;
  const el = e.target as HTMLElement;
  if (el.getAttribute('role') !== 'combobox' || el.dataset.enter === 'keep') return;
  if (el.getAttribute('aria-expanded') === 'true') {
    // the list is open: the Select/AutoComplete picks the highlighted option with this Enter, then we move on
    // (before, the bubble handler still saw aria-expanded="true" and stayed: a second Enter was needed)
    setTimeout(() => {
      if (document.activeElement === el) focusNext(el);
    }, 0);
    return;
  }
  const select = el.closest('.ant-select');
  if (!select) return;
  if (!select.classList.contains('ant-select-auto-complete')) {
    const hasValue = !!select.querySelector('.ant-select-content-has-value, .ant-select-selection-item');
    if (!hasValue && el.getAttribute('aria-required') === 'true') return;
  }
  e.preventDefault();
  e.stopPropagation();
  focusNext(el);
}

/**
 * Bubble phase: Enter moves focus to the next field instead of submitting, except in a textarea, on a
 * button (other than a switch), while a list is open (Enter picks the option), or on data-enter="keep".
 */
export function enterToNext(e: KeyboardEvent<HTMLElement>) {
  const el = e.target as HTMLElement;
  if (e.key !== 'Enter' || e.defaultPrevented || modified(e) || e.nativeEvent.isComposing) return;
  if (el.tagName === 'TEXTAREA' || (el.tagName === 'BUTTON' && el.getAttribute('role') !== 'switch')) return;
  if (el.getAttribute('aria-expanded') === 'true' || el.dataset.enter === 'keep') return;
  e.preventDefault();
  focusNext(el);
}

/** Spread on an antd <Form>: both handlers above. */
export const enterToNextProps = { onKeyDownCapture: enterOnClosedSelect, onKeyDown: enterToNext } as const;
