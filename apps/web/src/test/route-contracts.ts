import { z } from 'zod';
import { ZErrorAnswer } from '@betoch/contracts/common';
import type { RouteContract } from '@betoch/contracts/route-contract';

/** Every call of the API, as the server registers it (packages/contracts/src/routes). */
const files = import.meta.glob<Record<string, Record<string, RouteContract>>>('../../../../packages/contracts/src/routes/*.ts', {
  eager: true,
});
const contracts = Object.values(files).flatMap((exports) => Object.values(exports).flatMap((calls) => Object.values(calls)));

const matchers = contracts
  .map((contract) => ({
    contract,
    pattern: new RegExp(`^${contract.path.replace(/[.]/g, '\\.').replace(/:(\w+)/g, '[^/]+')}$`),
    // A fixed path wins over a parameter (/listings/my-listings over /listings/:id), as on the server.
    params: (contract.path.match(/:/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

/** The contract of a call made to `method` and `path` (under /api), if the server has one. */
export function contractOf(method: string, path: string): RouteContract | undefined {
  return matchers.find((m) => m.contract.method === method && m.pattern.test(path))?.contract;
}

/**
 * A failure as the server sends it. The code may be one this app does not know yet (a newer
 * server): the screens must cope with that, and their tests use such a code.
 */
const ZFailure = ZErrorAnswer.extend({ error: z.string().min(1) });

/**
 * Why the server could never send this answer to this call, or null when it could: a success
 * must be exactly what the call's response schema gives back (nothing missing, nothing extra,
 * the contract's success status), a failure exactly an error answer.
 */
export function impossibleAnswer(contract: RouteContract, status: number, body: unknown): string | null {
  const success = status >= 200 && status < 300;
  const expected = contract.successStatus ?? 200;
  if (success && status !== expected) return `answers ${status}, the server answers ${expected}`;
  const schema: z.ZodType = success ? contract.response : ZFailure;
  const sent: unknown = JSON.parse(JSON.stringify(body));
  const parsed = schema.safeParse(sent);
  if (!parsed.success) return z.prettifyError(parsed.error);
  const shaped: unknown = JSON.parse(JSON.stringify(parsed.data));
  if (JSON.stringify(sortKeys(shaped)) !== JSON.stringify(sortKeys(sent))) {
    return `the server would send ${JSON.stringify(shaped)}`;
  }
  return null;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}
