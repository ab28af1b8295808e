import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../support/test-app.ts';

/** The sign-in calls as a client makes them, from a chosen client address. */
export function authCalls(t: Pick<TestApp, 'request'>) {
  return {
    requestOtp: (phone: string, ip = '10.1.0.1'): Promise<LightMyRequestResponse> =>
      t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone }, remoteAddress: ip }),
    verifyOtp: (phone: string, code: string): Promise<LightMyRequestResponse> =>
      t.request({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone, code } }),
    signup: (body: Record<string, unknown>): Promise<LightMyRequestResponse> =>
      t.request({ method: 'POST', url: '/api/auth/signup', payload: { acceptTerms: true, ...body } }),
    me: (token: string): Promise<LightMyRequestResponse> => t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }),
    logout: (token: string): Promise<LightMyRequestResponse> =>
      t.request({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } }),
  };
}

/** A wrong code that differs from the right one in every digit. */
export function wrongCode(code: string, shift = 1): string {
  return code
    .split('')
    .map((d) => String((Number(d) + shift) % 10))
    .join('');
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
