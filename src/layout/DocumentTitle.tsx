import { useEffect } from 'react';
import { useLocation, useTranslate } from 'react-admin';
import { matchRoute } from '../../domain/routes';
import { useBreadcrumbLabelOverride } from '../components/breadcrumbLabel';
import { useMenuUsuarioLogado } from './useMenuUsuarioLogado';

/** The browser tab shows the current route's title (or the page's own label) and the portal name. */
export function DocumentTitle() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const override = useBreadcrumbLabelOverride();
  const portal = useMenuUsuarioLogado().data?.title;
  const match = matchRoute(pathname);
  const page = override?.label ?? (match ? translate(`routes.${match.route.id}`) : undefined);

  useEffect(() => {
    const parts = [page, portal].filter(Boolean);
    if (parts.length > 0) document.title = parts.join(' – ');
  }, [page, portal]);

  return null;
}
