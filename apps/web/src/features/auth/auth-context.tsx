import { AUTH_INIT_TIMEOUT_MS, type Me } from '@royal/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/lib/paths';
import { queryKeys, VISITOR_QUERY_ROOTS } from '@/lib/query-keys';
import { meQueryOptions } from './api/me';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

type AuthContextValue = {
  status: AuthStatus;
  me: Me | null;
  /** Forget the session locally and send the member-area guard to `redirectTo` (default /signin). */
  endSession: (redirectTo?: string) => void;
  /** Where the member-area guard sends a signed-out visitor. */
  signedOutPath: () => string;
  /** Called on every location change, so a one-off sign-out destination is used only once. */
  arrivedAt: (pathname: string) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Reads the session once at start-up and shows the loading screen until it answers, so the page the
 * visitor asked for is kept: a slow answer must not send a member to the sign-in screen and back
 * (docs/decisions/006). After AUTH_INIT_TIMEOUT_MS the loading screen says it is still connecting
 * and offers Try Again. An error counts as signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const [timedOut, setTimedOut] = useState(false);
  const exitPath = useRef<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), AUTH_INIT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  let status: AuthStatus;
  if (me.data) status = 'signed-in';
  else if (me.data === null || me.isError) status = 'signed-out';
  else status = 'loading';

  // Once signed out, drop every member query so nothing of the previous member stays in memory.
  // This runs after the guard has unmounted the member screens, so nothing refetches. A visitor's
  // own reads stay: their page is still on screen and waiting for them.
  useEffect(() => {
    if (status !== 'signed-out') return;
    queryClient.removeQueries({ predicate: (query) => !VISITOR_QUERY_ROOTS.has(query.queryKey[0]) });
  }, [status, queryClient]);

  const endSession = useCallback(
    (redirectTo: string = paths.signIn) => {
      exitPath.current = redirectTo;
      queryClient.setQueryData(queryKeys.me, null);
    },
    [queryClient],
  );
  const signedOutPath = useCallback(() => exitPath.current ?? paths.signIn, []);
  const arrivedAt = useCallback((pathname: string) => {
    if (exitPath.current === pathname) exitPath.current = null;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status, me: me.data ?? null, endSession, signedOutPath, arrivedAt }),
    [status, me.data, endSession, signedOutPath, arrivedAt],
  );

  const retry = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: queryKeys.me });
  }, [queryClient]);

  return (
    <AuthContext value={value}>
      {status === 'loading' ? <LoadingScreen slow={timedOut} onRetry={retry} /> : children}
    </AuthContext>
  );
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

/** The signed-in member, for screens inside the member area (the guard guarantees one). */
export function useCurrentMember(): Me {
  const { me } = useAuth();
  if (!me) throw new Error('useCurrentMember must be used inside the member area');
  return me;
}
