/** Text made safe inside HTML elements and quoted attributes: `& < > " '` become character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
