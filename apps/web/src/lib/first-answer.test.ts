import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@betoch/contracts/constants';

/** The answer the server writes into the page (issue 8): taken once, only by the same call, only without a session. */
const BROWSE = '/api/listings?visibility=live&limit=20';
const ANSWER = { ok: true, listings: [{ _id: 'a1' }], next_cursor: null };

function writePage(body: string, url = BROWSE): void {
  const script = document.createElement('script');
  script.id = 'first-answer';
  script.type = 'application/json';
  script.dataset.url = url;
  script.textContent = body;
  document.body.append(script);
}

async function freshModule() {
  vi.resetModules();
  return import('./first-answer');
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});
afterEach(() => vi.restoreAllMocks());

describe('takeFirstAnswer', () => {
  it('gives the answer to the same call once, whatever the order of its query, and takes it out of the page', async () => {
    writePage(JSON.stringify(ANSWER));
    const { takeFirstAnswer } = await freshModule();
    expect(takeFirstAnswer('/api/listings?limit=20&visibility=live')).toEqual(ANSWER);
    expect(document.getElementById('first-answer')).toBeNull();
    expect(takeFirstAnswer(BROWSE)).toBeUndefined();
  });

  it('keeps it from another call', async () => {
    writePage(JSON.stringify(ANSWER));
    const { takeFirstAnswer } = await freshModule();
    expect(takeFirstAnswer('/api/listings?visibility=live&limit=20&subcity=Bole')).toBeUndefined();
    expect(takeFirstAnswer('/api/listings/a1')).toBeUndefined();
    expect(takeFirstAnswer(BROWSE)).toEqual(ANSWER);
  });

  it('gives nothing to someone signed in: the public answer is not theirs', async () => {
    writePage(JSON.stringify(ANSWER));
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    const { takeFirstAnswer } = await freshModule();
    expect(takeFirstAnswer(BROWSE)).toBeUndefined();
  });

  it('is taken out of the page at the first ask, for someone signed in too, so no listing text stays in a script element', async () => {
    writePage(JSON.stringify(ANSWER));
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    const { takeFirstAnswer } = await freshModule();
    expect(takeFirstAnswer('/api/listings/a1')).toBeUndefined();
    expect(document.getElementById('first-answer')).toBeNull();
  });

  it('gives nothing when the page is older than 30 seconds, or the answer is not a good one', async () => {
    writePage(JSON.stringify(ANSWER));
    vi.spyOn(performance, 'now').mockReturnValue(31_000);
    expect((await freshModule()).takeFirstAnswer(BROWSE)).toBeUndefined();
    vi.restoreAllMocks();

    for (const body of ['{"ok":false,"error":"x"}', '{not json', '']) {
      document.body.innerHTML = '';
      writePage(body);
      expect((await freshModule()).takeFirstAnswer(BROWSE), body).toBeUndefined();
    }
    document.body.innerHTML = '';
    expect((await freshModule()).takeFirstAnswer(BROWSE)).toBeUndefined();
  });
});
