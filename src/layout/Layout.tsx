import type { ReactNode } from 'react';
import { AppBar, Layout as RaLayout, LoadingIndicator } from 'react-admin';
import { UserLanguageSync } from './UserLanguageSync';

// react-admin's default bar, minus its language menu: the language is the user's and is changed
// through `mudarLinguaUsuario` (home page). The app shell issue replaces this bar.
const PortalAppBar = () => <AppBar toolbar={<LoadingIndicator />} />;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={PortalAppBar}>
      <UserLanguageSync />
      {children}
    </RaLayout>
  );
}
