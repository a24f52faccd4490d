import { useEffect, useRef } from 'react';
import { useGetIdentity, useLocaleState } from 'react-admin';
import { LOCALE_OF } from '../../domain/enums';
import type { PortalIdentity } from '../../providers/authProvider';

/**
 * Once the signed-in user is known, shows the interface in the user's language (it may have been
 * changed on another device). Done once per user, so a switch in progress is never undone.
 */
export function UserLanguageSync() {
  const { identity } = useGetIdentity();
  const [locale, setLocale] = useLocaleState();
  const synced = useRef<string | number | undefined>(undefined);
  const idioma = (identity as PortalIdentity | undefined)?.idioma;

  useEffect(() => {
    if (!identity || !idioma || synced.current === identity.id) return;
    synced.current = identity.id;
    if (LOCALE_OF[idioma] !== locale) setLocale(LOCALE_OF[idioma]);
  }, [identity, idioma, locale, setLocale]);

  return null;
}
