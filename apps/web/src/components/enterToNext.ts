import type { KeyboardEvent } from 'react';

const FOCUSABLE = 'input:not([disabled]):not([type=hidden]):not([readonly]), textarea:not([disabled]), button[type=submit]:not([disabled]), [role=switch]:not([disabled])';

/** Moves focus to the next field of the form (or page) after `from`. */
export function focusNext(from: HTMLElement) {
  const scope = from.closest('form') ?? document.body;
  const all = Array.from(scope.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((x) => x.offsetParent !== null && x.tabIndex !== -1);
  const i = all.indexOf(from);
  if (i >= 0 && all[i + 1]) all[i + 1]!.focus();
}

/**
 * Counter keyboard behaviour for a form: Enter moves focus to the next field instead of submitting,
 * except in a textarea, on a button, while a dropdown is open (Enter picks the option), or on a field
 * that handles Enter itself (data-enter="keep"). Use as the form's onKeyDown: <Form onKeyDown={enterToNext}>.
 */
export function enterToNext(e: KeyboardEvent<HTMLElement>) {
  const el = e.target as HTMLElement;
  if (e.key !== 'Enter' || e.defaultPrevented || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'BUTTON' || el.getAttribute('aria-expanded') === 'true') return;
  if (el.dataset.enter === 'keep') return;
  e.preventDefault();
  focusNext(el);
}
