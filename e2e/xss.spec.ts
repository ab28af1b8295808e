import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { adminSession } from './support/admin-session';
import { apiSignUp, startInLanguage, storeSession, type ApiSession } from './support/auth';

/**
 * Hostile text rendered inert in a real browser. Through the real calls, a
 * landlord whose display name is a payload posts a listing whose title, description and specific
 * location are payloads; a tenant writes them into the chat and a report; the landlord answers
 * with them too. Then every screen that shows that text is opened, signed out and as each side:
 * browse card, detail page, owner panel, my listings, inbox and thread for both sides, and the
 * admin moderation queue. On each: no dialog opened (alert, confirm, prompt), no script element or
 * on* handler or javascript: link came from the text, the text is shown as written, no Content
 * Security Policy violation, no page error, and the long word does not widen the 360 px page.
 */

const PHOTO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/room-1.jpg');

const SCRIPT = '<script>alert(1)</script>';
const IMG = '<img src=x onerror=alert(1)>';
const SVG = '"><svg onload=alert(1)>';
const JS_LINK = 'javascript:alert(1)';
const MD_LINK = '[open the photos](javascript:alert(1))';
const HTML_LINK = '<a href="javascript:alert(1)">photos</a>';
const IFRAME = '<iframe srcdoc="<script>alert(1)</script>"></iframe>';
/** Right-to-left override: 'gnp.exe' shows as 'exe.png' after it. */
const RTL = '\u202Egnp.exe';
const LONG_WORD = 'W'.repeat(400);
/**
 * Listing text as stored and shown: invisible format characters, the right-to-left override among
 * them, are dropped before a listing is stored (docs/security.md), so its text shows without them.
 */
const STORED_RTL = RTL.replace(/\u202E/g, '');

/** A tag that makes this run's texts easy to find among the demo data. */
const TAG = `x${Date.now().toString(36)}`;

const NAME = `${SVG}${SCRIPT}`.slice(0, 60);
const TITLE = `${IMG}${SVG} ${TAG}`;
const LOCATION = `${SCRIPT} ${JS_LINK} ${RTL}`;
const STORED_LOCATION = `${SCRIPT} ${JS_LINK} ${STORED_RTL}`;
const DESCRIPTION = [IMG, SVG, SCRIPT, HTML_LINK, MD_LINK, JS_LINK, IFRAME, RTL, LONG_WORD, `{{constructor.constructor('alert(1)')()}}`, '${alert(1)}'].join(
  '\n',
);
const TENANT_MESSAGE = [SCRIPT, IMG, SVG, MD_LINK, HTML_LINK, RTL, LONG_WORD].join(' ');
const OWNER_MESSAGE = [SVG, IMG, JS_LINK, MD_LINK, RTL].join(' ');
const REPORT_DETAILS = [SCRIPT, IMG, SVG, HTML_LINK, RTL].join(' ');

function bearer(session: ApiSession): Record<string, string> {
  return { authorization: `Bearer ${session.token}` };
}

