import { SKU_CATALOG, SKUS, USER_TYPES, type Sku, type UserType } from '@betoch/contracts/constants';
import { paths } from '@/config/paths';

/**
 * Where the user was going and what they were doing when sign-in was asked for. It comes from
 * navigation state (from, pendingMessage, listingId, role, selectedPlan, planName, returnTo) and
 * the query (role, plan; from, listing, message: the links and the message form of a page drawn on
 * the server, which work before the app has started and without JavaScript), and travels between
 * /login and /signup. `phone` and `code` are
 * carried too when one page sends the user to the other with a code that is still unused.
 */
export interface AuthIntent {
  from?: string;
  returnTo?: string;
  pendingMessage?: string;
  listingId?: string;
  role?: UserType;
  selectedPlan?: Sku;
  planName?: string;
  phone?: string;
  code?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** A path inside this app ('/wallet?x=1'); never another origin ('//evil', '/\\evil', 'https:'). */
export function localPath(value: unknown): string | undefined {
  let path: string | undefined;
  if (typeof value === 'string') path = value;
  else if (value && typeof value === 'object' && typeof (value as { pathname?: unknown }).pathname === 'string') {
    const loc = value as { pathname: string; search?: unknown; hash?: unknown };
    path = `${loc.pathname}${typeof loc.search === 'string' ? loc.search : ''}${typeof loc.hash === 'string' ? loc.hash : ''}`;
  }
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return undefined;
  return path;
}

function userType(value: unknown): UserType | undefined {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value) ? (value as UserType) : undefined;
}

function sku(value: unknown): Sku | undefined {
  return typeof value === 'string' && (SKUS as readonly string[]).includes(value) ? (value as Sku) : undefined;
}

/** Reads the intent; the query's role and plan win over state (they are what the link says), state wins for the rest. */
export function readIntent(state: unknown, search: URLSearchParams): AuthIntent {
  const s = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  const intent: AuthIntent = {
    from: localPath(s.from) ?? localPath(search.get('from')),
    returnTo: localPath(s.returnTo),
    pendingMessage: text(s.pendingMessage) ?? text(search.get('message')),
    listingId: text(s.listingId) ?? text(search.get('listing')),
    role: userType(search.get('role')) ?? userType(s.role),
    selectedPlan: sku(search.get('plan')) ?? sku(s.selectedPlan),
    planName: text(s.planName),
    phone: text(s.phone),
    code: typeof s.code === 'string' && /^\d{6}$/.test(s.code) ? s.code : undefined,
  };
  return Object.fromEntries(Object.entries(intent).filter(([, v]) => v !== undefined)) as AuthIntent;
}

/** The intent to hand to the other page, without a code (that one is added on purpose only). */
export function carryIntent(intent: AuthIntent, extra: Partial<AuthIntent> = {}): AuthIntent {
  const { phone: _phone, code: _code, ...rest } = intent;
  return { ...rest, ...extra };
}

/**
 * The intent as the query of a link between /login and /signup (`?from=…`), read back by
 * readIntent: so the link keeps it before the app has started and without JavaScript. Only what
 * an address may hold: never a message, a phone or a code.
 */
export function intentQuery(intent: AuthIntent): string {
  const query = new URLSearchParams();
  if (intent.from) query.set('from', intent.from);
  if (intent.listingId) query.set('listing', intent.listingId);
  if (intent.role) query.set('role', intent.role);
  if (intent.selectedPlan) query.set('plan', intent.selectedPlan);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** A plan only counts for the audience it is sold to: broker plans for brokers, others for the rest. */
export function planFor(role: UserType, plan: Sku | undefined): Sku | undefined {
  if (!plan) return undefined;
  const audience = SKU_CATALOG[plan].audience;
  return (role === 'delala') === (audience === 'delala') ? plan : undefined;
}

function outsideAuth(path: string | undefined): string | undefined {
  if (!path) return undefined;
  const bare = path.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return bare === paths.login || bare === paths.signup ? undefined : path;
}

/** Where a signed-in user goes after /login: the page they were sent from, else / (which sends on). */
export function afterLogin(intent: AuthIntent): string {
  return outsideAuth(intent.from) ?? outsideAuth(intent.returnTo) ?? paths.home;
}

/** Where a non-broker goes after skipping the plan: back where they came from, else /browse. */
export function afterSkip(intent: AuthIntent): string {
  return outsideAuth(intent.from) ?? outsideAuth(intent.returnTo) ?? paths.browse;
}
