import type { MailKind } from '../../ports/mail';

/**
 * What an e-mail is about decides its headers: a `security` mail (password reset, e-mail
 * confirmation, sign-in notices, deletion warnings, an export the member asked for) reaches the
 * member whatever they chose and has no List-Unsubscribe header; a `notice` mail carries one
 * (adapters/mail/smtp.ts).
 */
export type { MailKind };

export const MAIL_KINDS = ['security', 'notice'] as const satisfies readonly MailKind[];

export type MailContent = {
  /** The heading inside the mail; also the subject unless the caller gives its own. */
  title: string;
  /** Plain text, one paragraph each; escaped for the HTML part. */
  paragraphs: readonly string[];
  /** An optional call-to-action button (and its link spelled out in the text part). */
  action?: { label: string; url: string };
  kind: MailKind;
  /**
   * Why the mail was sent, instead of the kind's footer: for someone who is not a member (an
   * emergency contact), whom "your Royal Circle account" would not describe.
   */
  footer?: string;
};

export type RenderedMail = { subject: string; text: string; html: string; kind: MailKind };

// The app's night-royal palette (apps/web/src/styles.css): night, royal purples and gold.
const NIGHT = '#0d0418';
const ROYAL_950 = '#1b0b33';
const ROYAL_800 = '#3f1d70';
const ROYAL_200 = '#d9c6f6';
const GOLD_300 = '#efcc66';
const GOLD_500 = '#d4a017';
const IVORY = '#fbf8f1';
const FONT = "Georgia, 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Only web links go into a button: anything else (javascript:, data:) is refused. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`mail links must be http(s), not ${parsed.protocol}`);
  }
  return url;
}

const FOOTER = {
  security:
    'You receive this e-mail because it concerns the security of your Royal Circle account; it is sent whatever your notification settings.',
  notice:
    'You receive this e-mail because of your Royal Circle notification settings; you can turn e-mail off in Settings.',
} satisfies Record<MailKind, string>;

/**
 * The one layout of every e-mail the Royal Circle sends: a plain-text part and an HTML part in the
 * royal look (table-based, inline styles, so mail clients render it), from the same content. Every
 * dynamic value is escaped in the HTML; the button's link must be http(s).
 */
export function renderMail(content: MailContent): RenderedMail {
  const action = content.action
    ? { label: content.action.label, url: safeUrl(content.action.url) }
    : undefined;
  const footer = content.footer ?? FOOTER[content.kind];
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '— The Royal Circle',
    '',
    footer,
  ].join('\n');

  const paragraphs = content.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px 0;font-family:${SANS};font-size:16px;line-height:24px;color:${IVORY};">${escapeHtml(p)}</p>`,
    )
    .join('\n');
  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr>
<td align="center" bgcolor="${GOLD_500}" style="border-radius:999px;background-color:${GOLD_500};">
<a href="${escapeHtml(action.url)}" target="_blank" style="display:inline-block;padding:12px 28px;font-family:${SANS};font-size:16px;font-weight:bold;color:${NIGHT};text-decoration:none;border-radius:999px;">${escapeHtml(action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px 0;font-family:${SANS};font-size:13px;line-height:20px;color:${ROYAL_200};">If the button does not work, open this link: <a href="${escapeHtml(action.url)}" style="color:${GOLD_300};word-break:break-all;">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>${escapeHtml(content.title)}</title>
</head>
<body style="margin:0;padding:0;background-color:${NIGHT};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${NIGHT}" style="background-color:${NIGHT};">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:${ROYAL_950};border:1px solid ${ROYAL_800};border-radius:16px;">
<tr><td align="center" style="padding:28px 32px 8px 32px;font-family:${FONT};font-size:14px;letter-spacing:4px;text-transform:uppercase;color:${GOLD_500};">&#9813; The Royal Circle</td></tr>
<tr><td style="padding:8px 32px 0 32px;"><h1 style="margin:0 0 20px 0;font-family:${FONT};font-size:26px;line-height:32px;font-weight:normal;color:${GOLD_300};">${escapeHtml(content.title)}</h1>
${paragraphs}
${button}
</td></tr>
<tr><td style="padding:16px 32px 28px 32px;border-top:1px solid ${ROYAL_800};font-family:${SANS};font-size:12px;line-height:18px;color:${ROYAL_200};">${escapeHtml(footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { subject: content.title, text, html, kind: content.kind };
}
