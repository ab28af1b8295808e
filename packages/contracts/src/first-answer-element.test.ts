import { describe, expect, it } from 'vitest';
import { findFirstAnswerElement, firstAnswerElement } from './first-answer-element.ts';

describe('the first answer element', () => {
  it('is found again in a page as it was written: the URL with its & and the JSON parsing to the same answer', () => {
    const url = '/api/listings?visibility=live&limit=20&q="bole"';
    const answer = { ok: true, listings: [{ title: 'Flat </script><script>alert(1)</script> \u2028 near <Bole>' }] };
    const page = `<!doctype html><html><head></head><body><div id="root"></div>${firstAnswerElement(url, JSON.stringify(answer))}</body></html>`;
    const found = findFirstAnswerElement(page);
    expect(found?.url).toBe(url);
    expect(JSON.parse(found!.json)).toEqual(answer);
  });

  it('cannot be closed early by the text it carries', () => {
    const element = firstAnswerElement('/api/listings/1', JSON.stringify({ title: '</script><img src=x onerror=alert(1)>' }));
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(element).not.toContain('<img');
  });

  it('is not found in a page without one', () => {
    expect(findFirstAnswerElement('<!doctype html><div id="root"></div>')).toBeNull();
  });
});
