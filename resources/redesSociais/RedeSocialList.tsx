import Box from '@mui/material/Box';
import { DataTable, ReferenceInput, SelectInput } from 'react-admin';
import { ResourceList } from '../../src/components/list';
import { IconePreview } from './IconePreview';

/** /redesSociais: the brands' social networks, filtered by brand; searched, sorted and paged on the client. */
export default function RedeSocialList() {
  return (
    <ResourceList
      primaryText={(rede) => rede.nome}
      secondaryText={(rede) => rede.marca?.nome}
      exportName="redesSociais"
      sort={{ field: 'marca.nome', order: 'ASC' }}
      filters={[
        <ReferenceInput
          key="marcaId"
          source="marcaId"
          reference="marcas"
          perPage={1000}
          sort={{ field: 'nome', order: 'ASC' }}
        >
          <SelectInput label="resources.redesSociais.fields.marcaId" optionText="nome" />
        </ReferenceInput>,
      ]}
    >
      <DataTable.Col source="marca.nome" label="referencia.fields.marca" />
      <DataTable.Col source="nome" label="referencia.fields.nome" />
      <DataTable.Col source="url" label="referencia.fields.url" />
      <DataTable.Col
        source="icone"
        label="referencia.fields.icone"
        render={(rede) => (
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <IconePreview icone={rede.icone} fontSize="small" color="action" />
            {rede.icone}
          </Box>
        )}
      />
    </ResourceList>
  );
}
