/**
 * No user-visible literal text in JSX: every word a person reads comes from the locale
 * files through t(), so it exists in English and Amharic.
 *
 * Flags JSXText with a letter in it (in any script), and string literals (or template literals
 * without expressions) given to the props people read or hear: alt, title, placeholder,
 * aria-label, aria-description, aria-placeholder, aria-roledescription, aria-valuetext, label.
 *
 * Options: { allow: string[] } exact texts that are not words for people (brand marks, the names of
 * the two languages on the switcher, units). Symbols, numbers and punctuation never count.
 */
const DEFAULT_PROPS = ['alt', 'title', 'placeholder', 'aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'label'];

const LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow user-visible literal strings in JSX; use t() from react-i18next.' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'array', items: { type: 'string' } },
          props: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      text: 'User-visible text "{{text}}" must come from the locale files (t()), not a literal.',
      prop: 'The {{prop}} "{{text}}" must come from the locale files (t()), not a literal.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const allow = new Set(options.allow ?? []);
    const props = new Set(options.props ?? DEFAULT_PROPS);

    const visible = (text) => {
      const trimmed = text.replace(/\s+/g, ' ').trim();
      return trimmed !== '' && LETTER.test(trimmed) && !allow.has(trimmed) ? trimmed : null;
    };
    const short = (text) => (text.length > 40 ? `${text.slice(0, 37)}...` : text);

    /**
     * The literal strings an expression can answer: a string, a template without expressions, or
     * either branch of `cond ? 'a' : 'b'` and the right side of `x || 'a'` / `x ?? 'a'`.
     */
    function literalsOf(e) {
      if (!e) return [];
      if (e.type === 'Literal') return typeof e.value === 'string' ? [e.value] : [];
      if (e.type === 'TemplateLiteral') return e.expressions.length === 0 ? [e.quasis.map((q) => q.value.cooked).join('')] : [];
      if (e.type === 'ConditionalExpression') return [...literalsOf(e.consequent), ...literalsOf(e.alternate)];
      if (e.type === 'LogicalExpression') return literalsOf(e.right);
      if (e.type === 'JSXExpressionContainer') return literalsOf(e.expression);
      return [];
    }

    return {
      JSXText(node) {
        const text = visible(node.value);
        if (text) context.report({ node, messageId: 'text', data: { text: short(text) } });
      },
      JSXExpressionContainer(node) {
        // {'Some words'} as a child is the same as JSXText.
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        for (const raw of literalsOf(node.expression)) {
          const text = visible(raw);
          if (text) context.report({ node, messageId: 'text', data: { text: short(text) } });
        }
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXNamespacedName' ? `${node.name.namespace.name}:${node.name.name.name}` : node.name.name;
        if (!props.has(name)) return;
        for (const raw of literalsOf(node.value)) {
          const text = visible(raw);
          if (text) context.report({ node, messageId: 'prop', data: { prop: name, text: short(text) } });
        }
      },
    };
  },
};
