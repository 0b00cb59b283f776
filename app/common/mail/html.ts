/**
 * Plain HTML for e-mails: every value escaped, no external images or styles that mail clients
 * strip. A message is a greeting, paragraphs and a table of details.
 */
export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

export interface MailBody {
  heading: string;
  paragraphs: string[];
  details: Array<[label: string, value: string]>;
  /** A link after the details: its label, then the address (the plain text shows both). */
  link?: { label: string; href: string };
  closing?: string[];
}

const paragraph = (text: string) =>
  `<p style="margin:0 0 12px">${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;

/** The same message as plain text and as simple HTML. */
export function renderMail(body: MailBody): { text: string; html: string } {
  const width = Math.max(...body.details.map(([label]) => label.length), 0) + 2;
  const text = [
    ...body.paragraphs,
    body.details
      .map(
        ([label, value]) => `${`${label}:`.padEnd(width)}${value.replace(/\n/g, `\n${" ".repeat(width)}`)}`,
      )
      .join("\n"),
    body.link ? `${body.link.label}:\n${body.link.href}` : "",
    ...(body.closing ?? []),
  ]
    .filter((part) => part !== "")
    .join("\n\n");
  const rows = body.details
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 16px 4px 0;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value).replace(/\n/g, "<br>")}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html lang="de"><body style="font-family:Arial,Helvetica,sans-serif;color:#1c1917;line-height:1.5"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(body.heading)}</h1>${body.paragraphs.map(paragraph).join("")}<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">${rows}</table>${body.link ? `<p style="margin:0 0 16px"><a href="${escapeHtml(body.link.href)}" style="color:#961f19;font-weight:600">${escapeHtml(body.link.label)}</a></p>` : ""}${(body.closing ?? []).map(paragraph).join("")}</body></html>`;
  return { text: `${text}\n`, html };
}
