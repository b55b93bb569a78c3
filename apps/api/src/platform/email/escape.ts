/**
 * The one HTML escape of the server: every value that people type (names, titles, notes, message
 * subjects in the dev mailbox) goes through it before it lands in HTML. Numeric entities, so the
 * result reads the same in an attribute and in text.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
