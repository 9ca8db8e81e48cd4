import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMail } from './layout';

describe('renderMail', () => {
  const hostile = '<script>alert("x")</script> & \'friends\'';

  it('gives a text and an HTML part from the same content', () => {
    const mail = renderMail({
      title: 'Your invitation',
      paragraphs: ['First paragraph.', 'Second paragraph.'],
      action: { label: 'Accept', url: 'https://royal.test/invite?code=A&b=1' },
      kind: 'notice',
    });
    expect(mail.subject).toBe('Your invitation');
    expect(mail.kind).toBe('notice');
    expect(mail.text).toContain('Your invitation\n\nFirst paragraph.\n\nSecond paragraph.\n\n');
    expect(mail.text).toContain('Accept: https://royal.test/invite?code=A&b=1');
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain('<table role="presentation"');
    expect(mail.html).toContain('>First paragraph.</p>');
    expect(mail.html).toContain('href="https://royal.test/invite?code=A&amp;b=1"');
    expect(mail.html).toContain('>Accept</a>');
    // The royal palette, inline.
    expect(mail.html).toContain('#0d0418');
    expect(mail.html).toContain('#d4a017');
  });

  it('escapes every dynamic value in the HTML part, and leaves the text part as written', () => {
    const mail = renderMail({
      title: hostile,
      paragraphs: [hostile],
      action: { label: hostile, url: 'https://royal.test/?q="><img src=x onerror=alert(1)>' },
      kind: 'security',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('href="https://royal.test/?q=&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;');
    expect(mail.text).toContain(hostile);
  });

  it('refuses a button link that is not http(s)', () => {
    expect(() =>
      renderMail({
        title: 'x',
        paragraphs: [],
        action: { label: 'go', url: 'javascript:alert(1)' },
        kind: 'notice',
      }),
    ).toThrow(/http/);
  });

  it('says in the footer why the mail was sent, by kind', () => {
    const security = renderMail({ title: 't', paragraphs: ['p'], kind: 'security' });
    const notice = renderMail({ title: 't', paragraphs: ['p'], kind: 'notice' });
    expect(security.text).toContain('security of your Royal Circle account');
    expect(notice.text).toContain('turn e-mail off in Settings');
    expect(security.html).not.toContain('turn e-mail off');
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
