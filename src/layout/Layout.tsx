import Box from '@mui/material/Box';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { Layout as RaLayout, type ErrorProps } from 'react-admin';
import { CONTENT_MAX_WIDTH_PX } from '../../domain/limits';
import { Breadcrumbs } from './Breadcrumbs';
import { DocumentTitle } from './DocumentTitle';
import { BreadcrumbLabelProvider } from '../components/breadcrumbLabel';
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
  /** Shown instead of the page when it fails to render (react-admin's error boundary). */
  error?: ComponentType<ErrorProps>;
}

const BarSlots = createContext<Pick<LayoutProps, 'logo' | 'notifications'>>({});

// react-admin takes the bar as a component type: its props come through a context, so a new logo
// element does not remount the bar.
function AppBarSlot() {
  const { logo, notifications } = useContext(BarSlots);
  return <PortalAppBar logo={logo} notifications={notifications} />;
}

/** The menu lives in the top bar's dropdown: no sidebar. */
const NoSidebar = () => null;

/**
 * The signed-in pages' frame: top bar, breadcrumbs, the content (at most 1440 px wide, centred),
 * the welcome notice and the menu tour. Public pages are `noLayout` routes and never get it.
 */
export function Layout({ children, logo, notifications, error }: LayoutProps) {
  return (
    <BarSlots.Provider value={{ logo, notifications }}>
      <BreadcrumbLabelProvider>
        <RaLayout
          appBar={AppBarSlot}
          sidebar={NoSidebar}
          error={error}
          sx={{
            // The bar is sticky, not fixed: no room to keep for it above the content.
            '& .RaLayout-appFrame': { mt: 0 },
            // react-admin's frame grows to its widest child (`fit-content`, and flex items' `auto`):
            // a wide table would then scroll the page sideways instead of scrolling on its own.
            minWidth: 0,
            '& .RaLayout-content': { minWidth: 0 },
          }}
        >
          <UserLanguageSync />
          <DocumentTitle />
          <Box sx={{ width: '100%', maxWidth: CONTENT_MAX_WIDTH_PX, mx: 'auto', px: { xs: 0, sm: 1 }, pb: 3 }}>
            <WelcomeNotice />
            <Breadcrumbs />
            {children}
          </Box>
          <MenuTour />
        </RaLayout>
      </BreadcrumbLabelProvider>
    </BarSlots.Provider>
  );
}
