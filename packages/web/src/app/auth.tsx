import type { User } from '@mapsmith/core/browser';
import { useRouterState } from '@tanstack/react-router';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useApi } from './use-api';

/** The current user is re-read at most once per 5 s (spec §9). */
export const USER_REFETCH_THROTTLE_MS = 5000;

/** Whether someone is signed in, once the session has been read. */
export type KnownAuthStatus = 'signed-in' | 'signed-out';

/** Authentication state (spec §4: loading, then signed in or signed out). */
export interface AuthState {
  status: 'loading' | KnownAuthStatus;
  user: User | null;
  /** Re-reads the current user; throttled unless `force` (after login, register, payment). */
  refresh(force?: boolean): Promise<void>;
  /**
   * The status once known: waits for the session read in flight, so an action taken while the
   * page is still loading is judged on the real session, not on "loading".
   */
  settled(): Promise<KnownAuthStatus>;
  /** Sets the user a login call returned. */
  setUser(user: User | null): void;
}

const AuthContext = createContext<AuthState | null>(null);

/** The auth state; must be inside `AuthProvider`. */
export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}

/** Loads the current user at start and keeps it for every screen. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const [user, setUserState] = useState<User | null>(null);
  const [status, setStatus] = useState<AuthState['status']>('loading');
  const lastFetch = useRef(0);
  const known = useRef<KnownAuthStatus | null>(null);
  const reading = useRef<Promise<KnownAuthStatus> | null>(null);
  const apply = useCallback((next: User | null): KnownAuthStatus => {
    const nextStatus = next ? 'signed-in' : 'signed-out';
    known.current = nextStatus;
    setUserState(next);
    setStatus(nextStatus);
    return nextStatus;
  }, []);
  const refresh = useCallback(
    async (force = false) => {
      const now = Date.now();
      if (!force && now - lastFetch.current < USER_REFETCH_THROTTLE_MS) return;
      lastFetch.current = now;
      const read = api.call('user.get', {}).then(
        (next) => apply(next),
        // A 401 (or any failure to read the session) means nobody is signed in (spec §7).
        () => apply(null),
      );
      reading.current = read;
      await read;
      if (reading.current === read) reading.current = null;
    },
    [api, apply],
  );
  const settled = useCallback(async (): Promise<KnownAuthStatus> => {
    if (known.current && !reading.current) return known.current;
    if (!reading.current) await refresh(true);
    return reading.current ?? known.current ?? 'signed-out';
  }, [refresh]);
  const setUser = useCallback((next: User | null) => void apply(next), [apply]);
  // Re-read the session on navigation (a sign-out in another tab shows up), throttled to 5 s.
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  useEffect(() => {
    if (pathname) void refresh();
  }, [refresh, pathname]);
  const value = useMemo(
    () => ({ status, user, refresh, settled, setUser }),
    [status, user, refresh, settled, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
