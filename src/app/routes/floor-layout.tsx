import { Outlet } from 'react-router-dom';
import { FloorScope } from '@/features/floor/components/floor-frame';

/**
 * The layout of an audience's floor screens: their floor frames share one sync and one read
 * of its state, kept while staff move between the screens (a scan opens the rider's screen).
 */
export function FloorLayout() {
  return (
    <FloorScope>
      <Outlet />
    </FloorScope>
  );
}
