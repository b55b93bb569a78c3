import { Fragment, type ReactNode } from 'react';

// The Markdown of the legal texts, shown as React elements: headings, paragraphs, lists and bold.
// Nothing in the text becomes HTML (React escapes every string), so an operator's file can never
// script the page; anything outside this subset shows as the plain text it is.

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', items: list });
    list = null;
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.+)$/.exec(line);
    const item = /^[-*]\s+(.+)$/.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    } else if (item) {
      if (paragraph.length > 0) flush();
      list ??= [];
      list.push(item[1]!);
    } else if (list && list.length > 0 && paragraph.length === 0) {
      // A wrapped list item continues the last one.
      list[list.length - 1] += ` ${line}`;
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

/** **bold** spans; every other character is text. */
export function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*)/g).map((part, i) =>
    part.startsWith('**') && part.endsWith('**') && part.length > 4 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
      <strong key={i}>{part.slice(2, -2)}</strong>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/**
 * The text of a document. Its own title (the first heading) is left out: the page shows it as the
 * page's heading. Headings inside move one level down, under the page's h1.
 */
export function LegalText({ source }: { source: string }) {
  const blocks = parseMarkdown(source);
  const firstTitle = blocks.findIndex((b) => b.kind === 'heading' && b.level === 1);
  return (
    <>
      {blocks.map((block, i) => {
        if (i === firstTitle) return null;
        const key = `${i}-${block.kind}`;
        if (block.kind === 'heading') {
          const Tag = block.level === 3 ? 'h3' : 'h2';
          return <Tag key={key}>{inline(block.text)}</Tag>;
        }
        if (block.kind === 'list')
          return (
            <ul key={key}>
              {block.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the items of one fixed list, in order
                <li key={j}>{inline(item)}</li>
              ))}
            </ul>
          );
        return <p key={key}>{inline(block.text)}</p>;
      })}
    </>
  );
}
