import { useMatches } from 'react-router';
import { UnderConstructionPage } from '../components/under-construction-page';
import type { ScreenMeta } from './screens';

/** The route element of every screen not built yet: it reads its title from the route's handle. */
export function UnderConstructionRoute() {
  const matches = useMatches();
  const meta = matches.at(-1)?.handle as ScreenMeta | undefined;
  return (
    <UnderConstructionPage
      title={meta?.title ?? 'En construcción'}
      breadcrumb={meta?.breadcrumb ?? 'Inicio'}
    />
  );
}

export default UnderConstructionRoute;
