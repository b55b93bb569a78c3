import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from '@cantoo/pdf-lib';
import type { KeyInformationDto } from '@indiesplit/shared/campaigns';
import type { Language } from '@indiesplit/shared/messages';

// The key investment information sheet as a PDF (ADR 0028): exactly the sections and warnings of
// keyInformationOf, laid out on A4 pages. A pure function of the sheet: no clock, no metadata
// dates, so one sheet always gives the same bytes (a stored version renders as it was).
//
// Fonts: the standard Helvetica faces with WinAnsi encoding, which every PDF reader carries and
// which print Italian's accented letters (à è é ì ò ù), the euro sign, typographic quotes and
// dashes. A character outside that set is replaced (a minus sign by a hyphen, narrow spaces by a
// space, anything else by "?") instead of failing the whole document.

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const WIDTH = PAGE.width - 2 * MARGIN;

const LABELS: Record<Language, { warnings: string; page: string }> = {
  en: { warnings: 'Warnings', page: 'Page' },
  it: { warnings: 'Avvertenze', page: 'Pagina' },
};

const REPLACEMENTS: Record<string, string> = {
  '\u2212': '-',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2007': ' ',
  '\u2011': '-',
};

export interface KeyInformationPdfOptions {
  /** The site's address, so links print in full (https://…/complaints). */
  baseUrl?: string;
}

export async function renderKeyInformationPdf(
  sheet: KeyInformationDto,
  lang: Language,
  options: KeyInformationPdfOptions = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${sheet.title} – ${sheet.campaign_title}`, { showInWindowTitleBar: true });
  doc.setLanguage(lang === 'it' ? 'it-IT' : 'en-GB');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const printable = new Set(regular.getCharacterSet());
  const clean = (s: string) =>
    Array.from(s.normalize('NFC'), (ch) => {
      const swap = REPLACEMENTS[ch];
      if (swap !== undefined) return swap;
      if (ch === '\n') return ch;
      return printable.has(ch.codePointAt(0) ?? 0) ? ch : '?';
    }).join('');

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN) newPage();
  };

  /** Breaks a text into lines that fit the width; keeps the author's line breaks. */
  const wrap = (text: string, font: PDFFont, size: number, width: number): string[] => {
    const lines: string[] = [];
    for (const paragraph of clean(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        const next = line === '' ? word : `${line} ${word}`;
        if (font.widthOfTextAtSize(next, size) <= width) {
          line = next;
          continue;
        }
        if (line !== '') lines.push(line);
        // A word longer than the line is cut.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  };

  const write = (
    text: string,
    font: PDFFont,
    size: number,
    opts: { indent?: number; gap?: number; color?: ReturnType<typeof rgb> } = {},
  ) => {
    const indent = opts.indent ?? 0;
    const leading = size * 1.3;
    for (const line of wrap(text, font, size, WIDTH - indent)) {
      ensure(leading);
      y -= leading;
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: opts.color ?? rgb(0, 0, 0) });
    }
    y -= opts.gap ?? 0;
  };

  write(sheet.title, bold, 16, { gap: 4 });
  write(sheet.campaign_title, bold, 12, { gap: 10 });

  // The disclaimer stands directly under the title (art. 23(6)(b)); then the other warnings.
  write(LABELS[lang].warnings, bold, 11, { gap: 4, color: rgb(0.6, 0, 0) });
  for (const warning of sheet.warnings) {
    write(warning.title, bold, 9.5, { gap: 1 });
    write(warning.text, regular, 9, { gap: 8 });
  }

  for (const section of sheet.sections) {
    ensure(40);
    y -= 6;
    write(section.title, bold, 12, { gap: 4 });
    for (const item of section.items) {
      const href =
        item.href === null
          ? ''
          : item.href.startsWith('/') && options.baseUrl
            ? ` (${options.baseUrl.replace(/\/$/, '')}${item.href})`
            : item.href.startsWith('mailto:')
              ? ''
              : ` (${item.href})`;
      ensure(24);
      write(item.label, bold, 9, { gap: 1 });
      write(`${item.value}${href}`, regular, 9, { indent: 10, gap: 5 });
    }
  }

  // Page numbers, once the number of pages is known.
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    p.drawText(`${LABELS[lang].page} ${i + 1} / ${pages.length}`, {
      x: PAGE.width - MARGIN - 60,
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: rgb(0.4, 0.4, 0.4),
    });
  });
  return doc.save();
}
