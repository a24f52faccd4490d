import EventBusyIcon from '@mui/icons-material/EventBusy';
import Button from '@mui/material/Button';
import { LinkBase, usePermissions, useTranslate } from 'react-admin';
import { allows, policies } from '../../domain/policies';
import type { PortalPermissions } from '../../providers/authProvider';

/** Link to the user's temporary absences, for holders of PORTAL_AUSENCIA_TEMPORARIA. */
export function AusenciaButton({ id }: { id: string | number }) {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<PortalPermissions | null>();
  if (isPending || !allows(permissions ?? null, policies.ausencias.list)) return null;
  return (
    <Button
      component={LinkBase}
      to={`/usuarios/${encodeURIComponent(String(id))}/ausencia-temporaria`}
      startIcon={<EventBusyIcon />}
    >
      {translate('routes.ausenciaTemporaria')}
    </Button>
  );
}
