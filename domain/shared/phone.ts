/**
 * Phone numbers are typed with spaces, dashes, dots, brackets and a leading +; we keep the
 * digits (and the +) so that "+1 (555) 010-2030" and "+15550102030" are the same number.
 */
export const normalizePhone = (input: string): string | null => {
  const compact = input.trim().replace(/[\s\-().]/g, '');
  return /^\+?\d{6,20}$/.test(compact) ? compact : null;
};
