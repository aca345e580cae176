import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { labels } from '../../lib/labels.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { session } from '../../test/server.ts';
import { fullProfile } from './profile.fixture.ts';

const profileSection = async (screen: ReturnType<typeof renderApp>['screen']) =>
  within((await screen.findByRole('heading', { level: 2, name: labels.myProfile })).closest('section')!);

describe('My Profile', () => {
  it("shows the account's name and e-mail and the 'Please Add Your …' texts when nothing is filled in", async () => {
    session.current = meOf(customer);
    const { screen } = renderApp('/dashboard/myProfile');
    const page = await profileSection(screen);
    expect(page.getAllByText(customer.name).length).toBeGreaterThan(0);
    expect(page.getAllByText(customer.email).length).toBeGreaterThan(0);
    for (const text of Object.values(labels.profilePlaceholders)) expect(page.getByText(text)).toBeInTheDocument();
    expect(page.getByRole('link', { name: labels.editProfile })).toHaveAttribute('href', '/editProfile');
    expect(page.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows every saved field, the photo, and the social links as links', async () => {
    session.current = { user: customer, profile: fullProfile };
    const { screen } = renderApp('/dashboard/myProfile');
    const page = await profileSection(screen);
    for (const value of [fullProfile.address, fullProfile.phone, fullProfile.companyName, fullProfile.jobTitle, fullProfile.taxNumber, fullProfile.education]) expect(page.getByText(value)).toBeInTheDocument();
    expect(page.getByRole('link', { name: fullProfile.linkedin })).toHaveAttribute('href', fullProfile.linkedin);
    expect(page.getByRole('link', { name: fullProfile.facebook })).toHaveAttribute('rel', 'noopener noreferrer');
    for (const text of Object.values(labels.profilePlaceholders)) expect(page.queryByText(text)).not.toBeInTheDocument();
    expect(page.getByRole('presentation')).toHaveAttribute('src', `${fullProfile.imageUrl}?w=320`);
  });
});
