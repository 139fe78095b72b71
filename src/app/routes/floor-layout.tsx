import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router-dom';
import type { AudienceKey } from '@shared/audiences';
import { FloorScreensFrame } from '@/features/floor/components/floor-frame';
import { routeLabel, type RouteHandle } from '../route-handle';
import { DashboardHead } from './dashboard/audience-dashboard';

/** The dashboard's head does not re-render with each navigation between the frame's screens. */
const StillDashboardHead = memo(DashboardHead);

/**
 * The layout of an audience's floor screens: one floor frame for all of them (one sync, one
 * read of its state, one status bar), kept mounted while staff move between the screens, so a
 * scan that opens the rider's screen mounts that screen and nothing else. The screen's heading
 * comes from its route; a route whose handle names `floorDashboard` is the audience's dashboard,
 * whose head shows above the frame instead. Once shown, that head stays mounted (hidden on the
 * other screens): going back and forth between the dashboard and a scan neither unmounts nor
 * mounts it again, nor its queries.
 */
export function FloorLayout() {
  const { t } = useTranslation('routes');
  const leaf = useMatches().at(-1);
  const dashboard = (leaf?.handle as RouteHandle | undefined)?.floorDashboard ?? null;
  const label = dashboard === null && leaf ? routeLabel(leaf) : null;
  const [kept, setKept] = useState<AudienceKey | null>(dashboard);
  // Set during render (React renders again at once, before committing): no extra pass.
  if (dashboard !== null && dashboard !== kept) setKept(dashboard);
  const head = kept && (
    <div style={{ display: dashboard === null ? 'none' : 'contents' }}>
      <StillDashboardHead audience={kept} />
    </div>
  );
  return (
    <FloorScreensFrame title={label === null ? undefined : t(label)} head={head}>
      <Outlet />
    </FloorScreensFrame>
  );
}
