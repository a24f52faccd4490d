import Box from '@mui/material/Box';
import { Suspense, type ReactNode } from 'react';
import { Loading, SkipNavigationButton } from 'react-admin';
import { CONTENT_MAX_WIDTH_PX } from '../../domain/limits';
import { Breadcrumbs } from './Breadcrumbs';
import { DocumentTitle } from './DocumentTitle';
import { FocoAoNavegar } from './FocoAoNavegar';
import { BreadcrumbLabelProvider } from '../components/breadcrumbLabel';
import { PageErrorBoundary } from '../pages/errors/PageErrorBoundary';
import { MenuTour } from './MenuTour';
import { PortalAppBar } from './PortalAppBar';
import { UserLanguageSync } from './UserLanguageSync';
import { WelcomeNotice } from './WelcomeNotice';

export interface LayoutProps {
  children: ReactNode;
  /** The theme's logo for the top bar (the client's brand image, when configured, wins). */
  logo?: ReactNode;
  /** The bell with its panel (notifications feature); a placeholder bell otherwise. */
  notifications?: ReactNode;
}

/**
 * The signed-in pages' frame: top bar, breadcrumbs, the content (at most 1440 px wide, centred),
 * the welcome notice and the menu tour. Public pages are `noLayout` routes and never get it.
 *
 * react-admin's <Layout> frame, without what the portal does not use (its sidebar and default
 * menu, its default app bar with user menu and theme toggle, the preferences inspector, which
 * all came with the first page): skip link, bar, then the content in an error boundary (the Ops
 * page) and Suspense, with the same class names (RaLayout-appFrame, RaLayout-content, #main-content).
 */
export function Layout({ children, logo, notifications }: LayoutProps) {
  return (
    <BreadcrumbLabelProvider>
      <Box
        className="layout RaLayout-root"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          minHeight: '100vh',
          bgcolor: 'background.default',
          position: 'relative',
          zIndex: 1,
          width: '100%',
          // A wide table scrolls on its own, not the page sideways.
          minWidth: 0,
        }}
      >
        <SkipNavigationButton />
        <Box className="RaLayout-appFrame" sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
          <PortalAppBar logo={logo} notifications={notifications} />
          <Box component="main" className="RaLayout-contentWithSidebar" sx={{ display: 'flex', flexGrow: 1 }}>
            <Box
              id="main-content"
              className="RaLayout-content"
              sx={{
                bgcolor: 'background.default',
                zIndex: 2,
                display: 'flex',
                flexDirection: 'column',
                flexGrow: 1,
                flexBasis: 0,
                minWidth: 0,
                px: 1,
              }}
            >
              {/* A render error the page's own boundary (routing/routeElements) did not catch: the Ops page. */}
              <PageErrorBoundary>
                <UserLanguageSync />
                <DocumentTitle />
                <FocoAoNavegar />
                <Box sx={{ width: '100%', maxWidth: CONTENT_MAX_WIDTH_PX, mx: 'auto', px: { xs: 0, sm: 1 }, pb: 3 }}>
                  <WelcomeNotice />
                  <Breadcrumbs />
                  <Suspense fallback={<Loading />}>{children}</Suspense>
                </Box>
                <MenuTour />
              </PageErrorBoundary>
            </Box>
          </Box>
        </Box>
      </Box>
    </BreadcrumbLabelProvider>
  );
}
