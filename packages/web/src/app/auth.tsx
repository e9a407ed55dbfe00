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

/** Authentication state (spec §4: loading, then signed in or signed out). */
export interface AuthState {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: User | null;
  /** Re-reads the current user; throttled unless `force` (after login, register, payment). */
  refresh(force?: boolean): Promise<void>;
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
  const refresh = useCallback(
    async (force = false) => {
      const now = Date.now();
      if (!force && now - lastFetch.current < USER_REFETCH_THROTTLE_MS) return;
      lastFetch.current = now;
      try {
        const next = await api.call('user.get', {});
        setUserState(next);
        setStatus('signed-in');
      } catch {
        // A 401 (or any failure to read the session) means nobody is signed in (spec §7).
        setUserState(null);
        setStatus('signed-out');
      }
    },
    [api],
  );
  const setUser = useCallback((next: User | null) => {
    setUserState(next);
    setStatus(next ? 'signed-in' : 'signed-out');
  }, []);
  // Re-read the session on navigation (a sign-out in another tab shows up), throttled to 5 s.
  const pathname = useRouterState({ select: (st) => st.location.pathname });
  useEffect(() => {
    if (pathname) void refresh();
  }, [refresh, pathname]);
  const value = useMemo(
    () => ({ status, user, refresh, setUser }),
    [status, user, refresh, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