async function call<T>(
  request: APIRequestContext,
  session: ApiSession,
  method: 'POST' | 'PATCH',
  url: string,
  options: Parameters<APIRequestContext['fetch']>[1] = {},
): Promise<T> {
  const res = await request.fetch(`/api${url}`, { ...options, method, headers: { ...options.headers, ...bearer(session) } });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

interface Findings {
  dialogs: string[];
  consoleCsp: string[];
  pageErrors: string[];
}

/**
 * Watches a page for the signs of script running from user text: every dialog (dismissed and
 * recorded), CSP reports on the console, uncaught errors; and records every
 * securitypolicyviolation event in the page itself (read per screen, since a navigation clears it).
 */
async function watch(page: Page): Promise<Findings> {
  const findings: Findings = { dialogs: [], consoleCsp: [], pageErrors: [] };
  page.on('dialog', (dialog) => {
    findings.dialogs.push(`${dialog.type()}: ${dialog.message()} at ${page.url()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) findings.consoleCsp.push(`${message.text()} at ${page.url()}`);
  });
  page.on('pageerror', (error) => findings.pageErrors.push(`${error.message} at ${page.url()}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  return findings;
}

/** What the DOM holds that only user text could have put there. */
function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name)) found.push(`<${el.tagName.toLowerCase()} ${attr.name}="${attr.value}">`);
        if (/^(href|src|action|formaction|xlink:href|srcdoc|data)$/i.test(attr.name) && /^\s*(javascript|vbscript|data:text\/html)/i.test(attr.value)) {
          found.push(`<${el.tagName.toLowerCase()} ${attr.name}="${attr.value}">`);
        }
      }
    }
    /** A JSON-LD data block the server wrote (search engines read it) is data, never run, if it parses. */
    const isJsonData = (script: HTMLScriptElement): boolean => {
      if (script.type !== 'application/ld+json') return false;
      try {
        JSON.parse(script.textContent ?? '');
        return true;
      } catch {
        return false;
      }
    };
    // The one inline script the server writes on a drawn page (it asks for the app's code, allowed
    // by its hash): the last element of the body it sent.
    const boots = document.querySelectorAll('script[data-boot]');
    const isBoot = (script: HTMLScriptElement): boolean => boots.length === 1 && script === boots[0] && script.parentElement === document.body;
    for (const script of Array.from(document.scripts)) {
      if (!script.src) {
        if (!isJsonData(script) && !isBoot(script)) found.push(`inline <script>${script.textContent?.slice(0, 60)}`);
      } else if (new URL(script.src).origin !== location.origin) found.push(`foreign <script src=${script.src}>`);
    }
    for (const el of Array.from(document.querySelectorAll('iframe, object, embed, img[src="x"], svg[onload]'))) found.push(`<${el.tagName.toLowerCase()}>`);
    return found;
  });
}

/**
 * One screen: waits until its first text is shown, then lists every problem at once: a text not
 * shown as written (`texts` are what of the user text the screen shows, compared with the DOM's
 * text, so a payload must be literal), markup from user text, CSP violations, a page wider than
 * the phone, dialogs, console CSP reports and page errors.
 */
async function inspect(page: Page, findings: Findings, screen: string, texts: string[]): Promise<void> {
  await test.step(screen, async () => {
    await expect
      .poll(() => page.evaluate(() => document.body.innerText), { message: `${screen}: shows ${JSON.stringify(texts[0]!.slice(0, 40))}` })
      .toContain(texts[0]!);
    // One more moment for a late render, a late handler or a late report.
    await page.waitForTimeout(300);
    const shown = await page.evaluate(() => document.body.innerText);
    const problems = [
      ...texts.filter((text) => !shown.includes(text)).map((text) => `not shown as written: ${JSON.stringify(text.slice(0, 60))}`),
      ...(await injectedMarkup(page)).map((markup) => `markup from user text: ${markup}`),
      ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).map((v) => `CSP violation: ${v}`),
      ...findings.dialogs.map((d) => `dialog: ${d}`),
      ...findings.consoleCsp.map((c) => `console: ${c}`),
      ...findings.pageErrors.map((e) => `page error: ${e}`),
    ];
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) problems.push(`the page is ${width}px wide, wider than the phone`);
    expect(problems, screen).toEqual([]);
  });
}

