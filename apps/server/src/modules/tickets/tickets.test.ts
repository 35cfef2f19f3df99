import type { AuthResponse, Ticket } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signInWithWallet, signUpByEmail } from '../../testing/test-users.ts';

const adminKey = privateKeyToAccount(generatePrivateKey());

describe.each(testDialects)('support tickets on %s', (dialect) => {
  let t: TestApp;
  let owner: AuthResponse;
  let other: AuthResponse;
  let support: AuthResponse;
  let admin: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_WALLETS: adminKey.address });
    owner = await signUpByEmail(t.app);
    other = await signUpByEmail(t.app);
    support = await signInWithWallet(t.app);
    await t.ctx.db.updateTable('users').set({ role: 'support' }).where('id', '=', support.user.id).execute();
    admin = await signInWithWallet(t.app, adminKey);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: AuthResponse, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.access_token) : {} });
  const open = async (who = owner, body: object = {}) => {
    const res = await call('POST', '/api/tickets', who, {
      title: 'Cannot upload',
      description: 'The upload stops at 90%',
      category_id: 3,
      ...body,
    });
    expect(res.statusCode).toBe(201);
    return res.json<Ticket>();
  };

  it('lists categories without sign-in', async () => {
    const res = await call('GET', '/api/tickets/categories');
    expect(res.json().categories).toContainEqual({ id: 3, name: 'Uploads & videos', icon: '🎬', slug: 'uploads' });
  });

  it('opens tickets with human-friendly unique numbers and the defaults', async () => {
    const created = await Promise.all([open(), open(), open()]);
    const numbers = created.map((c) => c.ticket_number);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers.every((n) => /^TKT-\d{6}$/.test(n))).toBe(true);
    expect(created[0]).toMatchObject({
      status: 'open',
      priority: 'medium',
      category_name: 'Uploads & videos',
      category_slug: 'uploads',
      username: owner.user.username,
      user_email: owner.user.email,
    });
  });

  it('validates the form', async () => {
    expect(
      (await call('POST', '/api/tickets', owner, { title: ' ', description: 'x', category_id: 1 })).json(),
    ).toEqual({ detail: 'title: Please enter a subject', code: 'required', field: 'title' });
    expect(
      (await call('POST', '/api/tickets', owner, { title: 'x'.repeat(151), description: 'x', category_id: 1 })).json(),
    ).toMatchObject({ code: 'too_long', field: 'title', params: { max: 150 } });
    expect(
      (await call('POST', '/api/tickets', owner, { title: 'x', description: 'x', category_id: '' })).json(),
    ).toMatchObject({ code: 'category_required', field: 'category_id' });
    expect(
      (await call('POST', '/api/tickets', owner, { title: 'x', description: 'x', category_id: 99 })).json(),
    ).toEqual({ detail: 'Please choose a category', code: 'category_required', field: 'category_id' });
    expect(
      (await call('POST', '/api/tickets', owner, { title: 'x', description: 'x', category_id: 1, user_email: 'nope' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/tickets', owner, { title: 'x', description: 'x', category_id: 1, priority: 'panic' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/tickets', undefined, { title: 'x', description: 'x', category_id: 1 })).statusCode,
    ).toBe(401);
  });

  it('applies the role matrix on every route', async () => {
    const ticket = await open();
    const url = `/api/tickets/${ticket.id}`;
    // reading
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, other)).json()).toEqual({
      detail: 'You do not have permission to view this ticket',
      code: 'not_your_ticket',
    });
    for (const who of [owner, support, admin]) expect((await call('GET', url, who)).statusCode).toBe(200);
    expect((await call('GET', '/api/tickets/unknown-id', owner)).json().detail).toBe('Ticket not found');
    // listing: own tickets only, staff see all
    expect((await call('GET', '/api/tickets', other)).json().tickets.some((x: Ticket) => x.id === ticket.id)).toBe(
      false,
    );
    expect((await call('GET', '/api/tickets', support)).json().tickets.some((x: Ticket) => x.id === ticket.id)).toBe(
      true,
    );
    // replying
    expect((await call('POST', `${url}/replies`, other, { message: 'hi' })).statusCode).toBe(403);
    expect((await call('POST', `${url}/replies`, owner, { message: 'Still broken' })).statusCode).toBe(201);
    // status and stats: staff only
    expect((await call('PUT', url, owner, { status: 'closed' })).statusCode).toBe(403);
    expect((await call('PUT', url, support, { status: 'in_progress' })).json().status).toBe('in_progress');
    expect((await call('GET', '/api/tickets/stats', owner)).statusCode).toBe(403);
    expect((await call('GET', '/api/tickets/stats', admin)).statusCode).toBe(200);
  });

  it('keeps internal notes from the ticket owner, and only staff may write them', async () => {
    const ticket = await open();
    const url = `/api/tickets/${ticket.id}`;
    expect((await call('POST', `${url}/replies`, owner, { message: 'secret?', is_internal: true })).statusCode).toBe(
      403,
    );
    await call('POST', `${url}/replies`, support, { message: 'We are looking into it.' });
    await call('POST', `${url}/replies`, support, { message: 'User is on a slow network', is_internal: true });
    const seenByOwner = (await call('GET', url, owner)).json<Ticket>().replies!;
    expect(seenByOwner.map((r) => r.message)).toEqual(['We are looking into it.']);
    expect(seenByOwner[0]).toMatchObject({ is_admin: true, is_internal: false });
    const seenByStaff = (await call('GET', url, admin)).json<Ticket>().replies!;
    expect(seenByStaff.map((r) => [r.message, r.is_internal])).toEqual([
      ['We are looking into it.', false],
      ['User is on a slow network', true],
    ]);
    expect((await call('POST', `${url}/replies`, owner, { message: '   ' })).statusCode).toBe(400);
  });

  it('filters for staff, assigns to staff wallets, closes, audits every staff action and refuses user replies on closed tickets', async () => {
    const ticket = await open(owner, { title: 'Payout missing', category_id: 2, priority: 'urgent' });
    const url = `/api/tickets/${ticket.id}`;
    const filtered = (await call('GET', '/api/tickets?priority=urgent&category_id=2&search=payout', admin)).json()
      .tickets;
    expect(filtered.map((x: Ticket) => x.id)).toContain(ticket.id);
    expect(
      (await call('GET', `/api/tickets?search=${ticket.ticket_number}`, admin)).json().tickets.map((x: Ticket) => x.id),
    ).toEqual([ticket.id]);
    expect(
      (
        await call('PUT', url, admin, {
          assigned_to: owner.user.wallet_address ?? '0x0000000000000000000000000000000000000001',
        })
      ).statusCode,
    ).toBe(400);
    const assigned = (await call('PUT', url, admin, { assigned_to: support.user.wallet_address })).json<Ticket>();
    expect([assigned.assigned_to, assigned.assigned_admin_name]).toEqual([
      support.user.wallet_address,
      support.user.username,
    ]);
    await call('POST', `${url}/replies`, admin, { message: 'Fixed: the payout went out today.' });
    expect((await call('PUT', url, admin, { status: 'closed' })).json().status).toBe('closed');
    expect((await call('POST', `${url}/replies`, owner, { message: 'thanks' })).json().detail).toBe(
      'This ticket has been closed. If you need further assistance, please create a new ticket.',
    );
    const audit = await t.ctx.db
      .selectFrom('ticket_audit')
      .select(['action', 'actor_id'])
      .where('ticket_id', '=', ticket.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['assign', 'reply', 'status']);
    expect(audit.every((a) => a.actor_id === admin.user.id)).toBe(true);
  });

  it('computes stats from real timestamps', async () => {
    const ticket = await open();
    await t.ctx.db
      .updateTable('tickets')
      .set({ created_at: new Date(Date.now() - 10 * 3_600_000).toISOString() })
      .where('id', '=', ticket.id)
      .execute();
    await call('PUT', `/api/tickets/${ticket.id}`, admin, { status: 'resolved' });
    const stats = (await call('GET', '/api/tickets/stats', admin)).json();
    expect(stats.total_tickets).toBeGreaterThanOrEqual(7);
    expect(stats.open_tickets).toBeGreaterThan(0);
    expect(stats.avg_resolution_time).toBeGreaterThan(0);
  });
});
