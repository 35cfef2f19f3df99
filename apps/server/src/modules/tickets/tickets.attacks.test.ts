import type { AuthResponse, Ticket } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { setEmailVerified } from '../users/users.repository.ts';

describe.each(testDialects)('ticket contact address on %s', (dialect) => {
  let t: TestApp;
  let owner: AuthResponse;
  let staff: AuthResponse;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await signUpByEmail(t.app);
    staff = await signUpByEmail(t.app);
    await t.ctx.db.updateTable('users').set({ role: 'support' }).where('id', '=', staff.user.id).execute();
  });
  afterAll(() => t.close());

  const open = async (body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: bearer(owner.access_token),
      payload: { title: 'Refund my payout', description: 'Send the details to my address', category_id: 2, ...body },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Ticket>();
  };
  const seenByStaff = async (id: string) => {
    const one = (await t.app.inject({ url: `/api/tickets/${id}`, headers: bearer(staff.access_token) })).json<Ticket>();
    const listed = (await t.app.inject({ url: '/api/tickets', headers: bearer(staff.access_token) }))
      .json<{ tickets: Ticket[] }>()
      .tickets.find((x) => x.id === id);
    return [one, listed];
  };

  it('shows staff an address naming somebody else as unverified', async () => {
    const ticket = await open({ user_email: 'cfo@victim-bank.example' });
    for (const seen of await seenByStaff(ticket.id)) {
      expect(seen).toMatchObject({ user_email: 'cfo@victim-bank.example', contact_email_verified: false });
    }
  });

  it('marks the account address unverified while the account has not proven it, and verified once it has', async () => {
    const before = await open({});
    for (const seen of await seenByStaff(before.id)) {
      expect(seen).toMatchObject({ user_email: owner.user.email, contact_email_verified: false });
    }
    await setEmailVerified(t.ctx.db, owner.user.id, new Date().toISOString());
    for (const body of [{}, { user_email: owner.user.email }]) {
      const after = await open(body);
      for (const seen of await seenByStaff(after.id))
        expect(seen).toMatchObject({ user_email: owner.user.email, contact_email_verified: true });
    }
    const other = await open({ user_email: 'someone-else@example.com' });
    for (const seen of await seenByStaff(other.id)) expect(seen).toMatchObject({ contact_email_verified: false });
  });
});
