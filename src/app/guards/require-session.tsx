import { Navigate, Outlet } from 'react-router-dom';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/** Keeps signed-in pages closed the moment the session ends (logout, a 401 answer). */
export function RequireSession() {
  const signedIn = useAppStore((state) => state.user !== null);
  return signedIn ? <Outlet /> : <Navigate to={href('login')} replace />;
}
