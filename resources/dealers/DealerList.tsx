import {
  AutocompleteArrayInput,
  DataTable,
  ReferenceArrayInput,
  SelectArrayInput,
  usePermissions,
  type RaRecord,
} from 'react-admin';
import { formatCnpj } from '../../domain/documentos';
import type { PortalPermissions } from '../../providers/authProvider';
import { ResourceList } from '../../src/components/list';

const nomes = (list: { nome: string }[] = []) => list.map((item) => item.nome).join(', ');
const cidadeUf = (d: RaRecord) => [d.cidade, d.estado].filter(Boolean).join(' / ');

/** /dealers: the dealers the user may see (the API scopes them by brand or by the user's own dealers). */
export default function DealerList() {
  const { permissions } = usePermissions<PortalPermissions | null>();
  return (
    <ResourceList
      primaryText={(d) => d.nomeExibicao}
      secondaryText={(d) => [formatCnpj(d.cnpj), cidadeUf(d)].filter(Boolean).join(' · ')}
      exportName="dealers"
      sort={{ field: 'nomeExibicao', order: 'ASC' }}
      canCreate={permissions?.tipo !== 'DEALER_GRUPO'}
      filters={[
        <ReferenceArrayInput key="marcaIds" source="marcaIds" reference="marcas" perPage={100}>
          <AutocompleteArrayInput label="resources.dealers.fields.marcaIds" optionText="nome" />
        </ReferenceArrayInput>,
        <ReferenceArrayInput key="grupoIds" source="grupoIds" reference="grupos" perPage={25}>
          <AutocompleteArrayInput
            label="resources.dealers.fields.grupoIds"
            optionText="nome"
            filterToQuery={(q) => ({ q })}
          />
        </ReferenceArrayInput>,
        <ReferenceArrayInput key="divisaoIds" source="divisaoIds" reference="divisoes" perPage={100}>
          <SelectArrayInput label="resources.dealers.fields.divisaoIds" optionText="nome" />
        </ReferenceArrayInput>,
      ]}
      activeToggle={{
        nameOf: (dealer) => dealer.nomeExibicao,
        errorMessages: { activate: 'dealers.activateError', inactivate: 'dealers.inactivateError' },
      }}
    >
      <DataTable.Col source="nomeExibicao" label="dealers.fields.nomeExibicao" />
      <DataTable.Col source="razaoSocial" label="dealers.fields.razaoSocial" />
      <DataTable.Col source="cnpj" label="dealers.fields.cnpj" render={(d) => formatCnpj(d.cnpj)} />
      <DataTable.Col source="codigos" label="dealers.fields.codigos" disableSort render={(d) => d.codigos.join(', ')} />
      <DataTable.Col source="cidade" label="dealers.fields.cidade" disableSort render={cidadeUf} />
      <DataTable.Col source="marcas" label="dealers.fields.marcas" disableSort render={(d) => nomes(d.marcas)} />
      <DataTable.Col source="grupos" label="dealers.fields.grupos" disableSort render={(d) => nomes(d.grupos)} />
      <DataTable.Col source="totalUsuarios" label="dealers.fields.totalUsuarios" disableSort />
    </ResourceList>
  );
}
