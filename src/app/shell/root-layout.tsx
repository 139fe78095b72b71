import { Box, Container } from '@mantine/core';
import { memo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { matchesPath } from '@/lib/paths';
import { useNavigationRules } from '../guards/use-navigation-rules';
import { useSessionKeeper } from '../session/use-session-keeper';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { BusySpinner } from './busy-spinner';
import { DialogHost } from './dialog-host';
import { Footer } from './footer';
import { Header } from './header';
import { ImpersonationNotice } from './impersonation-notice';
import { ToastHost } from './toast-host';
import { UpdateBanner } from './update-banner';
import { useDocumentTitle } from './use-document-title';
import { useDisplayTimeZone } from './use-display-time-zone';
import { usePendingNotice } from './use-pending-notice';

const border = '1px solid var(--mantine-color-default-border)';

/*
 * The shell's parts that depend on neither the route nor its state: a navigation re-renders the
 * layout (its hooks read the router's state) but not them (a scan's screen comes sooner).
 */
const StillFooter = memo(Footer);
const StillUpdateBanner = memo(UpdateBanner);
const StillImpersonationNotice = memo(ImpersonationNotice);
const StillDialogHost = memo(DialogHost);
const StillToastHost = memo(ToastHost);

/** The shell around every page (spec §2 Shell): a plain sticky header, the page, the footer. */
export function RootLayout() {
  useNavigationRules();
  useSessionKeeper();
  useDocumentTitle();
  usePendingNotice();
  const { zone: timeZone, settled } = useDisplayTimeZone();
  const onLogin = matchesPath(useLocation().pathname, ['login']);

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        h={60}
        bg="var(--mantine-color-body)"
        style={{ position: 'sticky', top: 0, zIndex: 100, borderBottom: border }}
      >
        <Header onLogin={onLogin} />
      </Box>
      <StillUpdateBanner />
      <StillImpersonationNotice />
      <Box component="main" style={{ flex: 1 }}>
        <Container size="lg" py="md">
          <AppBreadcrumbs />
          {settled && <Outlet />}
        </Container>
      </Box>
      <Box component="footer" h={36} style={{ borderTop: border }}>
        <StillFooter timeZone={timeZone} />
      </Box>
      <BusySpinner />
      <StillDialogHost />
      <StillToastHost />
    </Box>
  );
}
