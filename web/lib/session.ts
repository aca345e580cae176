import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { MeDto } from '#http/dto.ts';
import { sessionQuery } from './queries.ts';

const neverChanges = () => () => undefined;

/**
 * false while React renders on the server or hydrates what the server sent, true from then on (and
 * always in the SPA shell, which is never hydrated): React reads the server snapshot while hydrating.
 */
export const useHydrated = () => useSyncExternalStore(neverChanges, () => true, () => false);

/**
 * The signed-in user and profile, or null; undefined while the first check runs. A page the server
 * rendered never knows who is signed in (docs/storefront.md, "How a page is served"), so while the
 * browser hydrates it the session is unknown too, even when /api/me has already answered (a route's
 * code arriving late lets it): the first render in the browser matches the server's, and what is
 * personal fills in right after.
 */
const useSessionInBrowser = (): MeDto | null | undefined => {
  const { data } = useQuery(sessionQuery);
  return useHydrated() ? data : undefined;
};

/**
 * Rendering on the server (there is no window there, and never one later): the session is unknown
 * for the whole render, so no query observer is made for it. A catalogue page asks three times per
 * product card (its price, its row's cart, its Add), and those observers were a tenth of the
 * render (docs/storefront.md, "Measured").
 */
export const RENDERING_ON_SERVER = typeof window === 'undefined';

export const useSession: () => MeDto | null | undefined = RENDERING_ON_SERVER ? () => undefined : useSessionInBrowser;

export const isAdmin = (session: MeDto | null | undefined) => session?.user.role === 'admin';
