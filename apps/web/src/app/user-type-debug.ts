import { USER_TYPES, type UserType } from '@betoch/contracts/constants';
import { isUserType, readUserType, writeUserType } from '@/lib/session-storage';

/** `betochUserType()` shows the stored type; `betochUserType('landlord')` sets it. */
export interface UserTypeHelper {
  (value?: UserType): UserType | null;
  get(): UserType | null;
  set(value: UserType): UserType;
  readonly types: readonly UserType[];
}

declare global {
  interface Window {
    betochUserType?: UserTypeHelper;
  }
}

/**
 * Browser-console helper to view or set the stored user type:
 * `betochUserType()`, `betochUserType('landlord')`, or `.get()` / `.set('delala')`. The open
 * page follows at once (links, logo target); it changes only what this browser shows, never what
 * the server lets the account do.
 */
export function installUserTypeDebugHelper(): void {
  const get = () => readUserType();
  const set = (value: UserType): UserType => {
    if (!isUserType(value)) throw new Error(`userType must be one of: ${USER_TYPES.join(', ')}`);
    writeUserType(value);
    // The session listens to storage events; the browser sends them only to other tabs.
    window.dispatchEvent(new StorageEvent('storage', { key: 'userType', newValue: value }));
    return value;
  };
  const helper = ((value?: UserType) => (value === undefined ? get() : set(value))) as UserTypeHelper;
  Object.assign(helper, { get, set, types: USER_TYPES });
  window.betochUserType = helper;
}
