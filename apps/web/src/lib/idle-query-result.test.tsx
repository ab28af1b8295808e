import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { idleQueryResult } from './idle-query-result';

describe('idleQueryResult', () => {
  it('answers what useQuery answers for a read not asked and without data', () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useQuery({ queryKey: ['mine'], queryFn: () => Promise.resolve(1), enabled: false }), { wrapper });
    const idle = idleQueryResult<number>();
    const fields = Object.keys(result.current).filter(
      (key) => typeof (result.current as unknown as Record<string, unknown>)[key] !== 'function' && key !== 'promise',
    );
    expect(fields.length).toBeGreaterThan(10);
    for (const key of fields)
      expect((idle as unknown as Record<string, unknown>)[key], key).toEqual((result.current as unknown as Record<string, unknown>)[key]);
    expect(idle.status).toBe('pending');
    expect(idle.fetchStatus).toBe('idle');
    expect(idle.data).toBeUndefined();
  });
});
