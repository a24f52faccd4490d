import { DataTable } from 'react-admin';
import { ResourceList } from '../../src/components/list';

/** /marcas: every brand, searched, sorted and paged on the client (the list is small). */
export default function MarcaList() {
  return (
    <ResourceList
      primaryText={(marca) => marca.nome}
      secondaryText={(marca) => marca.descricao}
      exportName="marcas"
      sort={{ field: 'nome', order: 'ASC' }}
      activeToggle={{ nameOf: (marca) => marca.nome }}
    >
      <DataTable.Col source="nome" label="referencia.fields.nome" />
      <DataTable.Col source="descricao" label="referencia.fields.descricao" />
      <DataTable.Col source="facebookId" label="referencia.fields.facebookId" />
    </ResourceList>
  );
}
