import { describe, expect, it } from 'vitest';
import { knownCarrier, trackingUrl } from './tracking-link.ts';

describe('trackingUrl', () => {
  it.each([
    ['UPS', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['FedEx', '449044304137821', 'https://www.fedex.com/fedextrack/?trknbr=449044304137821'],
    ['DHL Express', '1234567890', 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=1234567890'],
    ['USPS', '9400 1000 0000 0000 0000 00', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000'],
    ['dpd', '01234567890123', 'https://tracking.dpd.de/status/en_US/parcel/01234567890123'],
    ['GLS', 'ZX12-AB34', 'https://gls-group.com/track/ZX12AB34'],
    ['Royal Mail', 'AB123456789GB', 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB'],
  ])('links %s to its own tracking page', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it('reads a carrier however the admin typed it', () => {
    expect([knownCarrier('royal mail'), knownCarrier('ROYAL-MAIL'), knownCarrier('Fedex Ground'), knownCarrier('Federal Express'), knownCarrier(' ups ')]).toEqual([
      'royal-mail',
      'royal-mail',
      'fedex',
      'fedex',
      'ups',
    ]);
  });

  it('gives no link for a carrier it does not know, no carrier or no number', () => {
    expect(trackingUrl('Bob’s Trucking', '12345')).toBeNull();
    expect(trackingUrl(null, '1Z999AA10123456784')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
    expect(trackingUrl('UPS', '  ')).toBeNull();
  });

  it('encodes what a URL would read as its own', () => {
    expect(trackingUrl('UPS', 'A/B?C#D')).toBe('https://www.ups.com/track?tracknum=A%2FB%3FC%23D');
  });
});
