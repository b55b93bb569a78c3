import { Writable } from 'node:stream';
import type { Language } from '@indiesplit/shared/languages';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app-content.tsx';
import { queryClient } from './app/query-client.ts';
import i18n from './i18n/index.ts';
import { setServerConsentView } from './lib/consent.ts';
import { setServerPageData } from './lib/page-data.ts';

// The first screen of a public page as HTML, rendered by the API server (its app/page-render.ts)
// with the app's own components, so a phone shows the page before the app's code has arrived; the
// browser then hydrates it (main.tsx). What the browser alone knows (the stored session, the stored
// cookie choice) is left out, and the browser's first render leaves it out too.
//
// Built on its own (vite build --ssr) into dist-server/, which the server imports when present.

export interface RenderInput {
  /** The page's path and query, as requested. */
  url: string;
  lang: Language;
  /** The API answers written into the page (page-data), which the screen renders from. */
  answers?: Record<string, unknown>;
  /** Whether the request carried the cookie saying a cookie choice was made (no banner then). */
  consentChosen: boolean;
}

/**
 * A Suspense boundary React could not finish in order (still loading when its place was written):
 * it then writes the content later in the document with an inline script to move it in, which the
 * pages' CSP (no inline scripts) refuses.
 */
const PENDING_BOUNDARY = '<!--$?-->';
/** Renders of one page before giving up on an in-order HTML: each lazy screen resolves once. */
const ATTEMPTS = 3;

/**
 * The HTML inside the page's #root element, or null when the screen could not be rendered in order
 * (the browser then renders the page itself). One render at a time: the caller queues them.
 */
export async function render(input: RenderInput): Promise<string | null> {
  await i18n.changeLanguage(input.lang);
  setServerConsentView(input.consentChosen);
  try {
    // The first render of a screen waits for its code and texts (lazy routes) and so finishes its
    // boundary out of order; once loaded, the next render has everything in place.
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      // Each render starts from this page's answers alone: the app's one query cache would
      // otherwise still hold the previous page's (a campaign as it was at its first render).
      queryClient.clear();
      setServerPageData(input.answers ? { lang: input.lang, answers: input.answers } : null);
      const html = await renderOnce(input.url);
      if (!html.includes(PENDING_BOUNDARY)) return html;
    }
    return null;
  } finally {
    setServerPageData(null);
    queryClient.clear();
  }
}

async function renderOnce(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={url}>
        <AppContent />
      </StaticRouter>
    </StrictMode>,
    // Every boundary inline, however large: React would move a large one to the end of the
    // document with an inline script to put it back, which the pages' CSP refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return streamToString(prelude);
}

function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
    stream.pipe(sink);
  });
}
