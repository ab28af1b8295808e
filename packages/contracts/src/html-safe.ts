/**
 * Text written into server-made HTML by the API (page heads) and the web app's server entry (the
 * state a drawn page hydrates with): safe inside an attribute or a script element.
 */

/** Text safe inside a double-quoted HTML attribute. */
export function htmlAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * JSON safe inside a script element: no `<` (so no `</script>` or `<!--`), and no line or
 * paragraph separator. The same JSON once parsed.
 */
export function scriptJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
