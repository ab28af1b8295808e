/**
 * The element in which the server writes a first screen's answer into the page it sends (decision
 * 0003): `<script id="first-answer" type="application/json" data-url="/api/...">{json}</script>`.
 * The server writes it (firstAnswerElement), the app takes it out of the page by its id, and the
 * service worker finds it in a page's HTML (findFirstAnswerElement). One shape for all three.
 */
export const FIRST_ANSWER_ELEMENT_ID = 'first-answer';

const OPENING = `<script id="${FIRST_ANSWER_ELEMENT_ID}" type="application/json" data-url="`;
const PATTERN = new RegExp(`${OPENING}([^"]*)">([\\s\\S]*?)</script>`);

/** Text safe inside a double-quoted HTML attribute. */
export function htmlAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function fromHtmlAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
}

/**
 * JSON safe inside a script element: no `<` (so no `</script>` or `<!--`), and no line or
 * paragraph separator. The same JSON once parsed.
 */
export function scriptJson(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The element carrying the answer `json` to the call `url`. */
export function firstAnswerElement(url: string, json: string): string {
  return `${OPENING}${htmlAttribute(url)}">${scriptJson(json)}</script>`;
}

/** The call URL and answer JSON of the element in a page's HTML, as written; null without one. */
export function findFirstAnswerElement(html: string): { url: string; json: string } | null {
  const match = PATTERN.exec(html);
  return match ? { url: fromHtmlAttribute(match[1]!), json: match[2]! } : null;
}
