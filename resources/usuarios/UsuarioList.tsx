import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  AutocompleteArrayInput,
  DataTable,
  ReferenceArrayInput,
  SelectArrayInput,
  useLocaleState,
  usePermissions,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatCpf } from '../../domain/documentos';
import { TIPOS_USUARIO } from '../../domain/enums';
import { allows, policies } from '../../domain/policies';
import type { PortalPermissions } from '../../providers/authProvider';
import { formatDate } from '../../src/components/format';
import { ActiveChip, activeFilter, ResourceList, YesNoFilter } from '../../src/components/list';
import { AtivacaoEspecialAction } from './AtivacaoEspecialAction';
import { DealerFilter } from './DealerFilter';
import { GrupoFilter } from './GrupoFilter';
import { UsuarioExportacao } from './UsuarioExportacao';

const nomes = (list: { nome: string }[] = []) => list.map((item) => item.nome).join(', ');
const dealerNomes = (list: { nomeExibicao: string }[] = []) => list.map((item) => item.nomeExibicao).join(', ');

/** Inactivated for inactivity, special activation: chips beside the active state. */
function SituacaoChips() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {record.inativadoPorInatividade && (
        <Chip size="small" variant="outlined" label={translate('usuarios.status.inativadoPorInatividade')} />
      )}
      {record.ativacaoEspecial && (
        <Chip size="small" color="info" variant="outlined" label={translate('usuarios.status.ativacaoEspecial')} />
      )}
    </Box>
  );
}

/**
 * /usuarios: the users the caller may see (the API scopes them). Who only views users (policy
 * usuarios.list without usuarios.edit) gets no create, edit or activate action.
 */
export default function UsuarioList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { permissions } = usePermissions<PortalPermissions | null>();
  const canEdit = allows(permissions ?? null, policies.usuarios.edit);
  const canCreate = allows(permissions ?? null, policies.usuarios.create);
  const canAtivacaoEspecial = allows(permissions ?? null, policies.usuarios.ativacaoEspecial);
  const canExport = allows(permissions ?? null, policies.usuarios.export);
  const tipoLabel = (u: RaRecord) => (u.tipo?.id ? translate(`tiposUsuario.${u.tipo.id}`) : '');
  return (
    <ResourceList
      primaryText={(u) => u.nome}
      secondaryText={(u) => [u.email, tipoLabel(u)].filter(Boolean).join(' · ')}
      sort={{ field: 'nome', order: 'ASC' }}
      canCreate={canCreate}
      canEdit={canEdit}
      toolbarActions={canExport ? <UsuarioExportacao /> : undefined}
      filters={[
        // With the activate action the list adds the active filter itself.
        ...(canEdit ? [] : [activeFilter]),
        <SelectArrayInput
          key="tipos"
          source="tipos"
          label="resources.usuarios.fields.tipos"
          choices={TIPOS_USUARIO.map((id) => ({ id, name: `tiposUsuario.${id}` }))}
        />,
        <ReferenceArrayInput key="marcaIds" source="marcaIds" reference="marcas" perPage={100}>
          <AutocompleteArrayInput label="resources.usuarios.fields.marcaIds" optionText="nome" />
        </ReferenceArrayInput>,
        <GrupoFilter key="grupoIds" source="grupoIds" label="resources.usuarios.fields.grupoIds" />,
        <DealerFilter key="dealerIds" source="dealerIds" label="resources.usuarios.fields.dealerIds" />,
        <ReferenceArrayInput key="cargoIds" source="cargoIds" reference="cargos" perPage={1000}>
          <AutocompleteArrayInput label="resources.usuarios.fields.cargoIds" optionText="nome" />
        </ReferenceArrayInput>,
        <YesNoFilter
          key="inativadoPorInatividade"
          source="inativadoPorInatividade"
          label="resources.usuarios.fields.inativadoPorInatividade"
          yes="usuarios.filtros.inatividadeSim"
          no="usuarios.filtros.inatividadeNao"
        />,
      ]}
      activeToggle={
        canEdit
          ? {
              nameOf: (usuario) => usuario.nome,
              errorMessages: { activate: 'usuarios.activateError', inactivate: 'usuarios.inactivateError' },
            }
          : undefined
      }
      rowActions={canAtivacaoEspecial ? <AtivacaoEspecialAction /> : undefined}
    >
      <DataTable.Col source="nome" label="usuarios.fields.nome" />
      <DataTable.Col source="email" label="usuarios.fields.email" />
      <DataTable.Col
        source="cpf"
        label="usuarios.fields.cpf"
        disableSort
        render={(u) => (u.cpf ? formatCpf(u.cpf) : '')}
      />
      <DataTable.Col source="tipo" label="usuarios.fields.tipo" render={tipoLabel} />
      <DataTable.Col source="marcas" label="usuarios.fields.marcas" disableSort render={(u) => nomes(u.marcas)} />
      <DataTable.Col
        source="dealers"
        label="usuarios.fields.dealers"
        disableSort
        render={(u) => dealerNomes(u.dealers)}
      />
      <DataTable.Col
        source="ultimoAcesso"
        label="usuarios.fields.ultimoAcesso"
        render={(u) => formatDate(u.ultimoAcesso, locale, { dateStyle: 'short', timeStyle: 'short' })}
      />
      {!canEdit && <DataTable.Col source="active" label="lista.status.active" render={() => <ActiveChip />} />}
      <DataTable.Col
        source="inativadoPorInatividade"
        label="usuarios.fields.situacao"
        disableSort
        render={() => <SituacaoChips />}
      />
    </ResourceList>
  );
}
