/**
 * The cart's data (docs/orders.md, "Orders, cart, quick order"), here in lib/ because the cart page, the
 * product page's Add to cart, Order again and the navbar's cart link all read it. A signed-in buyer's cart lives on the server
 * (`GET/PUT /api/cart`) and follows them to another device; a visitor's lives in this browser and
 * is merged into the account at sign-in. Both are read as the same `CartDto`: the visitor's is
 * priced by the domain's own `priceCart`, from the products' public pages, in lib/cart-view.ts:
 * the pages that show the lines load that pricing and its words; the navbar's count and an Add to
 * cart need neither, so they stay out of every page's first load (docs/storefront.md,
 * "First-load JavaScript").
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { MAX_ORDER_LINES } from '#domain/ordering/order-lines-request.ts';
import type { CartDto } from '#http/dto.ts';
import { ApiError, request } from './api.ts';
import { keyRoots } from './queries.ts';
import { isAdmin, RENDERING_ON_SERVER, useSession } from './session.ts';

/** One line of a cart or an order: a product and how many. */
export interface CartLineInput {
  productId: string;
  quantity: number;
}

export const cartQuery = queryOptions({ queryKey: [keyRoots.cart, 'mine'] as const, queryFn: () => request<CartDto>('/api/cart', { signedIn: true }) });

const saveCart = (lines: readonly CartLineInput[]) => request<CartDto>('/api/cart', { method: 'PUT', body: { lines }, signedIn: true });

// ---- the visitor's cart, in localStorage

const STORAGE_KEY = 'bulkhead.cart';
const listeners = new Set<() => void>();
let cachedText: string | null | undefined;
let cachedLines: CartLineInput[] = [];

const isLine = (value: unknown): value is CartLineInput =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CartLineInput).productId === 'string' &&
  Number.isSafeInteger((value as CartLineInput).quantity) &&
  (value as CartLineInput).quantity > 0;

/** What this browser holds; anything unreadable (an old format, a hand edit) counts as empty. */
const readBrowserCart = (): CartLineInput[] => {
  const text = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null;
  if (text === cachedText) return cachedLines;
  cachedText = text;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    cachedLines = Array.isArray(parsed) ? parsed.filter(isLine).slice(0, MAX_ORDER_LINES) : [];
  } catch {
    cachedLines = [];
  }
  return cachedLines;
};

const writeBrowserCart = (lines: readonly CartLineInput[]) => {
  if (lines.length === 0) globalThis.localStorage?.removeItem(STORAGE_KEY);
  else globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(lines));
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
};

const EMPTY: CartLineInput[] = [];
export const useBrowserCart = () => useSyncExternalStore(subscribe, readBrowserCart, () => EMPTY);

/** A whole number of units, 1 or more: all the cart asks (its advice says the rest, docs/orders.md, "Orders, cart, quick order"). */
export const wholeUnits = (text: string): number | null => (/^\d{1,9}$/.test(text.trim()) && Number(text.trim()) >= 1 ? Number(text.trim()) : null);

/** Lines of `extra` added to `lines`: quantities of a product already there are summed. */
export const addLines = (lines: readonly CartLineInput[], extra: readonly CartLineInput[]): CartLineInput[] => {
  const merged = new Map(lines.map((line) => [line.productId, line.quantity]));
  for (const line of extra) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity })).slice(0, MAX_ORDER_LINES);
};

export interface CartActions {
  /** Lines in the cart, for the navbar's count (0 while it loads). */
  count: number;
  signedIn: boolean;
  /** The cart is known: a visitor's at once, a buyer's once the server has answered (never for an admin, who does not buy). */
  ready: boolean;
  /** Replaces every line; the server's refusal (field messages by line) is thrown. */
  save: (lines: readonly CartLineInput[]) => Promise<void>;
  /** Adds lines (a product already in the cart gets the quantities summed). */
  add: (lines: readonly CartLineInput[]) => Promise<void>;
  saving: boolean;
}

const toInputs = (view: CartDto | null | undefined): CartLineInput[] =>
  (view?.lines ?? []).map(({ productId, quantity }) => ({ productId, quantity }));

/** The cart of whoever uses this browser now, the account's or the visitor's own, without its priced lines (lib/cart-view.ts has those). */
export const useCartActions: () => CartActions = RENDERING_ON_SERVER ? () => CART_WHILE_SESSION_UNKNOWN : useCartActionsInBrowser;

/**
 * What useCartActionsInBrowser answers while the session is unknown, as it always is on the server
 * (lib/session.ts): no count yet, not ready, and nothing is ever saved during a server render. One
 * object for every card, instead of a query and a mutation observer each.
 */
const CART_WHILE_SESSION_UNKNOWN: CartActions = {
  count: 0,
  signedIn: false,
  ready: false,
  save: () => Promise.reject(new Error('the cart is not saved during a server render')),
  add: () => Promise.reject(new Error('the cart is not saved during a server render')),
  saving: false,
};

function useCartActionsInBrowser(): CartActions {
  const session = useSession();
  const queryClient = useQueryClient();
  const buyer = Boolean(session) && !isAdmin(session);
  const server = useQuery({ ...cartQuery, enabled: buyer });
  const browserLines = useBrowserCart();
  const saving = useMutation({
    mutationFn: async (lines: readonly CartLineInput[]) => {
      if (!buyer) return void writeBrowserCart(lines);
      queryClient.setQueryData(cartQuery.queryKey, await saveCart(lines));
    },
  });

  const { mutateAsync } = saving;
  const save = useCallback((lines: readonly CartLineInput[]) => mutateAsync(lines), [mutateAsync]);
  const current = buyer ? toInputs(server.data) : browserLines;
  return {
    ready: buyer ? server.data != null : session === null,
    count: buyer ? (server.data?.lineCount ?? 0) : session === null ? browserLines.length : 0,
    signedIn: buyer,
    save,
    add: (lines) => save(addLines(current, lines)),
    saving: saving.isPending,
  };
}

/**
 * At sign-in the visitor's cart joins the account's (quantities of a product in both are added),
 * then this browser forgets it. If the server refuses (a product since deleted), the lines it
 * knows are kept and the browser's stay for the next try.
 */
export function useMergeBrowserCartAtSignIn() {
  const session = useSession();
  const queryClient = useQueryClient();
  const browserLines = useBrowserCart();
  const buyer = Boolean(session) && !isAdmin(session);
  useEffect(() => {
    if (!buyer || browserLines.length === 0) return;
    let cancelled = false;
    void (async () => {
      const account = await queryClient.fetchQuery(cartQuery);
      if (cancelled) return;
      const merged = addLines(toInputs(account), browserLines);
      const saved = await saveCart(merged).catch((error: unknown) => {
        // Products deleted since the visitor chose them are named by line: merge without them.
        const gone = new Set(Object.keys(error instanceof ApiError ? error.fields : {}).flatMap((field) => /^lines\.(\d+)\.productId$/.exec(field)?.[1] ?? []).map(Number));
        if (gone.size === 0) throw error;
        return saveCart(merged.filter((_, index) => !gone.has(index)));
      });
      queryClient.setQueryData(cartQuery.queryKey, saved);
      writeBrowserCart([]);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [buyer, browserLines, queryClient]);
}

/** After an order, the server has emptied the cart of the lines ordered: read it again. */
export const refreshCartAfterOrder = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: [keyRoots.cart] });
