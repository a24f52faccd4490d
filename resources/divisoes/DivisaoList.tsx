import { DataTable } from 'react-admin';
import { ResourceList } from '../../src/components/list';

/** /divisoes: every division, searched, sorted and paged on the client (the list is small). */
export default function DivisaoList() {
  return (
    <ResourceList primaryText={(divisao) => divisao.nome} exportName="divisoes" sort={{ field: 'nome', order: 'ASC' }}>
      <DataTable.Col source="nome" label="referencia.fields.nome" />
    </ResourceList>
  );
}
