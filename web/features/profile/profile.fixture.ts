/** A complete profile typed as the API's ProfileDto (http/dto.ts), for this feature's tests. */
import type { ProfileDto } from '#http/dto.ts';
import { customer } from '../../test/fixtures.ts';

export const fullProfile: ProfileDto = {
  name: customer.name,
  email: customer.email,
  imageUrl: '/uploads/0123456789abcdef0123456789abcdef.png',
  phone: '5551234567',
  education: 'BSc Mechanical Engineering',
  linkedin: 'https://www.linkedin.com/in/bea-buyer',
  facebook: 'https://www.facebook.com/bea.buyer',
  address: '1 Dock Road, Springfield',
  companyName: 'Springfield Roofing LLC',
  jobTitle: 'Site buyer',
  taxNumber: '12-3456789',
};
