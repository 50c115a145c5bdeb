/**
 * Oja's one email layout: a heading, paragraphs, an optional row of choices (one-tap links, as
 * an invitation's stars), an optional button and footer, as inline-styled
 * HTML that mail clients keep, and the same words as plain text. Every string is escaped in the
 * HTML; the button's URL must be http(s).
 */
export interface EmailContent {
  /** The line inbox lists show after the subject; hidden in the message itself. */
  preview?: string;
  heading: string;
  paragraphs: string[];
  /** Links side by side below the paragraphs, each a tap target (http(s) URLs). */
  choices?: { label: string; url: string }[];
  action?: { label: string; url: string };
  footer?: string;
}

const brand = "#0b7a4b";
const ink = "#1b2420";
const inkMuted = "#5a6660";
const line = "#e2e6e3";
const page = "#f4f6f5";
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

/** Escaped, with line breaks kept. */
function escapeLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

function checkedUrl(url: string): string {
  if (!/^https?:\/\//i.test(url.trim())) {
    throw new Error("renderEmail: a link's URL must start with http:// or https://");
  }
  return url.trim();
}

export function renderEmail(content: EmailContent): { text: string; html: string } {
  const url = content.action ? checkedUrl(content.action.url) : undefined;
  const paragraphs = content.paragraphs.filter((paragraph) => paragraph.trim() !== "");

  const choices = (content.choices ?? []).map((choice) => ({
    label: choice.label,
    url: checkedUrl(choice.url),
  }));

  const textParts = [content.heading, ...paragraphs];
  if (choices.length > 0) {
    textParts.push(choices.map((choice) => `${choice.label}: ${choice.url}`).join("\n"));
  }
  if (content.action && url) textParts.push(`${content.action.label}: ${url}`);
  if (content.footer) textParts.push(`--\n${content.footer}`);
  const text = `${textParts.join("\n\n")}\n`;

  const paragraphHtml = paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:${ink};">${escapeLines(paragraph)}</p>`,
    )
    .join("\n");
  const choicesHtml =
    choices.length > 0
      ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;">
<tr>${choices
          .map(
            (choice) =>
              `<td style="padding:0 6px 0 0;"><a href="${escapeHtml(choice.url)}" style="display:inline-block;min-width:44px;padding:10px 8px;border:1px solid ${line};border-radius:8px;font-family:${font};font-size:16px;font-weight:600;line-height:1.2;text-align:center;color:${ink};text-decoration:none;">${escapeHtml(choice.label)}</a></td>`,
          )
          .join("")}</tr>
</table>`
      : "";
  const actionHtml =
    content.action && url
      ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0;">
<tr><td style="border-radius:8px;background-color:${brand};">
<a href="${escapeHtml(url)}" style="display:inline-block;padding:14px 28px;font-family:${font};font-size:16px;font-weight:600;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(content.action.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:${inkMuted};">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(url)}" style="color:${brand};word-break:break-all;">${escapeHtml(url)}</a></p>`
      : "";
  const footerHtml = content.footer
    ? `<tr><td style="padding:16px 32px 24px;border-top:1px solid ${line};font-family:${font};font-size:13px;line-height:1.6;color:${inkMuted};">${escapeLines(content.footer)}</td></tr>`
    : "";
  const previewHtml = content.preview
    ? `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(content.preview)}</div>`
    : "";

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:${page};">
${previewHtml}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid ${line};border-radius:12px;">
<tr><td style="padding:32px 32px 16px;font-family:${font};">
<p style="margin:0 0 24px;font-size:22px;font-weight:800;color:${brand};">Oja</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;font-weight:700;color:${ink};">${escapeLines(content.heading)}</h1>
${paragraphHtml}
${choicesHtml}
${actionHtml}
</td></tr>
${footerHtml}
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { text, html };
}
