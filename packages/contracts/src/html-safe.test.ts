import { describe, expect, it } from 'vitest';
import { htmlAttribute, scriptJson } from './html-safe.ts';

describe('text written into server-made HTML', () => {
  it('JSON in a script element cannot close it early and parses to the same value', () => {
    const answer = { ok: true, listings: [{ title: 'Flat </script><img src=x onerror=alert(1)> \u2028 near <Bole>' }] };
    const element = `<script type="application/json">${scriptJson(JSON.stringify(answer))}</script>`;
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    expect(element).not.toContain('<img');
    const inner = /<script[^>]*>([\s\S]*)<\/script>/.exec(element)![1]!;
    expect(JSON.parse(inner)).toEqual(answer);
  });

  it('an attribute value cannot end its quotes or open a tag', () => {
    const value = htmlAttribute('/api/listings?a=1&q="bole"<x>');
    expect(value).toBe('/api/listings?a=1&amp;q=&quot;bole&quot;&lt;x>');
  });
});
