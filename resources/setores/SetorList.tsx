import { DataTable, ReferenceInput, SelectInput } from 'react-admin';
import { ResourceList } from '../../src/components/list';

/** /setores: every sector with its division, filtered by division; searched, sorted and paged on the client. */
export default function SetorList() {
  return (
    <ResourceList
      primaryText={(setor) => setor.nome}
      secondaryText={(setor) => setor.divisao?.nome}
      exportName="setores"
      sort={{ field: 'nome', order: 'ASC' }}
      filters={[
        <ReferenceInput
          key="divisaoId"
          source="divisaoId"
          reference="divisoes"
          perPage={1000}
          sort={{ field: 'nome', order: 'ASC' }}
        >
          <SelectInput label="resources.setores.fields.divisaoId" optionText="nome" />
        </ReferenceInput>,
      ]}
    >
      <DataTable.Col source="nome" label="referencia.fields.nome" />
      <DataTable.Col source="divisao.nome" label="referencia.fields.divisao" />
    </ResourceList>
  );
}
