// HTML the server rendered from staff's Markdown and sanitised (platform/markdown.ts: markdown-it
// with raw HTML off, then sanitize-html with a short allow-list; ADR 0038). The one place the web
// app sets HTML: nothing a browser-side value can reach goes in here.

export function SanitisedHtml({ html, className }: { html: string; className?: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server, see above
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
