import { DataTable } from 'react-admin';
import { ResourceList } from '../../src/components/list';

/** /cargos: every position, searched, sorted and paged on the client (the list is small). */
export default function CargoList() {
  return (
    <ResourceList primaryText={(cargo) => cargo.nome} exportName="cargos" sort={{ field: 'nome', order: 'ASC' }}>
      <DataTable.Col source="nome" label="referencia.fields.nome" />
    </ResourceList>
  );
}
