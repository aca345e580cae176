import { useQuery } from '@tanstack/react-query';
import type { MeDto } from '#http/dto.ts';
import { sessionQuery } from './queries.ts';

/** The signed-in user and profile, or null; undefined only while the first check runs. */
export const useSession = (): MeDto | null | undefined => useQuery(sessionQuery).data;

export const isAdmin = (session: MeDto | null | undefined) => session?.user.role === 'admin';
