import { within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages.ts';
import { labels } from '../../lib/labels.ts';
import type { ProfileDto } from '#http/dto.ts';
import { customer, meOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { refusal, server, session } from '../../test/server.ts';
import { fullProfile } from './profile.fixture.ts';

/** The 8-byte PNG signature plus a little padding: enough for the browser's type check. */
const pngFile = (bytes = 64, name = 'me.png') => {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([data], name, { type: 'image/png' });
};

type Screen = ReturnType<typeof renderApp>['screen'];
type User = ReturnType<typeof renderApp>['user'];

const fillText = async (screen: Screen, user: User, values: Partial<Record<'Address' | 'Phone' | 'Company name' | 'Job title' | 'Tax/VAT number' | 'Education' | 'Linkedin' | 'Facebook', string>>) => {
  for (const [label, value] of Object.entries(values)) {
    const input = await screen.findByLabelText(label);
    await user.clear(input);
    // Pasting is one change event per field: the same checks run, without typing key by key.
    if (value) await user.paste(value);
  }
};

const validText = {
  Address: '1 Dock Road, Springfield',
  Phone: '+1 555-123-4567',
  'Company name': 'Springfield Roofing LLC',
  'Job title': 'Site buyer',
  'Tax/VAT number': 'US 12-3456789',
  Education: 'BSc Mechanical Engineering',
  Linkedin: 'https://www.linkedin.com/in/bea-buyer',
  Facebook: 'https://www.facebook.com/bea.buyer',
};

describe('Edit Profile', () => {
  it('shows name and e-mail read-only and the current values ready to edit', async () => {
    session.current = { user: customer, profile: fullProfile };
    const { screen } = renderApp('/editProfile');
    expect(await screen.findByRole('heading', { level: 1, name: labels.editProfile })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(customer.name);
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue(customer.email);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Address')).toHaveValue(fullProfile.address);
    expect(screen.getByLabelText('Linkedin')).toHaveValue(fullProfile.linkedin);
  });

  it('requires the phone and address, checks the links, and sends nothing; the photo and education are optional', async () => {
    session.current = meOf(customer);
    let called = false;
    server.use(
      http.put('*/api/me/profile', () => {
        called = true;
        return HttpResponse.json(fullProfile);
      }),
    );
    const { screen, user } = renderApp('/editProfile');
    await user.click(await screen.findByRole('button', { name: labels.saveProfile }));
    expect(await screen.findByText(messages.addressRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.phoneRequired)).toBeInTheDocument();
    expect(screen.queryByText(messages.educationRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.urlInvalid)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription(labels.profileImageHint);
    expect(called).toBe(false);
  });

  it('wants digits for the phone and full links for LinkedIn and Facebook', async () => {
    session.current = meOf(customer);
    const { screen, user } = renderApp('/editProfile');
    await fillText(screen, user, { Phone: 'call me', Linkedin: 'linkedin.com/in/bea', Facebook: 'javascript:alert(1)' });
    await user.tab();
    expect(await screen.findByText(messages.phoneNotDigits)).toBeInTheDocument();
    expect(screen.getByLabelText('Linkedin')).toHaveAccessibleDescription(messages.urlInvalid);
    expect(screen.getByLabelText('Facebook')).toHaveAccessibleDescription(messages.urlInvalid);
  });

  it('refuses a photo of 1,000,000 bytes or one that is not an image before uploading', async () => {
    session.current = meOf(customer);
    let uploads = 0;
    server.use(
      http.post('*/api/uploads', () => {
        uploads += 1;
        return HttpResponse.json({ url: '/uploads/x.png' }, { status: 201 });
      }),
    );
    const { screen, user } = renderApp('/editProfile');
    const photo = await screen.findByLabelText('Photo');
    await user.upload(photo, pngFile(1_000_000));
    expect(await screen.findByText(messages.imageTooLarge)).toBeInTheDocument();
    await user.upload(photo, new File(['just some text'], 'notes.png', { type: 'image/png' }));
    expect(await screen.findByText(messages.imageUnsupported)).toBeInTheDocument();
    await fillText(screen, user, validText);
    await user.click(screen.getByRole('button', { name: labels.saveProfile }));
    expect(await screen.findByText(messages.imageUnsupported)).toBeInTheDocument();
    expect(uploads).toBe(0);
  });

  it('uploads the photo, saves the profile, says so, shows My Profile and updates the navbar menu', async () => {
    session.current = meOf(customer);
    let uploaded: { size: number; head: number[] } | null = null;
    let saved: unknown;
    server.use(
      http.post('*/api/uploads', async ({ request }) => {
        // Node's fetch made this File, not jsdom's: check its bytes, not its class.
        const image = (await request.formData()).get('image');
        if (image !== null && typeof image !== 'string') uploaded = { size: image.size, head: [...new Uint8Array(await image.arrayBuffer())].slice(0, 4) };
        return HttpResponse.json({ url: '/uploads/abcdefabcdefabcdefabcdefabcdefab.png' }, { status: 201 });
      }),
      http.put('*/api/me/profile', async ({ request }) => {
        saved = await request.json();
        const profile: ProfileDto = { ...fullProfile, imageUrl: '/uploads/abcdefabcdefabcdefabcdefabcdefab.png', phone: '+15551234567' };
        session.current = { user: customer, profile };
        return HttpResponse.json(profile);
      }),
    );
    const { screen, user, history } = renderApp('/editProfile');
    await fillText(screen, user, validText);
    await user.upload(await screen.findByLabelText('Photo'), pngFile(2048));
    await user.click(screen.getByRole('button', { name: labels.saveProfile }));
    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: labels.myProfile })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/dashboard/myProfile');
    expect(uploaded).toEqual({ size: 2048, head: [0x89, 0x50, 0x4e, 0x47] });
    expect(saved).toEqual({
      imageUrl: '/uploads/abcdefabcdefabcdefabcdefabcdefab.png',
      address: validText.Address,
      phone: validText.Phone,
      companyName: validText['Company name'],
      jobTitle: validText['Job title'],
      taxNumber: validText['Tax/VAT number'],
      education: validText.Education,
      linkedin: validText.Linkedin,
      facebook: validText.Facebook,
    });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('+15551234567');
    expect(within(menu).getByRole('menuitem', { name: labels.myProfile })).toBeInTheDocument();
  });

  it('shows the progress while uploading and keeps the button disabled', async () => {
    session.current = meOf(customer);
    let release: () => void = () => {};
    const uploadGate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/uploads', async () => {
        await uploadGate;
        return HttpResponse.json({ url: '/uploads/abcdefabcdefabcdefabcdefabcdefab.png' }, { status: 201 });
      }),
      http.put('*/api/me/profile', () => HttpResponse.json(fullProfile)),
    );
    const { screen, user } = renderApp('/editProfile');
    await fillText(screen, user, validText);
    await user.upload(await screen.findByLabelText('Photo'), pngFile());
    await user.click(screen.getByRole('button', { name: labels.saveProfile }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.uploadingImage);
    expect(screen.getByRole('button', { name: labels.saveProfile })).toBeDisabled();
    release();
    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
  });

  it('keeps the current photo when no new one is chosen', async () => {
    session.current = { user: customer, profile: fullProfile };
    let saved: { imageUrl?: string } = {};
    server.use(
      http.put('*/api/me/profile', async ({ request }) => {
        saved = (await request.json()) as { imageUrl?: string };
        return HttpResponse.json(fullProfile);
      }),
    );
    const { screen, user } = renderApp('/editProfile');
    expect(await screen.findByLabelText('Photo')).toHaveAccessibleDescription(`${labels.profileImageHint} ${labels.keepPhotoHint}`);
    await fillText(screen, user, { Education: 'MSc Hydraulics' });
    await user.click(screen.getByRole('button', { name: labels.saveProfile }));
    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(saved.imageUrl).toBe(fullProfile.imageUrl);
  });

  it("shows the server's refusals under the fields they concern", async () => {
    session.current = { user: customer, profile: fullProfile };
    server.use(
      http.put('*/api/me/profile', () =>
        refusal(400, 'VALIDATION_FAILED', messages.phoneNotDigits, { phone: messages.phoneNotDigits }),
      ),
    );
    const { screen, user, history } = renderApp('/editProfile');
    await user.click(await screen.findByRole('button', { name: labels.saveProfile }));
    await screen.findAllByText(messages.phoneNotDigits);
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(messages.phoneNotDigits);
    expect(history.location.pathname).toBe('/editProfile');
  });

  it('asks for company, job title and tax/VAT number up front and keeps education and the links under "More about you"', async () => {
    session.current = meOf(customer);
    const { screen } = renderApp('/editProfile');
    expect(await screen.findByLabelText('Company name')).toHaveAttribute('autocomplete', 'organization');
    expect(screen.getByLabelText('Job title')).toHaveAttribute('autocomplete', 'organization-title');
    expect(screen.getByLabelText('Tax/VAT number')).toHaveAccessibleDescription(labels.taxNumberHint);
    const more = screen.getByText(labels.moreAboutYou).closest('details')!;
    // Nothing filled in there yet: closed, its three fields inside it and none of the new ones.
    expect(more).not.toHaveAttribute('open');
    for (const label of ['Education', 'Linkedin', 'Facebook']) expect(more).toContainElement(screen.getByLabelText(label));
    for (const label of ['Company name', 'Job title', 'Tax/VAT number']) expect(more).not.toContainElement(screen.getByLabelText(label));
  });

  it('opens "More about you" when one of its fields is filled in or refused', async () => {
    session.current = { user: customer, profile: fullProfile };
    const first = renderApp('/editProfile');
    expect((await first.screen.findByText(labels.moreAboutYou)).closest('details')).toHaveAttribute('open');
    first.unmount();

    session.current = { user: customer, profile: { ...fullProfile, education: '', linkedin: '', facebook: '' } };
    server.use(
      http.put('*/api/me/profile', () => refusal(400, 'VALIDATION_FAILED', messages.urlInvalid, { linkedin: messages.urlInvalid })),
    );
    const { screen, user } = renderApp('/editProfile');
    const more = (await screen.findByText(labels.moreAboutYou)).closest('details')!;
    expect(more).not.toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: labels.saveProfile }));
    await screen.findAllByText(messages.urlInvalid);
    expect(more).toHaveAttribute('open');
    expect(screen.getByLabelText('Linkedin')).toHaveAccessibleDescription(messages.urlInvalid);
  });

  it('refuses a tax/VAT number with other characters or over 40 characters, and sends nothing', async () => {
    session.current = { user: customer, profile: fullProfile };
    let called = false;
    server.use(
      http.put('*/api/me/profile', () => {
        called = true;
        return HttpResponse.json(fullProfile);
      }),
    );
    const { screen, user } = renderApp('/editProfile');
    await fillText(screen, user, { 'Tax/VAT number': 'GB#123' });
    await user.click(screen.getByRole('button', { name: labels.saveProfile }));
    // The hint stays, the problem follows it.
    expect(await screen.findByLabelText('Tax/VAT number')).toHaveAccessibleDescription(`${labels.taxNumberHint} ${messages.taxNumberInvalid}`);
    await fillText(screen, user, { 'Tax/VAT number': '1'.repeat(41) });
    expect(screen.getByLabelText('Tax/VAT number')).toHaveAccessibleDescription(`${labels.taxNumberHint} ${messages.tooLong(40)}`);
    expect(called).toBe(false);
  });

  it('puts an upload refusal under the photo', async () => {
    session.current = meOf(customer);
    server.use(http.post('*/api/uploads', () => refusal(413, 'PAYLOAD_TOO_LARGE', messages.imageTooLarge)));
    const { screen, user } = renderApp('/editProfile');
    await fillText(screen, user, validText);
    await user.upload(await screen.findByLabelText('Photo'), pngFile());
    await user.click(screen.getByRole('button', { name: labels.saveProfile }));
    await screen.findAllByText(messages.imageTooLarge);
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription(`${labels.profileImageHint} ${messages.imageTooLarge}`);
    expect(screen.getByRole('button', { name: labels.saveProfile })).toBeEnabled();
  });
});
