import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * After a client-side navigation: a new page starts at the top (back and forward keep the
 * browser's position) and keyboard focus moves to it, as after a full page load.
 */
export function useNavigationFocusAndScroll() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main || main.contains(document.activeElement)) return;
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus({ preventScroll: true });
  }, [pathname]);
}
