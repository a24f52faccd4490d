import { DataTable } from 'react-admin';
import { ResourceList } from '../../src/components/list';

/** /departamentos: every department, searched, sorted and paged on the client (the list is small). */
export default function DepartamentoList() {
  return (
    <ResourceList
      primaryText={(departamento) => departamento.nome}
      secondaryText={(departamento) => departamento.sigla}
      exportName="departamentos"
      sort={{ field: 'nome', order: 'ASC' }}
    >
      <DataTable.Col source="nome" label="referencia.fields.nome" />
      <DataTable.Col source="sigla" label="referencia.fields.sigla" />
      <DataTable.Col source="assinatura" label="referencia.fields.assinatura" />
    </ResourceList>
  );
}
