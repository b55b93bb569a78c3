import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * While `active`, leaving the page asks first: a reload or tab close gets the browser's own prompt,
 * and a click on a link inside the app is held until the person confirms (leave) or cancels (stay).
 */
export function useUnsavedChangesGuard(active: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download'))
        return;
      // In-page anchors (the skip link) do not leave anything behind.
      if (link.getAttribute('href')?.startsWith('#')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      if (to === here) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);

  const stay = useCallback(() => setPending(null), []);
  const leave = useCallback(() => {
    setPending((to) => {
      if (to) queueMicrotask(() => navigate(to));
      return null;
    });
  }, [navigate]);

  return { pending, stay, leave };
}
