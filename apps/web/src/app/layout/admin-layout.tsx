import { AppShell, Box, Drawer } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { APP_TITLE } from '@panel/shared';
import { useCallback, useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { setMfaSetupRequiredHandler } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';
import { useBusinessTimeZone } from '../../lib/dates/time-zone';
import { canOpen } from '../../lib/permissions';
import { ForbiddenPage } from '../forbidden-page';
import classes from './admin-layout.module.css';
import { rememberSearch } from './remembered-search';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useSignOut } from './use-sign-out';

export const MENU_COLLAPSED_KEY = 'panel-menu-collapsed';

/**
 * From the phone width (768 px, where the menu is a drawer) up to 1024 px the menu shows its icons
 * only, so a tablet keeps room for the screen (at 768 px an open menu left about 450 px: card titles
 * broke letter by letter). Its button opens it there for the visit, without changing the choice kept
 * for wider windows (issue 28, item 14).
 */
export const TABLET_QUERY = '(min-width: 48em) and (max-width: 63.99em)';

/** Keeps the stored user fresh from GET /api/me; a 401 there ends the session (api client). */
function useFreshUser() {
  const { data } = useMe();
  const setUser = useAuthStore((s) => s.setUser);
  const signOut = useSignOut();
  useEffect(() => {
    if (!data) return;
    if (data.role === 'seller') signOut();
    else setUser(data);
  }, [data, setUser, signOut]);
}

/**
 * MFA_REQUIRED: a panel call answered 403 `mfa_setup_required` takes the person to "Mi cuenta", where
 * "Verificación en dos pasos" is set up (the only screen whose calls still answer).
 */
function useMfaSetupRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setMfaSetupRequiredHandler(() => {
      if (window.location.pathname !== '/account') navigate('/account', { replace: true });
    });
    return () => setMfaSetupRequiredHandler(() => {});
  }, [navigate]);
}

function useDocumentTitle() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}

/** The shared admin layout (docs/product.md#layout): side menu, top bar and the screen in <main>. */
export function AdminLayout() {
  const [collapsed, setCollapsed] = useLocalStorage({
    key: MENU_COLLAPSED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const tablet = useMediaQuery(TABLET_QUERY, false, { getInitialValueInEffect: false });
  const [tabletOpen, tabletMenu] = useDisclosure(false);
  const iconsOnly = tablet ? !tabletOpen : collapsed;
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const allowed = useAuthStore((s) => canOpen(s.user, pathname));
  useFreshUser();
  useMfaSetupRedirect();
  useDocumentTitle();
  // Every date on a screen is in the business time zone: when the server names another one than
  // this browser last knew (the first visit, or APP_TIMEZONE changed), the screen is drawn again.
  const timeZone = useBusinessTimeZone();
  // Stable, so the memoized top bar and menu skip a list's page, sort and filter changes.
  const toggleStored = useCallback(() => setCollapsed((c) => !c), [setCollapsed]);
  const toggleCollapsed = tablet ? tabletMenu.toggle : toggleStored;
  const toggleDrawer = drawer.toggle;

  // Each screen's last query, for the menu to bring the admin back to it as they left it.
  useEffect(() => rememberSearch(pathname, search), [pathname, search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the phone's drawer and the tablet's open menu on every navigation.
  useEffect(() => {
    drawer.close();
    tabletMenu.close();
  }, [pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: iconsOnly ? 72 : 264, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <TopBar
          collapsed={iconsOnly}
          onToggleCollapsed={toggleCollapsed}
          drawerOpened={drawerOpened}
          onOpenDrawer={toggleDrawer}
        />
      </AppShell.Header>

      <AppShell.Navbar visibleFrom="sm" aria-label="Menú principal">
        <SideMenu collapsed={iconsOnly} pathname={pathname} />
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size={288}
        title={APP_TITLE}
        hiddenFrom="sm"
        closeButtonProps={{ 'aria-label': 'Cerrar menú' }}
        styles={{ body: { padding: 0, height: 'calc(100% - 60px)' } }}
      >
        <Box component="nav" aria-label="Menú principal" h="100%">
          <SideMenu collapsed={false} pathname={pathname} />
        </Box>
      </Drawer>

      <AppShell.Main className={classes.main}>
        {navigation.state === 'loading' && <div className={classes.progress} aria-hidden />}
        <div className={classes.content}>
          {/* A screen of another role, typed or bookmarked: the refusal, not a screen of 403s. */}
          {allowed ? <Outlet key={timeZone} /> : <ForbiddenPage />}
        </div>
      </AppShell.Main>
    </AppShell>
  );
}

export default AdminLayout;
