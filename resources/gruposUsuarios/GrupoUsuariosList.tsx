import Box from '@mui/material/Box';
import LockIcon from '@mui/icons-material/Lock';
import PublicIcon from '@mui/icons-material/Public';
import StarIcon from '@mui/icons-material/Star';
import { DataTable, usePermissions, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { allows, policies } from '../../domain/policies';
import type { PortalPermissions } from '../../providers/authProvider';
import { ResourceList, YesNoFilter } from '../../src/components/list';
import { FavoritoToggle } from './FavoritoToggle';

/** Público / Privado as an icon with its name (read by screen readers and on hover). */
function Visibilidade() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate(record.publico ? 'gruposUsuarios.publico' : 'gruposUsuarios.privado');
  const Icon = record.publico ? PublicIcon : LockIcon;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Icon fontSize="small" aria-hidden />
      {label}
    </Box>
  );
}

/**
 * /gruposUsuarios: the groups the caller reads, their favourites first (the API orders them), with
 * the star toggle, visibility, creator, how many recipients each has now, and the active toggle.
 */
export default function GrupoUsuariosList() {
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions | null>();
  const canCreate = allows(permissions ?? null, policies.gruposUsuarios.create);
  const secondary = (g: RaRecord) =>
    [
      translate(g.publico ? 'gruposUsuarios.publico' : 'gruposUsuarios.privado'),
      g.criador?.nome,
      translate('gruposUsuarios.seletor.destinatarios', { smart_count: g.totalDestinatarios ?? 0 }),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <ResourceList
      primaryText={(g) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {g.favorito && (
            <StarIcon fontSize="small" color="warning" titleAccess={translate('gruposUsuarios.fields.favorito')} />
          )}
          {g.nome}
        </Box>
      )}
      secondaryText={secondary}
      sort={{ field: 'nome', order: 'ASC' }}
      canCreate={canCreate}
      filters={[
        <YesNoFilter
          key="publico"
          source="publico"
          label="gruposUsuarios.fields.publico"
          yes="gruposUsuarios.publico"
          no="gruposUsuarios.privado"
        />,
        <YesNoFilter
          key="favorito"
          source="favorito"
          label="gruposUsuarios.fields.favorito"
          yes="gruposUsuarios.favoritos"
          no="gruposUsuarios.naoFavoritos"
        />,
      ]}
      compactActions={<FavoritoToggle />}
      activeToggle={{
        nameOf: (grupo) => grupo.nome,
        errorMessages: { activate: 'gruposUsuarios.activateError', inactivate: 'gruposUsuarios.inactivateError' },
      }}
    >
      <DataTable.Col
        source="favorito"
        label="gruposUsuarios.fields.favorito"
        disableSort
        render={() => <FavoritoToggle />}
      />
      <DataTable.Col source="nome" label="gruposUsuarios.fields.nome" />
      <DataTable.Col
        source="publico"
        label="gruposUsuarios.fields.publico"
        disableSort
        render={() => <Visibilidade />}
      />
      <DataTable.Col
        source="criador"
        label="gruposUsuarios.fields.criador"
        disableSort
        render={(g) => g.criador?.nome ?? ''}
      />
      <DataTable.Col source="totalDestinatarios" label="gruposUsuarios.fields.totalDestinatarios" disableSort />
    </ResourceList>
  );
}
