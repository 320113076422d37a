// Keyboard rules of every modal dialog (accessibility): focus moves into the dialog when
// it opens and back where it was when it closes; Tab and Shift+Tab cycle within it; focus that
// escapes (a click on the backdrop) is brought back; Escape closes it. With dialogs stacked, only
// the topmost one answers.
import { useLayoutEffect, useRef, type RefObject } from 'react';

interface Trap {
  element: RefObject<HTMLElement | null>;
  onEscape: () => void;
}

const stack: Trap[] = [];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.offsetParent !== null || e === document.activeElement);
}

function onKey(e: KeyboardEvent) {
  const top = stack[stack.length - 1];
  const root = top?.element.current;
  if (!top || !root) return;
  if (e.key === 'Escape') {
    // An open select box's list closes first (ui/search-select.tsx); the next Escape closes the dialog.
    if (e.target instanceof HTMLElement && e.target.getAttribute('role') === 'combobox' && e.target.getAttribute('aria-expanded') === 'true') return;
    e.preventDefault();
    e.stopPropagation();
    top.onEscape();
    return;
  }
  if (e.key !== 'Tab') return;
  const items = focusables(root);
  if (!items.length) {
    e.preventDefault();
    root.focus();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !root.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !root.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

function onFocusIn(e: FocusEvent) {
  const root = stack[stack.length - 1]?.element.current;
  if (!root || root.contains(e.target as Node)) return;
  (focusables(root)[0] ?? root).focus();
}

/**
 * Makes the element behind `ref` a modal's focus trap while mounted. `onEscape` closes the dialog
 * (a busy dialog passes a function that does nothing). Focus starts at `[data-autofocus]`, else
 * the first focusable element, unless the dialog already moved it inside.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape: () => void): void {
  const escape = useRef(onEscape);
  escape.current = onEscape;
  // A layout effect: focus goes back in the same commit that removes the dialog, so a click made
  // right after the dialog closed is not undone by a late restore (Enter would then press the
  // button that opened the dialog).
  useLayoutEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const trap: Trap = { element: ref, onEscape: () => escape.current() };
    if (!stack.length) {
      document.addEventListener('keydown', onKey, true);
      document.addEventListener('focusin', onFocusIn);
    }
    stack.push(trap);
    const root = ref.current;
    if (root && !root.contains(document.activeElement)) {
      const start = root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(root)[0] ?? root;
      start.focus();
    }
    return () => {
      stack.splice(stack.indexOf(trap), 1);
      if (!stack.length) {
        document.removeEventListener('keydown', onKey, true);
        document.removeEventListener('focusin', onFocusIn);
      }
      // Back where the user was, if that is still on the page.
      if (before && document.contains(before)) before.focus();
    };
  }, [ref]);
}
