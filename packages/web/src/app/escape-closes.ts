import { useEffect, useRef } from 'react';

/**
 * The open disclosures (menus, panels) that Esc closes, innermost last. One Esc closes only the
 * one opened last and gives it the key, so a panel open inside the 390 px menu closes alone and
 * the menu stays open for the next Esc (WAI disclosure pattern, one level per press).
 */
const openOnes: Array<{ close: () => void }> = [];

function onKeyDown(e: KeyboardEvent): void {
  if (e.key !== 'Escape' || e.defaultPrevented) return;
  const innermost = openOnes.at(-1);
  if (!innermost) return;
  e.preventDefault();
  innermost.close();
}

/** While `open`, Esc calls `close` unless a disclosure opened after this one is still open. */
export function useEscapeCloses(open: boolean, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const entry = { close: () => latest.current() };
    openOnes.push(entry);
    if (openOnes.length === 1) document.addEventListener('keydown', onKeyDown);
    return () => {
      openOnes.splice(openOnes.indexOf(entry), 1);
      if (openOnes.length === 0) document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
}
