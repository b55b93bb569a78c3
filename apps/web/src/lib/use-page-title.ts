import { useEffect } from 'react';

const SITE = 'IndieSplit';

/** Names the browser tab (and what a screen reader announces on arrival) after the screen. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : SITE;
  }, [title]);
}
