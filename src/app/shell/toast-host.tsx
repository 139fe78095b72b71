import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { loadChunk } from '../lazy-route';

// The toast container loads with the first toast: /login does not pay for it.
// Offline with the chunk not cached (no service worker yet), the page goes on without toasts.
const Toasts = lazy<ComponentType>(() =>
  loadChunk(() => import('./toasts')).then(
    (m) => ({ default: m.Toasts }),
    () => ({ default: () => null }),
  ),
);

/** Renders the toasts queued through lib/notify (top right, spec §2 Shell). */
export function ToastHost() {
  const queued = useNotifications().notifications.length > 0;
  // Once there, the container stays, so that closing toasts can animate out.
  const [needed, setNeeded] = useState(queued);
  if (queued && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
