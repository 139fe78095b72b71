import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { readDeviceSession } from '@/lib/device-session';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/**
 * Keeps signed-in pages closed the moment the session ends (logout, a 401 answer), and a
 * session restored from the floor-device session once that has ended.
 */
export function RequireSession() {
  const signedIn = useAppStore((state) => state.user !== null);
  const floorOnly = useAppStore((state) => state.floorOnly);
  const { pathname } = useLocation();
  useEffect(() => {
    if (floorOnly && !readDeviceSession()) useAppStore.getState().clearSession();
  }, [floorOnly, pathname]);
  return signedIn ? <Outlet /> : <Navigate to={href('login')} replace />;
}
