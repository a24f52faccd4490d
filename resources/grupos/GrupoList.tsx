import { AutocompleteArrayInput, DataTable, ReferenceArrayInput, usePermissions } from 'react-admin';
import type { PortalPermissions } from '../../providers/authProvider';
import { ResourceList } from '../../src/components/list';
import { GrupoImpacto } from './GrupoImpacto';

const nomes = (list: { nome: string }[] = []) => list.map((item) => item.nome).join(', ');

/** /grupos: the dealer groups the user may see (the API scopes them), with their cascade on inactivation. */
export default function GrupoList() {
  const { permissions } = usePermissions<PortalPermissions | null>();
  return (
    <ResourceList
      primaryText={(g) => g.nome}
      secondaryText={(g) => nomes(g.marcas)}
      exportName="grupos"
      sort={{ field: 'nome', order: 'ASC' }}
      canCreate={permissions?.tipo !== 'DEALER_GRUPO'}
      filters={[
        <ReferenceArrayInput key="marcaIds" source="marcaIds" reference="marcas" perPage={100}>
          <AutocompleteArrayInput label="resources.grupos.fields.marcaIds" optionText="nome" />
        </ReferenceArrayInput>,
      ]}
      activeToggle={{
        nameOf: (grupo) => grupo.nome,
        consequences: (grupo, active) =>
          active ? undefined : (
            <GrupoImpacto change={{ id: grupo.id, nome: grupo.nome, marcaIds: grupo.marcaIds, active }} />
          ),
        errorMessages: { activate: 'grupos.activateError', inactivate: 'grupos.inactivateError' },
      }}
    >
      <DataTable.Col source="nome" label="grupos.fields.nome" />
      <DataTable.Col source="marcas" label="grupos.fields.marcas" disableSort render={(g) => nomes(g.marcas)} />
      <DataTable.Col source="totalDealers" label="grupos.fields.totalDealers" />
    </ResourceList>
  );
}
