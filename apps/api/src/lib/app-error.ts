import { ERROR_STATUS, type ErrorCode } from '@betoch/contracts/errors';
import { defaultErrorMessage } from './error-messages.ts';

export interface AppErrorExtra {
  reason?: string;
  retry_after?: number;
  fields?: Record<string, string>;
}

/** The one error type of the API: a code from the contracts, its status, a readable message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly extra: AppErrorExtra;

  constructor(code: ErrorCode, message?: string, extra: AppErrorExtra = {}) {
    super(message ?? defaultErrorMessage(code));
    this.code = code;
    this.extra = extra;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toAnswer() {
    return { ok: false as const, error: this.code, message: this.message, ...this.extra };
  }
}
