import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import { Link, useLocation, useTranslate } from 'react-admin';
import { matchRoute, routeById, routeTrail, type RouteDef } from '../../domain/routes';
import { useBreadcrumbLabelOverride } from '../components/breadcrumbLabel';
import { useIsNarrow } from './useIsNarrow';

const HOME = routeById('home');

/** An ancestor's path with the current route's parameters filled in; undefined if one is missing. */
function ancestorPath(route: RouteDef, params: Record<string, string>): string | undefined {
  let missing = false;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) missing = true;
    return encodeURIComponent(params[name] ?? '');
  });
  return missing ? undefined : path;
}

export interface BreadcrumbsProps {
  /** Replaces the last label (the route's title); a page may also set it with useBreadcrumbLabel. */
  lastLabel?: string;
}

/**
 * Home › … › current page, from the route table, with the crumbs the page adds before its own
 * (useBreadcrumbLabel); hidden under 640 px and on unknown paths.
 */
export function Breadcrumbs({ lastLabel }: BreadcrumbsProps) {
  const translate = useTranslate();
  const narrow = useIsNarrow();
  const { pathname } = useLocation();
  const override = useBreadcrumbLabelOverride();
  const match = matchRoute(pathname);

  if (narrow || !match || match.route.public) return null;

  const trail = routeTrail(match.route);
  if (trail[0].id !== HOME.id) trail.unshift(HOME);
  const last = trail.length - 1;

  return (
    <MuiBreadcrumbs
      aria-label={translate('shell.breadcrumbs')}
      separator={<NavigateNextIcon fontSize="small" />}
      sx={{ py: 1.5, displayPrint: 'none' }}
    >
      {trail.slice(0, last).map((route) => {
        const path = ancestorPath(route, match.params);
        return path ? (
          <Link key={route.id} to={path} underline="hover" color="inherit">
            {translate(`routes.${route.id}`)}
          </Link>
        ) : (
          <Typography key={route.id} color="inherit">
            {translate(`routes.${route.id}`)}
          </Typography>
        );
      })}
      {override?.before.map((crumb) => (
        <Link key={crumb.to} to={crumb.to} underline="hover" color="inherit">
          {crumb.label}
        </Link>
      ))}
      <Typography color="text.primary" aria-current="page">
        {lastLabel ?? override?.label ?? translate(`routes.${trail[last].id}`)}
      </Typography>
    </MuiBreadcrumbs>
  );
}
