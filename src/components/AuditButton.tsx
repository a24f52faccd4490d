import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import { LinkBase, usePermissions, useTranslate } from 'react-admin';
import { AUDIT_POLICY_BY_TIPO, auditoriaPath, type TipoAuditoria } from '../../domain/auditoria';
import { allows, policies } from '../../domain/policies';
import type { PortalPermissions } from '../../providers/authProvider';

export interface AuditButtonProps {
  /** Kind of record, as in /auditoria/{id}/{tipo}. */
  tipo: TipoAuditoria;
  id: string | number;
}

/**
 * Link to a record's audit page (`<AuditButton tipo="DEALER" id={record.id} />`), shown only to a
 * user passing the audit route's rule and the rule of that kind of record (the API checks the
 * record's scope too). Renders nothing while the permissions load.
 */
export function AuditButton({ tipo, id }: AuditButtonProps) {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<PortalPermissions | null>();
  if (isPending || !permissions) return null;
  if (!allows(permissions, policies.auditoria.open) || !allows(permissions, AUDIT_POLICY_BY_TIPO[tipo])) {
    return null;
  }
  return (
    <Button component={LinkBase} to={auditoriaPath(tipo, id)} startIcon={<HistoryIcon />}>
      {translate('auditoria.botao')}
    </Button>
  );
}
