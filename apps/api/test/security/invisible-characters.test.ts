import { describe, expect, it } from 'vitest';
import { chat } from '../conversations/chat-calls.ts';
import { createListingsTestApp, createLiveListing } from '../support/factories.ts';
import { signUp } from '../support/login.ts';
import { useTestApp } from '../support/use-test-app.ts';

// Bidirectional controls and other invisible format characters are dropped before a name or a
// listing's text is stored, so the other side of a chat sees what the name holds.
const RLO = '\u202e';
const LRI = '\u2066';
const t = useTestApp(createListingsTestApp);

async function stored(sql: string, id: string): Promise<Record<string, string | null>> {
  const [row] = await t.database.sql.query<Record<string, string | null>>(sql, [id]);
  if (!row) throw new Error('no row');
  return row;
}

describe('names and listing text are stored without invisible format characters', () => {
  it('a display name and an agency name, at signup and on a profile change; the chat shows the clean name', async () => {
    const broker = await signUp(t, { userType: 'delala', name: `${RLO}Abebe${LRI}`, agencyName: `Bole\u200f Homes${RLO}` });
    expect([broker.user.name, broker.user.agency_name]).toEqual(['Abebe', 'Bole Homes']);
    const changed = await t.request({
      method: 'PATCH',
      url: '/api/account',
      headers: broker.auth,
      payload: { name: `Kebede\u2067gnp.exe`, agencyName: `\u061cAddis\u200b Homes` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const row = await stored('SELECT name, agency_name FROM users WHERE phone = $1', broker.phone);
    expect(row).toEqual({ name: 'Kebedegnp.exe', agency_name: 'Addis Homes' });

    const owner = await signUp(t, { userType: 'landlord', name: `Hana${RLO}` });
    const listing = await createLiveListing(t, owner);
    const tenant = await signUp(t, { name: `Tenant${LRI}${RLO}` });
    await chat(t).start(tenant, listing._id, 'Hello');
    const inbox = JSON.stringify(await chat(t).inbox(owner));
    expect(inbox).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(inbox).toContain('"tenant_name":"Tenant"');
  });

  it('a listing title, description and specific location', async () => {
    const owner = await signUp(t, { userType: 'landlord' });
    const listing = await createLiveListing(t, owner, {
      title: `Flat${RLO} in Bole`,
      description: `Quiet\u200b flat near the ${LRI}ring road${'\u2069'}.`,
      specific_location: `${RLO}Edna Mall`,
    });
    const row = await stored('SELECT title, description, specific_location FROM listings WHERE id = $1', listing._id);
    expect(row).toEqual({ title: 'Flat in Bole', description: 'Quiet flat near the ring road.', specific_location: 'Edna Mall' });
  });

  it('a saved-search name', async () => {
    const tenant = await signUp(t);
    const res = await t.request({ method: 'POST', url: '/api/saved-searches', headers: tenant.auth, payload: { name: `${RLO}Bole 2BR${LRI}`, filters: {} } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [row] = await t.database.sql.query<{ name: string }>('SELECT name FROM saved_searches ORDER BY created_at DESC LIMIT 1');
    expect(row?.name).toBe('Bole 2BR');
  });
});
