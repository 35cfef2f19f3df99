import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, screenshot } from '../support/browser.ts';
import { signedUpByEmail } from '../support/email-user.ts';
import { runAdminCli, startServer, type RunningServer } from '../support/server.ts';

const STAFF = 'helpdesk-lead@example.com';

describe.runIf(browserAvailable())('help centre in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a user opens a ticket; staff replies and notes internally; the user sees only the reply; staff closes it', async () => {
    const user = await signedUpByEmail(browser, server.url, `customer-${Date.now()}@example.com`);
    await user.goto('/feedback'); // opens the form with the Feedback category
    await user.getByTestId('ticket-submit').click();
    expect(await user.getByRole('alert').textContent()).toBe('Subject is required');
    await user.getByTestId('ticket-title').fill('Subtitles would help');
    await user.getByTestId('ticket-description').fill('Please add subtitles to the player.');
    expect(await user.getByTestId('ticket-category').inputValue()).toBe('7');
    await user.getByTestId('ticket-submit').click();
    await user.waitForURL(/\/tickets\//);
    const ticketUrl = user.url();

    const staff = await signedUpByEmail(browser, server.url, STAFF);
    await runAdminCli(server, 'grant', STAFF, 'admin'); // staff by email comes from the operator, not from signing up
    await staff.goto('/admin/tickets');
    await staff.getByRole('cell', { name: 'Subtitles would help' }).click();
    const dialog = staff.getByTestId('admin-ticket-dialog');
    await dialog.getByTestId('reply-input').fill('Thanks! It is on our roadmap.');
    await dialog.getByTestId('reply-submit').click();
    // wait for the posted reply itself: the text is also in the textarea until the answer arrives
    await dialog.getByTestId('reply').filter({ hasText: 'Thanks! It is on our roadmap.' }).waitFor();
    await dialog.getByTestId('reply-input').fill('Duplicate of the captions request');
    await dialog.getByTestId('reply-internal').check();
    await dialog.getByTestId('reply-submit').click();
    await dialog.getByTestId('reply').filter({ hasText: 'Duplicate of the captions request' }).waitFor();
    await screenshot(staff, 'admin-ticket-1280');

    await user.goto(ticketUrl);
    await user.getByText('Thanks! It is on our roadmap.').waitFor();
    expect(await user.getByText('Duplicate of the captions request').count()).toBe(0);

    await dialog.getByTestId('admin-status').selectOption('closed');
    await expect.poll(() => dialog.getByTestId('admin-status').inputValue()).toBe('closed');
    await user.reload();
    await user.getByTestId('ticket-closed').waitFor();

    const outsider = await signedUpByEmail(browser, server.url, `outsider-${Date.now()}@example.com`);
    await outsider.goto(ticketUrl);
    expect(await outsider.getByTestId('ticket-error').textContent()).toBe(
      'You do not have permission to view this ticket',
    );
    await outsider.goto('/admin/tickets');
    await outsider.getByTestId('admin-denied').waitFor();
  });
});