test('script and HTML in listing text, names, messages and reports stay inert text on every screen', async ({ page, browser, request }) => {
  test.setTimeout(180_000);

  // The landlord's listing, through the real calls.
  const landlord = await apiSignUp(request, { role: 'landlord', name: NAME });
  const photo = await call<{ key: string }>(request, landlord, 'POST', '/uploads', {
    multipart: { file: { name: 'room-1.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PHOTO) } },
  });
  const draft = await call<{ _id: string }>(request, landlord, 'POST', '/listings', {
    data: {
      title: TITLE,
      description: DESCRIPTION,
      type: 'apartment',
      price_etb: 18000,
      bedrooms: 2,
      specific_location: LOCATION,
      subcity: 'Bole',
      contact_preference: 'hide',
    },
  });
  await call(request, landlord, 'PATCH', `/listings/${draft._id}`, { data: { photos: [photo.key] } });
  await call(request, landlord, 'POST', `/listings/${draft._id}/publish`);
  const listingId = draft._id;

  // The tenant writes to the landlord, who answers; the tenant pays to read the answer.
  const tenant = await apiSignUp(request, { role: 'tenant', name: `${IMG}${RTL}` });
  const { conversation_id: conversationId } = await call<{ conversation_id: string }>(request, tenant, 'POST', '/conversations', {
    data: { listing_id: listingId, initial_message: TENANT_MESSAGE },
  });
  await call(request, landlord, 'POST', `/conversations/${conversationId}/reply`, { data: { body: OWNER_MESSAGE } });
  await call(request, tenant, 'POST', '/purchase', { data: { sku: 'CREDIT_SINGLE' }, headers: { 'idempotency-key': `xss-${TAG}` } });
  await call(request, tenant, 'POST', `/conversations/${conversationId}/unlock-first-reply`);
  await call(request, tenant, 'POST', '/reports', { data: { targetType: 'listing', targetId: listingId, reason: 'scam', details: REPORT_DETAILS } });
  await call(request, tenant, 'POST', '/reports', {
    data: { targetType: 'conversation', targetId: conversationId, reason: 'harassment', details: REPORT_DETAILS },
  });

  const findings = await watch(page);
  await startInLanguage(page, 'en');

  // Signed out: the browse card and the detail page.
  await page.goto('/browse');
  const card = page.getByRole('article').filter({ hasText: TAG });
  await expect(card).toBeVisible();
  await inspect(page, findings, 'browse card', [TITLE, STORED_LOCATION]);
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/l/${listingId}$`));
  await inspect(page, findings, 'detail page, signed out', [TITLE, STORED_LOCATION, IMG, SVG, SCRIPT, HTML_LINK, MD_LINK, IFRAME, STORED_RTL, LONG_WORD]);

  // The landlord: owner panel on the detail page, my listings, inbox and thread.
  await storeSession(page, landlord, `/l/${listingId}`);
  await expect(page.locator('#manage-title')).toBeVisible();
  await inspect(page, findings, 'detail page with the owner panel', [TITLE, STORED_LOCATION, IMG, SCRIPT, LONG_WORD]);
  await page.goto('/my-listings');
  await inspect(page, findings, 'my listings', [TITLE, NAME]);
  await page.goto('/chat');
  await expect(page.getByTestId('conversation-row').filter({ hasText: TAG })).toBeVisible();
  await inspect(page, findings, 'inbox, owner', [TITLE, OWNER_MESSAGE]);
  await page.goto(`/chat/${conversationId}`);
  await inspect(page, findings, 'thread, owner', [TENANT_MESSAGE.slice(0, 120), OWNER_MESSAGE, LONG_WORD]);

  // The tenant, in a second browser context: inbox and thread (the owner's answer unlocked).
  const tenantContext = await browser.newContext();
  const tenantPage = await tenantContext.newPage();
  const tenantFindings = await watch(tenantPage);
  await startInLanguage(tenantPage, 'en');
  await storeSession(tenantPage, tenant, '/chat');
  await expect(tenantPage.getByTestId('conversation-row').filter({ hasText: TAG })).toBeVisible();
  await inspect(tenantPage, tenantFindings, 'inbox, tenant', [TITLE, OWNER_MESSAGE]);
  await tenantPage.goto(`/chat/${conversationId}`);
  await inspect(tenantPage, tenantFindings, 'thread, tenant', [TENANT_MESSAGE.slice(0, 120), OWNER_MESSAGE, LONG_WORD]);
  await tenantPage.goto(`/l/${listingId}`);
  await inspect(tenantPage, tenantFindings, 'detail page, tenant', [TITLE, STORED_LOCATION, IMG, SCRIPT, STORED_RTL, LONG_WORD]);
  await tenantContext.close();

  // The admin: the moderation queue with both cases (listing title, poster's name, the thread's listing).
  const admin = await adminSession(request);
  await storeSession(page, admin, '/admin');
  await expect(page.getByRole('article', { name: new RegExp(`#${listingId.slice(-6)}$`) })).toBeVisible();
  await inspect(page, findings, 'admin moderation queue', [TITLE, NAME]);
});
