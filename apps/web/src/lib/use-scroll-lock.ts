import { useEffect } from 'react';

let locks = 0;
let saved = '';

/** Stops the page behind an overlay from scrolling while `active` (nested overlays are counted). */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    if (locks === 0) {
      saved = root.style.overflow;
      root.style.overflow = 'hidden';
      root.dataset.scrollLocked = 'true';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) {
        root.style.overflow = saved;
        delete root.dataset.scrollLocked;
      }
    };
  }, [active]);
}
