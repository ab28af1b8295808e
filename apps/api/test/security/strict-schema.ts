import { z } from 'zod';

type AnyDef = Record<string, unknown> & { type: string };

function defOf(schema: z.ZodType): AnyDef {
  return (schema as unknown as { _zod: { def: AnyDef } })._zod.def;
}

function cloneWith(schema: z.ZodType, patch: Record<string, unknown>): z.ZodType {
  return (schema as unknown as { clone(def: AnyDef): z.ZodType }).clone({ ...defOf(schema), ...patch });
}

/**
 * A deep copy of a contract schema in which every object refuses keys it does not declare, so an
 * answer carrying one field more than its contract (a phone, an internal id) fails to parse.
 * Wrappers (optional, nullable, default, arrays, records, unions, pipes, lazy) are walked through.
 */
export function deepStrict(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = (schema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
      const strictShape = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, deepStrict(v)]));
      return z.strictObject(strictShape);
    }
    case 'array':
      return cloneWith(schema, { element: deepStrict(def.element as z.ZodType) });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return cloneWith(schema, { innerType: deepStrict(def.innerType as z.ZodType) });
    case 'union':
      return cloneWith(schema, { options: (def.options as z.ZodType[]).map(deepStrict) });
    case 'intersection':
      return cloneWith(schema, { left: deepStrict(def.left as z.ZodType), right: deepStrict(def.right as z.ZodType) });
    case 'record':
      return cloneWith(schema, { valueType: deepStrict(def.valueType as z.ZodType) });
    case 'pipe':
      return cloneWith(schema, { in: deepStrict(def.in as z.ZodType), out: deepStrict(def.out as z.ZodType) });
    case 'lazy': {
      const getter = def.getter as () => z.ZodType;
      return z.lazy(() => deepStrict(getter()));
    }
    default:
      return schema;
  }
}
