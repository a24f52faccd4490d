import { DataTable } from 'react-admin';
import { ResourceList } from '../../src/components/list';

/** /desligamentos: every dismissal reason, searched, sorted and paged on the client (the list is small). */
export default function DesligamentoList() {
  return (
    <ResourceList
      primaryText={(desligamento) => desligamento.motivo}
      exportName="desligamentos"
      sort={{ field: 'motivo', order: 'ASC' }}
    >
      <DataTable.Col source="motivo" label="referencia.fields.motivo" />
    </ResourceList>
  );
}
