/**
 * Journey C (accounts): a visitor signs up, opens the verification link from the outbox, forgets
 * the password and resets it through the e-mailed link, signs in with the new one, fills in the
 * profile with a photo and sees it in the navbar menu. Real server writing mail to
 * DATA_DIR/outbox, fresh SQLite file, real Chromium.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../web/lib/messages.ts';
import { labels } from '../../web/lib/labels.ts';
import { readOutbox } from '#http/test-support.ts';
import { newPage, withScreenshots } from '../support/browser.ts';
import { pngFile, serverAndBrowserForJourney } from '../support/journey.ts';
import type { RunningServer } from '../support/server.ts';

/** The newest link to `path` in the e-mails sent to `email` (waits for the mail to be written). */
const mailedLink = async (server: RunningServer, email: string, path: string, after: string[] = []): Promise<string> => {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await readOutbox(join(server.dataDir, 'outbox'))).filter((mail) => mail.raw.includes(`To: ${email}`));
      link = mails
        .flatMap((mail) => mail.links)
        .filter((candidate) => new URL(candidate).pathname === path && !after.includes(candidate))
        .at(-1);
      return link;
    }, { timeout: 15_000 })
    .toBeDefined();
  return link!;
};

const openAccountMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
};

describe('journey C: verify the e-mail, reset the password, fill the profile', () => {
  const journey = serverAndBrowserForJourney();

  it('signs up, verifies, resets the password, signs in with it and shows the profile in the menu', async () => {
    const { server, browser } = journey;
    const { page: p } = await newPage(browser, server.url);
    const email = `journey-c-${Date.now()}@bulkhead.test`;
    const firstPassword = 'journey-password-1';
    const newPassword = 'journey-password-2';

    await withScreenshots('journey-c', () => [p], async () => {
      // Sign up: signed in at once, with a reminder to verify in the menu.
      await p.goto('/signUp');
      await p.getByLabel('Name', { exact: true }).fill('Casey Profile');
      await p.getByLabel('Email', { exact: true }).fill(email);
      await p.getByLabel('Password', { exact: true }).fill(firstPassword);
      await p.getByLabel('Confirm Password', { exact: true }).fill(firstPassword);
      await p.getByRole('button', { name: 'Register', exact: true }).click();
      let menu = await openAccountMenu(p);
      await menu.getByText(messages.verifyReminder).waitFor();
      await p.keyboard.press('Escape');

      // The verification link from the outbox verifies, and the reminder is gone.
      const verifyLink = await mailedLink(server, email, '/verifyEmail');
      expect(verifyLink.startsWith(`${server.url}/verifyEmail?token=`)).toBe(true);
      await p.goto(verifyLink);
      await p.getByText(messages.emailVerified).waitFor();
      menu = await openAccountMenu(p);
      expect(await menu.getByText(messages.verifyReminder).count()).toBe(0);

      // Sign out, then ask for a reset link from the login page.
      await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
      await p.getByRole('link', { name: 'Login', exact: true }).waitFor();
      await p.goto('/login');
      await p.getByRole('link', { name: labels.forgotPassword }).click();
      await p.waitForURL(/\/resetPassword$/);
      await p.getByLabel('Email', { exact: true }).fill(email);
      await p.getByRole('button', { name: labels.resetPassword }).click();
      await p.getByRole('main').getByText(messages.resetEmailSent).waitFor();

      // The reset link sets the new password once.
      const resetLink = await mailedLink(server, email, '/resetPassword');
      await p.goto(resetLink);
      await p.getByLabel('New Password', { exact: true }).fill(newPassword);
      await p.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
      await p.getByRole('button', { name: labels.setNewPassword }).click();
      await p.getByText(messages.passwordChanged).waitFor();
      await p.goto(resetLink);
      await p.getByLabel('New Password', { exact: true }).fill('journey-password-3');
      await p.getByLabel('Confirm Password', { exact: true }).fill('journey-password-3');
      await p.getByRole('button', { name: labels.setNewPassword }).click();
      await p.getByText(messages.linkUsed).waitFor();

      // The old password no longer works; the new one does.
      await p.goto('/login');
      await p.getByLabel('Email', { exact: true }).fill(email);
      await p.getByLabel('Password', { exact: true }).fill(firstPassword);
      await p.getByRole('button', { name: 'Login', exact: true }).click();
      await p.getByText(messages.invalidCredentials).first().waitFor();
      await p.getByLabel('Password', { exact: true }).fill(newPassword);
      await p.getByRole('button', { name: 'Login', exact: true }).click();
      menu = await openAccountMenu(p);

      // No profile yet: the menu offers Edit Profile.
      await menu.getByRole('menuitem', { name: labels.editProfile }).click();
      await p.waitForURL(/\/editProfile$/);
      expect(await p.getByLabel('Name', { exact: true }).inputValue()).toBe('Casey Profile');
      await p.getByLabel('Address', { exact: true }).fill('7 Foundry Lane, Sheffield');
      await p.getByLabel('Phone', { exact: true }).fill('+44 114 496 0123');
      // Education and the links wait under "More about you", closed while they are empty.
      await p.getByText(labels.moreAboutYou, { exact: true }).click();
      await p.getByLabel('Education', { exact: true }).fill('HNC Building Services Engineering');
      await p.getByLabel('Linkedin', { exact: true }).fill('https://www.linkedin.com/in/casey-profile');
      await p.getByLabel('Facebook', { exact: true }).fill('https://www.facebook.com/casey.profile');
      await p.getByLabel('Photo', { exact: true }).setInputFiles(pngFile('casey.png'));
      await p.getByRole('button', { name: labels.saveProfile }).click();

      // Saved: My Profile shows it, the photo is served, and the navbar menu has name and phone.
      await p.waitForURL(/\/dashboard\/myProfile$/);
      await p.getByText(messages.profileUpdated).first().waitFor();
      const profile = p.getByRole('main');
      await profile.getByText('7 Foundry Lane, Sheffield').waitFor();
      await profile.getByText('+441144960123').waitFor();
      const photo = profile.locator('img').first();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
      expect(await photo.getAttribute('src')).toMatch(/^\/uploads\//);

      menu = await openAccountMenu(p);
      await menu.getByText('Casey Profile').waitFor();
      await menu.getByText(email).waitFor();
      await menu.getByText('+441144960123').waitFor();
      await menu.getByRole('menuitem', { name: labels.myProfile }).waitFor();
    });
  });
});
